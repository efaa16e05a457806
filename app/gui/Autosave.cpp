// SPDX-License-Identifier: MIT
#include "Autosave.h"

#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"
#include "widgets/document/Explorer.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

namespace se {

namespace {

constexpr const char *Magic = "schedule-explorer";
const QString Suffix = QStringLiteral(".session.json");

QString lockPath(const QString &file)
{
    return file + QStringLiteral(".lock");
}

// A lock held by a live process, ours included. Locks are held for a
// whole session, so age must not make them stale: only a dead owner does.
std::unique_ptr<QLockFile> tryLock(const QString &file)
{
    auto lock = std::make_unique<QLockFile>(lockPath(file));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return nullptr;
    return lock;
}

} // namespace

Autosave::Autosave(Explorer *explorer, QObject *parent) : QObject(parent), m_explorer(explorer)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::write);
    connect(explorer, &Explorer::documentChanged, this, &Autosave::onDocumentChanged);
    connect(explorer, &Explorer::snapshotChanged, this, [this] {
        // Only the newest request's snapshot arrives, so the restored
        // document (or a change made after it) was accepted.
        if (m_held) {
            m_held = false;
            onDocumentChanged();
        }
    });
    connect(explorer, &Explorer::analysisFailed, this, [this](const AnalysisError &e) {
        if (!m_held)
            return;
        // The Explorer fell back to the original schedule: the file is now
        // the only copy of the work. Move it aside so it is never overwritten.
        const QString kept = QFileInfo(m_file).absoluteDir().filePath(
            QFileInfo(m_file).fileName().chopped(Suffix.size()) + QStringLiteral(".unrestored-")
            + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + Suffix);
        const QString from = m_file;
        m_held = false;
        unlock();
        m_file.clear();
        const QString where = QFile::rename(from, kept) ? kept : from;
        Q_EMIT restoreFailed(where, e.message.isEmpty() ? e.fault : e.message);
        onDocumentChanged();
    });
}

Autosave::~Autosave()
{
    if (m_dirty && !m_held)
        write();
    // m_lock unlocks as it goes; the file stays for the next run to offer.
}

