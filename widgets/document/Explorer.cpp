// SPDX-License-Identifier: MIT
#include "Explorer.h"

#include "widgets/worker/AnalysisController.h"
#include "EditCommand.h"
#include "ScheduleCommand.h"
#include "Selection.h"
#include "core/edit/EditScript.h"
#include "core/interop/JscopKernel.h"
#include "core/interop/JscopReader.h"
#include "core/interop/KernelSource.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QUndoStack>

#include <algorithm>

namespace se {

namespace {

// The schedule part of `from` on top of everything else of `base`.
Session withSchedule(Session base, const Session &from)
{
    base.scheduleText = from.scheduleText;
    base.scheduleFile = from.scheduleFile;
    base.edits = from.edits;
    base.assumeNoDep = from.assumeNoDep;
    return base;
}

QString absolute(const QString &path)
{
    return path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
}

} // namespace

Explorer::Explorer(QObject *parent)
    : QObject(parent), m_controller(new AnalysisController(this)), m_selection(new Selection(this)),
      m_undo(new QUndoStack(this)), m_watcher(new QFileSystemWatcher(this)), m_fonts(FigureFonts::defaults())
{
    m_spaceQuery.enabled = false; // until a view shows it
    connect(m_controller, &AnalysisController::finished, this, &Explorer::onFinished);
    connect(m_controller, &AnalysisController::checked, this, &Explorer::verdictReady);
    connect(m_controller, &AnalysisController::failed, this, &Explorer::onFailed);
    connect(m_controller, &AnalysisController::stopped, this, [this](quint64 generation, const QString &reason) {
        m_pending.reset();
        const bool onlyNest = m_snapshot && m_snapshot->nestPending && m_snapshot->generation == generation;
        settleNest(tr("the analysis was stopped before it was generated (%1)").arg(reason));
        if (m_mapWanted) // a map on its way was stopped too
            settleMap(tr("the analysis was stopped before it was made (%1)").arg(reason));
        if (onlyNest)
            return; // the verdict and every other view are complete
        Q_EMIT analysisStopped(reason);
    });
    connect(m_controller, &AnalysisController::busyChanged, this, &Explorer::busyChanged);
    connect(m_controller, &AnalysisController::mapReady, this, &Explorer::installMap);
    connect(m_controller, &AnalysisController::movesReady, this, [this](const MovesResult &m) {
        if (m.generation == m_movesJob && !m_movesDropped) // not a list nobody waits for any more
            Q_EMIT movesReady(m);
    });
    connect(m_controller, &AnalysisController::repairReady, this, [this](const RepairResult &r) {
        if (r.job != m_repairJob)
            return;
        if (r.edits.empty()) {
            Q_EMIT repairFinished(false, r.reason);
            return;
        }
        applyEdits(r.edits, tr("Repair (%1): %2").arg(r.goal, r.summary));
        Q_EMIT repairFinished(true, r.summary);
    });
    connect(m_controller, &AnalysisController::jobFailed, this, [this](quint64 job, const AnalysisError &e) {
        if (job == m_movesJob) {
            if (!m_movesDropped)
                Q_EMIT movesFailed(e); // the moves panel says it stopped, and why
        } else if (job == m_repairJob) {
            Q_EMIT repairFinished(false, e.message);
        } else
            Q_EMIT suggesting(false);
        Q_EMIT jobFailed(e);
    });
    connect(m_controller, &AnalysisController::suggestionReady, this,
            [this](quint64, const QString &yaml, const QString &note) {
                Q_EMIT suggesting(false);
                Session after = m_session;
                after.scheduleText = yaml.toStdString();
                after.scheduleFile = tr("isl's scheduler");
                after.edits.clear();
                // The history says when isl's option for large graphs made it.
                change(after,
                       note.isEmpty() ? tr("Suggested schedule (isl scheduler)")
                                      : tr("Suggested schedule (isl scheduler, components in sequence: %1)").arg(note));
            });
    connect(m_undo, &QUndoStack::indexChanged, this, &Explorer::documentChanged);
    // Editors save by replacing the file: wait for the dust to settle.
    m_reloadTimer.setSingleShot(true);
    m_reloadTimer.setInterval(300);
    connect(&m_reloadTimer, &QTimer::timeout, this, &Explorer::reloadKernel);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { m_reloadTimer.start(); });
}

