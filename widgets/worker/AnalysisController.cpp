// SPDX-License-Identifier: MIT
#include "AnalysisController.h"

#include "AnalysisWorker.h"
#include "NestWorker.h"
#include "RunningScope.h"

#include <QTimer>

namespace se {

AnalysisController::AnalysisController(Options options, QObject *parent)
    : QObject(parent), m_shared(std::make_shared<AnalysisShared>()), m_options(options)
{
    qRegisterMetaType<AnalysisSnapshotPtr>();
    qRegisterMetaType<AnalysisSnapshotDraft>();
    qRegisterMetaType<AnalysisError>();
    qRegisterMetaType<AnalysisRequest>();
    qRegisterMetaType<MovesResult>();
    qRegisterMetaType<RepairResult>();
    qRegisterMetaType<NestResult>();
    m_thread.setObjectName(QStringLiteral("analysis"));
    m_worker = new AnalysisWorker(m_shared);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Results cross back by queued connection; a result may be overtaken by
    // a newer request while in flight, so check the generation again here.
    connect(m_worker, &AnalysisWorker::finished, this, &AnalysisController::onViews);
    connect(m_worker, &AnalysisWorker::draftReady, this, [this](const AnalysisSnapshotDraft &draft) {
        if (!m_draftComing || !m_views || draft->generation != m_views->generation)
            return;
        m_draft = draft;
        m_draftComing = false;
        tryComplete();
    });
    connect(m_worker, &AnalysisWorker::checked, this, [this](const AnalysisSnapshotPtr &s) {
        if (current(s->generation))
            Q_EMIT checked(s);
    });
    connect(m_worker, &AnalysisWorker::failed, this, [this](quint64 g, const AnalysisError &e) {
        if (!current(g))
            return;
        forgetPending();
        setBusy(false);
        Q_EMIT failed(g, e);
    });
    connect(m_worker, &AnalysisWorker::stopped, this, [this](quint64 g, const QString &reason) {
        if (!current(g))
            return;
        forgetPending();
        setBusy(false);
        Q_EMIT stopped(g, reason);
    });
    connect(m_worker, &AnalysisWorker::movesReady, this, [this](const MovesResult &m) {
        if (m.generation == m_shared->latestJob.load())
            Q_EMIT movesReady(m);
    });
    connect(m_worker, &AnalysisWorker::repairReady, this, [this](const RepairResult &r) {
        if (r.job == m_shared->latestJob)
            Q_EMIT repairReady(r);
    });
    connect(m_worker, &AnalysisWorker::suggestionReady, this,
            [this](quint64 job, const QString &yaml, const QString &note) {
                if (job == m_shared->latestJob.load())
                    Q_EMIT suggestionReady(job, yaml, note);
            });
    connect(m_worker, &AnalysisWorker::jobFailed, this, [this](quint64 job, const AnalysisError &e) {
        if (job == m_shared->latestJob.load())
            Q_EMIT jobFailed(job, e);
    });
    m_thread.start();

    m_nestThread.setObjectName(QStringLiteral("loop nest"));
    m_nestWorker = new NestWorker(m_shared, RunningScope::Slot::Nest);
    m_nestWorker->moveToThread(&m_nestThread);
    connect(&m_nestThread, &QThread::finished, m_nestWorker, &QObject::deleteLater);
    connect(m_nestWorker, &NestWorker::finished, this, &AnalysisController::onNest);
    connect(m_nestWorker, &NestWorker::mapReady, this, &AnalysisController::onMap);
    // The nest runs on whatever core the analysis and the GUI leave idle
    // (SCHED_IDLE on Linux): at normal priority it took the GUI thread's
    // turn and the verdict came much later (tst_applatency). On a machine
    // busy with other work an idle thread may not run at all: a second nest
    // worker on the analysis thread, at normal priority, takes over when
    // the nest is not there a while after the views (m_nestGrace).
    m_nestThread.start(QThread::IdlePriority);
    m_fallbackNest = new NestWorker(m_shared, RunningScope::Slot::FallbackNest);
    m_fallbackNest->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_fallbackNest, &QObject::deleteLater);
    connect(m_fallbackNest, &NestWorker::finished, this, &AnalysisController::onNest);
    connect(m_fallbackNest, &NestWorker::mapReady, this, &AnalysisController::onMap);
    m_nestGrace = new QTimer(this);
    m_nestGrace->setSingleShot(true);
    m_nestGrace->setInterval(m_options.nestGraceMs);
    connect(m_nestGrace, &QTimer::timeout, this, [this] {
        if (m_views && m_request && m_request->generation == m_views->generation) {
            m_fallbackFor = m_views->generation;
            QMetaObject::invokeMethod(
                m_fallbackNest, [w = m_fallbackNest, r = *m_request] { w->run(r); }, Qt::QueuedConnection);
        }
    });
}