QString Autosave::directory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString Autosave::fileFor(const QString &kernelPath)
{
    const QByteArray h = QCryptographicHash::hash(kernelPath.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return directory() + QLatin1Char('/') + QString::fromLatin1(h) + Suffix;
}

QByteArray Autosave::digest(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result().toHex();
}

bool Autosave::read(const QString &file, AutosaveRecord *out, QString *error)
{
    try {
        const nlohmann::json doc = KernelLoader::parseJson(readTextFile(file), file.toStdString());
        if (!doc.is_object() || !doc.contains("autosave") || doc["autosave"] != Magic)
            throw InputError(file.toStdString(), "autosave", "not a schedule-explorer autosave");
        if (!doc.contains("version") || doc["version"] != 1)
            throw InputError(file.toStdString(), "version", "unsupported autosave version (expected 1)");
        if (!doc.contains("session"))
            throw InputError(file.toStdString(), "session", "the session is missing");
        AutosaveRecord r;
        r.file = QFileInfo(file).absoluteFilePath();
        r.session = Session::fromJson(doc["session"], file);
        const auto text = [&](const char *key) {
            return doc.contains(key) && doc[key].is_string() ? QString::fromStdString(doc[key].get<std::string>())
                                                             : QString();
        };
        r.savedAt = QDateTime::fromString(text("saved_at"), Qt::ISODate);
        if (!r.savedAt.isValid())
            r.savedAt = QFileInfo(file).lastModified();
        r.kernelSha256 = text("kernel_sha256").toLatin1();
        r.sessionFile = text("session_file");
        *out = std::move(r);
        return true;
    } catch (const std::exception &e) { // InputError, or nlohmann on a mistyped value
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

void Autosave::setDelays(int debounceMs, int maxDelayMs)
{
    m_debounceMs = debounceMs;
    m_maxDelayMs = std::max(debounceMs, maxDelayMs);
}

void Autosave::onDocumentChanged()
{
    const QString kernel = m_explorer->kernel() ? m_explorer->session().kernelPath : QString();
    if (kernel != m_kernelPath) {
        // Another document replaced this one: its work was saved or, when
        // asked, discarded. A restored file still waiting for its check stays.
        if (m_held) {
            m_held = false;
            unlock();
            m_file.clear();
        } else {
            removeOwn();
        }
        m_kernelPath = kernel;
    }
    if (m_held)
        return;
    if (!m_explorer->isModified()) {
        removeOwn(); // saved, or undone back to what was saved
        return;
    }
    const Session &now = m_explorer->session();
    // documentChanged also follows every snapshot: only a real change counts.
    if (now == m_captured && m_explorer->sessionPath() == m_capturedSessionFile && (m_dirty || !m_file.isEmpty()))
        return;
    m_captured = now;
    m_capturedSessionFile = m_explorer->sessionPath();
    schedule();
}

void Autosave::schedule()
{
    if (!m_dirty) {
        m_dirty = true;
        m_firstDirty.start();
    }
    const qint64 left = m_maxDelayMs - m_firstDirty.elapsed();
    m_timer.start(static_cast<int>(std::clamp<qint64>(left, 0, m_debounceMs)));
}

void Autosave::flush()
{
    if (m_dirty && !m_held)
        write();
}

bool Autosave::lockFile(const QString &file)
{
    m_lock = tryLock(file);
    return m_lock != nullptr;
}

void Autosave::write()
{
    m_timer.stop();
    if (!m_dirty || m_held)
        return;
    if (m_file.isEmpty()) {
        if (!QDir().mkpath(directory())) {
            Q_EMIT message(tr("Autosave: cannot create %1").arg(directory()));
            return;
        }
        m_file = fileFor(m_captured.kernelPath);
        // Another live instance works on the same kernel: a file of our own.
        if (!lockFile(m_file)) {
            m_file =
                m_file.chopped(Suffix.size()) + QStringLiteral("-%1").arg(QCoreApplication::applicationPid()) + Suffix;
            lockFile(m_file);
        }
    }
    nlohmann::json doc;
    doc["autosave"] = Magic;
    doc["version"] = 1;
    doc["saved_at"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    doc["kernel_sha256"] = digest(m_captured.kernelPath).toStdString();
    doc["session_file"] = m_capturedSessionFile.toStdString();
    doc["session"] = m_captured.toJson(QString()); // absolute kernel path
    QString error;
    if (!writeTextFile(m_file, QByteArray::fromStdString(doc.dump(1) + "\n"), &error)) {
        if (!m_failing)
            Q_EMIT message(tr("Autosave failed: %1").arg(error));
        m_failing = true;
        return; // still dirty: the next change tries again
    }
    m_failing = false;
    m_dirty = false;
    Q_EMIT written(m_file);
}

void Autosave::discard()
{
    m_timer.stop();
    m_dirty = false;
    if (!m_held)
        removeOwn();
}

void Autosave::removeOwn()
{
    m_timer.stop();
    m_dirty = false;
    m_captured = Session{};
    m_capturedSessionFile.clear();
    if (m_file.isEmpty())
        return;
    QFile::remove(m_file);
    unlock();
    m_file.clear();
}

void Autosave::unlock()
{
    m_lock.reset(); // QLockFile's destructor unlocks
}

QStringList Autosave::leftovers(const QString &kernelPath) const
{
    QDir dir(directory());
    QStringList out;
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*") + Suffix}, QDir::Files, QDir::Time);
    for (const QFileInfo &f : files) {
        const QString path = f.absoluteFilePath();
        if (path == QFileInfo(m_file).absoluteFilePath() && !m_file.isEmpty())
            continue;
        if (!tryLock(path))
            continue; // a live instance's work
        if (!kernelPath.isEmpty()) {
            AutosaveRecord r;
            if (!read(path, &r, nullptr) || r.session.kernelPath != kernelPath)
                continue;
        }
        out << path;
    }
    return out;
}

void Autosave::adopt(const QString &file)
{
    m_timer.stop();
    m_dirty = false;
    if (m_file != file) {
        if (!m_file.isEmpty())
            removeOwn(); // the document it held was replaced (after maybeSave)
        m_file = file;
        lockFile(file); // best effort: if another instance won the race, so be it
    }
    m_kernelPath = m_explorer->kernel() ? m_explorer->session().kernelPath : QString();
    m_captured = Session{}; // the first change after the check writes
    m_capturedSessionFile.clear();
    m_held = true;
}

} // namespace se