Explorer::~Explorer() = default;

bool Explorer::isBusy() const
{
    return m_controller->isBusy();
}

bool Explorer::isModified() const
{
    return m_kernel && m_session != m_saved;
}

KernelPtr Explorer::readKernel(const QString &path)
{
    // C and C++ go through clang and Polly; a JSCoP opens as a kernel.
    const std::string p = path.toStdString();
    if (KernelSource::isC(p))
        return KernelSource::load(p); // the SCoP File > Open chose (KernelSource::rememberScop)
    const std::string text = readTextFile(path);
    if (JscopReader::looksLikeJscop(text, p))
        return JscopKernel::fromDocument(JscopReader::parse(text, p), text, p);
    return KernelLoader::loadText(text, p);
}

bool Explorer::openKernel(const QString &path, QString *error, const QString &scheduleFile, const QString &editsFile)
{
    KernelPtr kernel;
    Session s;
    try {
        kernel = readKernel(path);
        if (!scheduleFile.isEmpty()) {
            s.scheduleText = readTextFile(scheduleFile);
            s.scheduleFile = absolute(scheduleFile);
        }
        if (!editsFile.isEmpty()) {
            const EditScript script = EditScript::fromJson(
                KernelLoader::parseJson(readTextFile(editsFile), editsFile.toStdString()), editsFile.toStdString());
            script.checkKernel(kernel->name, editsFile.toStdString());
            s.edits = script.edits;
            s.assumeNoDep = script.assumeNoDep;
        }
    } catch (const InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    s.kernelPath = absolute(path);
    start(kernel, s, QString());
    return true;
}

void Explorer::start(const KernelPtr &kernel, const Session &session, const QString &sessionPath)
{
    m_kernel = kernel;
    m_shownKernel.reset();
    m_session = session;
    m_saved = session;
    m_sessionPath = sessionPath;
    m_undo->clear();
    m_pending.reset();
    m_selection->clear();
    watch(m_session.kernelPath);
    submit();
    Q_EMIT documentChanged();
}

bool Explorer::loadSchedule(const QString &path, QString *error)
{
    if (!m_kernel)
        return false;
    Session after = m_session;
    try {
        after.scheduleText = readTextFile(path);
    } catch (const InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    after.scheduleFile = absolute(path);
    after.edits.clear();
    change(after, tr("Load schedule %1").arg(QFileInfo(path).fileName()));
    return true;
}

void Explorer::resetSchedule()
{
    if (!m_kernel)
        return;
    Session after = m_session;
    after.scheduleText.clear();
    after.scheduleFile.clear();
    after.edits.clear();
    if (after != m_session)
        change(after, tr("Reset to the original schedule"));
}

bool Explorer::loadSession(const QString &path, QString *error)
{
    Session s;
    KernelPtr kernel;
    try {
        s = Session::load(path);
        kernel = readKernel(s.kernelPath);
    } catch (const InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    start(kernel, s, absolute(path));
    return true;
}

bool Explorer::saveSession(const QString &path, QString *error)
{
    if (!m_kernel)
        return false;
    if (!m_session.save(path, error))
        return false;
    m_saved = m_session;
    m_sessionPath = absolute(path);
    Q_EMIT documentChanged();
    return true;
}

void Explorer::relocateKernel(const QString &path)
{
    m_session.kernelPath = absolute(path);
    m_shownSession.kernelPath = m_session.kernelPath;
    watch(m_session.kernelPath);
    Q_EMIT documentChanged();
}

void Explorer::applyEdit(const Edit &edit)
{
    if (!m_kernel)
        return;
    Session after = m_session;
    after.edits.push_back(edit);
    change(after, QString::fromStdString(edit.describe()));
    m_pending->edits = {edit}; // undone by dropping it again, not by a copy of the session
}

void Explorer::applyEdits(const std::vector<Edit> &edits, const QString &text)
{
    if (!m_kernel || edits.empty())
        return;
    Session after = m_session;
    after.edits.insert(after.edits.end(), edits.begin(), edits.end());
    change(after, text);
    m_pending->edits = edits;
}

void Explorer::repairSchedule(const QString &goal, const std::vector<int> &node)
{
    if (!m_kernel)
        return;
    Q_EMIT repairing();
    m_repairJob = m_controller->requestRepair(request(), goal, node);
}

bool Explorer::loadEdits(const QString &path, QString *error)
{
    if (!m_kernel)
        return false;
    Session after = m_session;
    try {
        const EditScript script =
            EditScript::fromJson(KernelLoader::parseJson(readTextFile(path), path.toStdString()), path.toStdString());
        script.checkKernel(m_kernel->name, path.toStdString());
        after.edits = script.edits;
        after.assumeNoDep = script.assumeNoDep; // the overrides the edits were judged under
    } catch (const InputError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    change(after, tr("Load edits %1").arg(QFileInfo(path).fileName()));
    return true;
}

std::string Explorer::editScriptText() const
{
    EditScript script;
    script.kernel = m_kernel ? m_kernel->name : std::string();
    script.edits = m_session.edits;
    script.assumeNoDep = m_session.assumeNoDep;
    return script.toJson().dump(2) + "\n";
}

void Explorer::dropMoves()
{
    m_movesDropped = true;
}

void Explorer::requestMoves(const std::vector<int> &node)
{
    if (m_kernel) {
        m_movesJob = m_controller->requestMoves(request(), node);
        m_movesDropped = false;
    }
}

void Explorer::suggestSchedule()
{
    if (!m_kernel)
        return;
    Q_EMIT suggesting(true);
    m_controller->requestSuggestion(request());
}

void Explorer::setFixedParams(const ParamValues &fixed)
{
    if (!m_kernel || fixed == m_session.fixedParams)
        return;
    m_session.fixedParams = fixed;
    submit();
    Q_EMIT documentChanged();
}

void Explorer::setMode(DepMode mode)
{
    if (!m_kernel || mode == m_session.mode)
        return;
    m_session.mode = mode;
    submit();
    Q_EMIT documentChanged();
}

void Explorer::cancel()
{
    m_controller->cancel();
}

void Explorer::refresh()
{
    if (m_kernel)
        submit();
}

AnalysisRequest Explorer::request() const
{
    AnalysisRequest r;
    r.kernel = m_kernel;
    r.kernelFile = m_session.kernelPath;
    r.fixedParams = m_session.fixedParams;
    r.mode = m_session.mode;
    r.scheduleText = m_session.scheduleText;
    r.scheduleFile = m_session.scheduleFile.isEmpty() ? tr("the session's schedule") : m_session.scheduleFile;
    r.edits = m_session.edits;
    r.fonts = m_fonts;
    r.lenientEdits = m_reloading;
    r.quota = m_quota;
    r.timeLimit = m_timeLimit;
    r.assumeNoDep = m_session.assumeNoDep;
    r.space = m_spaceQuery;
    r.nest = m_nestWanted;
    r.graph = m_graphWanted;
    r.map = m_mapWanted;
    return r;
}

void Explorer::submit()
{
    m_controller->submit(request());
}

void Explorer::change(const Session &after, const QString &text)
{
    const Session before = m_session;
    m_session = after;
    submit();
    m_pending = Change{m_controller->latest(), before, text, {}};
    Q_EMIT documentChanged();
}

void Explorer::applyScheduleState(const Session &from)
{
    m_pending.reset();
    m_session = withSchedule(m_session, from);
    submit();
}

void Explorer::applyEditState(std::size_t keep, const Edit *edit)
{
    m_pending.reset();
    m_session.edits.resize(std::min(keep, m_session.edits.size()));
    if (edit)
        m_session.edits.push_back(*edit);
    submit();
}

void Explorer::settleNest(const QString &why)
{
    if (!m_snapshot || !(m_snapshot->nestPending || m_snapshot->nestDeferred))
        return;
    auto settled = std::make_shared<AnalysisSnapshot>(*m_snapshot);
    settled->nestPending = false;
    settled->nestDeferred = false;
    settled->nestError = "no loop nest: " + why.toStdString();
    m_snapshot = settled;
    Q_EMIT nestReady(m_snapshot);
}

void Explorer::onFinished(const AnalysisSnapshotPtr &snapshot)
{
    if (m_snapshot && m_snapshot->nestPending && !snapshot->nestPending
        && m_snapshot->generation == snapshot->generation) {
        m_snapshot = snapshot; // the same analysis, now with its loop nest
        Q_EMIT nestReady(snapshot);
        if (snapshot->mapDeferred && m_mapWanted)
            requestMap();
        return;
    }
    if (m_reloading) {
        m_reloading = false;
        if (!snapshot->droppedEdits.empty()) {
            // The changed kernel keeps only the edits that still apply.
            m_session.edits = snapshot->edits;
            m_undo->clear();
            QStringList dropped;
            for (const auto &d : snapshot->droppedEdits)
                dropped << QString::fromStdString(d);
            Q_EMIT kernelReloaded(tr("The kernel changed; these edits no longer apply and were dropped: %1")
                                      .arg(dropped.join(QStringLiteral("; "))));
        }
    }
    const AnalysisSnapshotPtr before = m_snapshot;
    m_snapshot = snapshot;
    m_shownSession = m_session;
    m_shownKernel = m_kernel;
    if (m_pending && m_pending->generation == snapshot->generation) {
        const Change c = *m_pending;
        m_pending.reset();
        for (std::size_t k = 0; k < c.edits.size(); ++k)
            m_undo->push(new EditCommand(this, c.edits[k], c.before.edits.size() + k,
                                         c.edits.size() == 1 ? c.text : QString::fromStdString(c.edits[k].describe())));
        if (c.edits.empty())
            m_undo->push(new ScheduleCommand(this, c.before, m_session, c.text));
    }
    Q_EMIT snapshotChanged(snapshot);
    // The nest was left out, but its view was shown meanwhile.
    if (snapshot->nestDeferred && m_nestWanted)
        requestNest();
    if (snapshot->graphDeferred && m_graphWanted)
        requestGraph();
    if (snapshot->mapDeferred && m_mapWanted)
        requestMap();
    // After the views have the new snapshot: an old violation's outline or
    // index must not outlive the schedule it belonged to.
    m_selection->follow(before.get(), *snapshot);
    Q_EMIT documentChanged();
}

void Explorer::onFailed(quint64 generation, const AnalysisError &error)
{
    m_pending.reset();
    if (m_reloading || !m_shownKernel) {
        // The kernel itself is new (opened or changed on disk): keep it, with
        // its original schedule, rather than go back to another kernel.
        m_reloading = false;
        m_fellBack = false;
        if (!m_session.scheduleText.empty() || !m_session.edits.empty()) {
            const bool unchanged = m_session == m_saved;
            m_session = withSchedule(m_session, Session{});
            // What was opened could not be used; nothing the user did is
            // unsaved (the window must not claim "unsaved edits").
            if (unchanged)
                m_saved = m_session;
            m_undo->clear();
            m_fellBack = true;
            submit();
        }
    } else {
        m_fellBack = false;
        m_session = m_shownSession; // roll back: what is shown stays right
        m_kernel = m_shownKernel;
        if (m_snapshot && m_snapshot->nestPending) {
            if (generation != m_snapshot->generation)
                submit(); // the rejected change cut its nest short: generate it again
            else
                settleNest(error.message);
        } else if (m_snapshot && m_snapshot->mapDeferred && m_mapWanted) {
            requestMap(); // the rejected change cut the shown one's map short
        }
    }
    Q_EMIT analysisFailed(error);
    Q_EMIT documentChanged();
}

void Explorer::watch(const QString &path)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!path.startsWith(QLatin1Char(':')))
        m_watcher->addPath(path);
}

void Explorer::reloadKernel()
{
    const QString path = m_session.kernelPath;
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return;
    watch(path); // a file replaced on save drops out of the watcher
    if (!QFileInfo::exists(path)) {
        Q_EMIT kernelReloaded(tr("%1 disappeared; keeping the loaded kernel").arg(path));
        return;
    }
    try {
        m_kernel = readKernel(path);
    } catch (const InputError &e) {
        Q_EMIT kernelReloaded(tr("The kernel changed on disk but does not load; keeping the loaded one.\n%1")
                                  .arg(QString::fromStdString(e.what())));
        return;
    }
    m_reloading = true;
    m_pending.reset();
    submit();
    Q_EMIT kernelReloaded(tr("Reloaded %1").arg(QFileInfo(path).fileName()));
}

} // namespace se