void AnalysisController::forgetPending()
{
    m_deferred.reset();
    m_draft.reset();
    m_draftComing = false;
    m_views.reset();
    m_nest.reset();
    m_nestGrace->stop();
}

void AnalysisController::onViews(const AnalysisSnapshotPtr &views)
{
    if (!current(views->generation))
        return;
    if (views->nestDeferred) {
        // Nothing shows the nest: done without it, made when asked for.
        m_deferred = views;
        m_completed = views->generation;
        setBusy(false);
        Q_EMIT finished(views);
        return;
    }
    Q_EMIT finished(views); // every view but the nest, now
    m_views = views;
    m_draftComing = true;
    if (!m_nest || m_nest->generation != views->generation)
        m_nestGrace->start();
    tryComplete();
}

void AnalysisController::abortFallbackNest()
{
    std::lock_guard<std::mutex> lock(m_shared->mutex);
    if (m_shared->runningFallbackNest)
        m_shared->runningFallbackNest->abort();
}

void AnalysisController::onNest(const NestResult &nest)
{
    if (!current(nest.generation) || nest.generation == m_completed)
        return;
    // The idle thread, starved on a busy machine, may reach the time limit
    // while the fallback still works: its nest is the one to wait for.
    if (!nest.fallback && !nest.error.empty() && m_fallbackFor == nest.generation)
        return;
    m_nest = nest; // the other views may still be on their way
    tryComplete();
}

void AnalysisController::tryComplete()
{
    if (!m_views || !m_nest || m_nest->generation != m_views->generation || m_draftComing)
        return;
    m_nestGrace->stop();
    m_completed = m_views->generation; // a second nest of it (the fallback's) is dropped
    abortFallbackNest(); // nobody waits for it, and it holds the analysis thread
    // The worker's copy when there is one (a nest asked for later has none).
    AnalysisSnapshotDraft full =
        m_draft && m_draft->generation == m_views->generation ? m_draft : std::make_shared<AnalysisSnapshot>(*m_views);
    const NestResult nest = std::move(*m_nest);
    m_nestByFallback = nest.fallback;
    m_views.reset();
    m_nest.reset();
    m_draft.reset();
    full->nestPending = false;
    full->nestDeferred = false;
    full->nestText = nest.text;
    full->nestC = nest.c;
    full->nestKernelJson = nest.kernelJson;
    full->scheduleMap = nest.scheduleMap;
    full->mapDeferred = nest.mapDeferred;
    full->nestError = nest.error;
    setBusy(false);
    Q_EMIT finished(full);
}

AnalysisController::~AnalysisController()
{
    m_shared->latest = ++m_next; // everything queued is stale now
    m_shared->latestJob = ++m_nextJob;
    m_shared->abortRunning();
    m_thread.quit();
    m_nestThread.quit();
    m_thread.wait();
    m_nestThread.wait();
}

quint64 AnalysisController::latest() const
{
    return m_shared->latest.load();
}

bool AnalysisController::current(quint64 generation) const
{
    return generation == m_shared->latest.load();
}

