// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class QWidget;

namespace se {

class Autosave;
class Explorer;

/// Crash recovery: the autosaves a run that died left behind, offered at
/// start (Restore / Discard / Later) and restored as one undo step per edit
/// onto the kernel they were made on. What it needs of the window comes in
/// as a Host, so the window's other parts stay its own.
class AutosaveRecovery : public QObject {
    Q_OBJECT
public:
    struct Host {
        std::function<void(const QString &title, const QString &html)> showError;
        std::function<bool()> maybeSave; ///< false when the user cancels
        std::function<void(const QString &path)> addRecent;
        std::function<void(const QString &text)> showMessage;
        std::function<bool()> interactive; ///< false: no message boxes (tests)
    };

    AutosaveRecovery(QWidget *window, Explorer *explorer, Autosave *autosave, Host host);

    /// Autosave files a dead run left behind (of `kernelPath` if given).
    QStringList leftovers(const QString &kernelPath = {}) const;
    /// Reopens an autosave's kernel with its schedule, edits (undoable one
    /// by one), parameters and overrides; the file stays until the work is
    /// saved. False, with the file kept, when the kernel is gone.
    bool restore(const QString &file);
    /// Asks, for each leftover, Restore / Discard / Later (interactive only;
    /// one put off is asked again only when its kernel is opened).
    void offer(const QString &kernelPath = {});

private:
    QWidget *m_window;
    Explorer *m_explorer;
    Autosave *m_autosave;
    Host m_host;
    QStringList m_later; ///< leftovers the user put off this run
};

} // namespace se
