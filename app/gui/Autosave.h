// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/document/Session.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

class QLockFile;

namespace se {

class Explorer;

/// One autosave file as read back: the session it holds and what it was
/// taken from.
struct AutosaveRecord {
    QString file;
    Session session;
    QDateTime savedAt; ///< UTC
    QByteArray kernelSha256; ///< hex digest of the kernel file when saved
    QString sessionFile; ///< the session the work started from (may be empty)
    int editCount() const { return static_cast<int>(session.edits.size()); }
};

/// Writes the open document's unsaved work to
/// `AppDataLocation/autosave/<hash of the kernel path>.session.json` a short
/// time after each change, so a crash or a kill loses at most a few seconds.
/// The file is removed once the work is saved, undone back to the saved
/// state, discarded, or the window closes cleanly; it stays when the process
/// dies. A QLockFile next to it tells a live instance's file from one a dead
/// run left behind (leftovers()).
///
/// ```json
/// { "autosave": "schedule-explorer", "version": 1, "saved_at": "2026-12-02T23:30:00Z",
///   "kernel_sha256": "…", "session_file": "", "session": { "session": "schedule-explorer", ... } }
/// ```
class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(Explorer *explorer, QObject *parent = nullptr);
    /// Writes pending work and unlocks; the file stays (the work is unsaved).
    ~Autosave() override;

    static QString directory();
    /// The file for a kernel (when no other live instance holds it).
    static QString fileFor(const QString &kernelPath);
    /// Hex SHA-256 of a file (also `:/` resources); empty if unreadable.
    static QByteArray digest(const QString &path);
    /// Reads an autosave file; false with `error` set.
    static bool read(const QString &file, AutosaveRecord *out, QString *error);

    /// Waits `debounceMs` after the last change, but never more than
    /// `maxDelayMs` after the first unwritten one (2 s and 10 s by default).
    void setDelays(int debounceMs, int maxDelayMs);
    /// The file this run writes for the open document (empty if none yet).
    const QString &currentFile() const { return m_file; }
    /// Writes pending work now.
    void flush();
    /// The work was saved or deliberately dropped (a clean close): removes
    /// this run's file. A restored file not yet checked stays.
    void discard();
    /// Autosave files no live instance holds, newest first; only those of
    /// `kernelPath` when given. This run's own file is never one.
    QStringList leftovers(const QString &kernelPath = {}) const;
    /// After restoring `file` into the Explorer: take it over, but touch it
    /// only once the restored document has been checked. If the check fails,
    /// the file is renamed aside (never removed) and restoreFailed() says so.
    void adopt(const QString &file);

Q_SIGNALS:
    void written(const QString &file);
    /// A write failed (once per failure streak), or a note for the status bar.
    void message(const QString &text);
    /// The restored work did not apply; `keptFile` holds it.
    void restoreFailed(const QString &keptFile, const QString &reason);

private:
    void onDocumentChanged();
    void schedule();
    void write();
    void removeOwn();
    void unlock();
    bool lockFile(const QString &file);

    Explorer *m_explorer;
    QTimer m_timer;
    QElapsedTimer m_firstDirty; ///< since the first unwritten change
    int m_debounceMs = 2000;
    int m_maxDelayMs = 10000;

    QString m_kernelPath; ///< the document tracked
    QString m_file; ///< this run's file for it (empty until written or adopted)
    std::unique_ptr<QLockFile> m_lock;
    bool m_held = false; ///< an adopted file waits for its check
    bool m_dirty = false; ///< m_captured not yet written
    bool m_failing = false;
    // What to write, captured at the change: the destructor runs after the
    // Explorer is gone.
    Session m_captured;
    QString m_capturedSessionFile;
    QByteArray m_capturedDigest;
};

} // namespace se