quint64 AnalysisController::submit(AnalysisRequest request)
{
    request.generation = ++m_next;
    m_shared->latest = request.generation;
    m_shared->latestJob = ++m_nextJob; // moves of the old schedule are moot too
    m_shared->abortRunning(); // the running analysis is stale: stop it now
    forgetPending();
    m_request = request;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request] { w->run(request); }, Qt::QueuedConnection);
    if (m_options.nestThread && request.nest)
        QMetaObject::invokeMethod(
            m_nestWorker, [w = m_nestWorker, request] { w->run(request); }, Qt::QueuedConnection);
    setBusy(true);
    return request.generation;
}

bool AnalysisController::generateNest(bool map)
{
    if (!m_deferred || !m_request || m_request->generation != m_deferred->generation)
        return false;
    // The same path as a nest that came late: the views wait for it, the
    // idle thread makes it, the analysis thread after the grace.
    m_request->nest = true;
    m_request->map = map;
    m_views = m_deferred;
    m_deferred.reset();
    m_draftComing = false; // no copy from the worker: made here, once
    m_completed = 0;
    m_fallbackFor = 0;
    const AnalysisRequest request = *m_request;
    if (m_options.nestThread)
        QMetaObject::invokeMethod(
            m_nestWorker, [w = m_nestWorker, request] { w->run(request); }, Qt::QueuedConnection);
    m_nestGrace->start();
    setBusy(true);
    return true;
}

bool AnalysisController::generateMap(quint64 generation)
{
    if (!m_request || m_request->generation != generation || !current(generation))
        return false;
    AnalysisRequest request = *m_request;
    request.map = true;
    // The worker that made the nest has the schedule replayed already (the
    // idle thread, or the analysis thread's when that one stood in for it:
    // the idle thread may not get to run at all).
    NestWorker *w = m_options.nestThread && !m_nestByFallback ? m_nestWorker : m_fallbackNest;
    QMetaObject::invokeMethod(
        w, [w, request] { w->map(request); }, Qt::QueuedConnection);
    return true;
}

void AnalysisController::onMap(quint64 generation, const QString &map)
{
    if (current(generation))
        Q_EMIT mapReady(generation, map);
}

void AnalysisController::yieldFallbackNest()
{
    // A side job asked for now goes first: a fallback nest in its way is
    // stopped, and tried again after the grace if the nest is still missing.
    abortFallbackNest();
    if (m_views && m_fallbackFor == m_views->generation)
        m_nestGrace->start();
}

quint64 AnalysisController::requestMoves(AnalysisRequest request, const std::vector<int> &node)
{
    const quint64 job = ++m_nextJob;
    m_shared->latestJob = job;
    m_shared->abortRunning(true);
    yieldFallbackNest();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, job, node] { w->evaluateMoves(request, job, node); }, Qt::QueuedConnection);
    return job;
}

quint64 AnalysisController::requestRepair(AnalysisRequest request, const QString &goal, const std::vector<int> &node)
{
    const quint64 job = ++m_nextJob;
    m_shared->latestJob = job;
    m_shared->abortRunning(true);
    yieldFallbackNest();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, job, goal, node] { w->repair(request, job, goal, node); },
        Qt::QueuedConnection);
    return job;
}

quint64 AnalysisController::requestSuggestion(AnalysisRequest request)
{
    const quint64 job = ++m_nextJob;
    m_shared->latestJob = job;
    m_shared->abortRunning(true);
    yieldFallbackNest();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, request, job] { w->suggest(request, job); }, Qt::QueuedConnection);
    return job;
}

void AnalysisController::cancel()
{
    if (!m_busy)
        return;
    const quint64 stoppedGeneration = m_shared->latest.load();
    m_shared->latest = ++m_next;
    m_shared->latestJob = ++m_nextJob;
    m_shared->abortRunning();
    forgetPending();
    setBusy(false);
    Q_EMIT stopped(stoppedGeneration, QStringLiteral("stopped by the user"));
}

void AnalysisController::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace se
