// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"
#include "RequestPipeline.h"
#include "MovesResult.h"
#include "RepairResult.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>

namespace isl {
class schedule;
}

namespace se {

class GraphLayoutMemo;
class IslContext;
class SchedulePipeline;
struct PipelineRequest;

/// What the GUI thread and the workers share: the newest generation asked
/// for (analyses, and side jobs: legal moves, suggestions), and the isl
/// contexts of the computations in progress (to abort them).
struct AnalysisShared {
    std::atomic<quint64> latest{0}; ///< analyses (and their loop nests)
    std::atomic<quint64> latestJob{0}; ///< moves and suggestions
    std::mutex mutex;
    IslContext *running = nullptr; ///< the analysis worker's; guarded by mutex
    bool runningJob = false; ///< guarded by mutex
    IslContext *runningNest = nullptr; ///< the nest worker's; guarded by mutex
    IslContext *runningFallbackNest = nullptr; ///< the fallback nest worker's; guarded by mutex

    /// Stops the computation in progress, if any (thread-safe); with
    /// `jobsOnly`, only a side job.
    void abortRunning(bool jobsOnly = false);
};

/// Runs analyses on its own thread (it is moved to a QThread). It owns its
/// isl world: one SchedulePipeline, kept while the kernel and fixed
/// parameters stay the same, so dependences are computed once per kernel
/// and an edit replays only itself. The worker adds the threading and the
/// cancellation, and turns the pipeline's result into an immutable
/// snapshot with its figures, every view but the loop nest (NestWorker
/// makes that on the other core at the same time); a request that is no
/// longer the newest is skipped, interrupted (`IslContext::abort`) or its
/// result dropped.
class AnalysisWorker : public QObject {
    Q_OBJECT
public:
    explicit AnalysisWorker(std::shared_ptr<AnalysisShared> shared, QObject *parent = nullptr);
    ~AnalysisWorker() override;

public Q_SLOTS:
    void run(const se::AnalysisRequest &request);
    /// The legal moves at `node` of the request's schedule.
    void evaluateMoves(const se::AnalysisRequest &request, quint64 job, const std::vector<int> &node);
    /// isl's scheduler on the request's kernel; the tree as isl YAML.
    void suggest(const se::AnalysisRequest &request, quint64 job);
    /// Repair::find toward `goal` ("legal", "permutable", "parallel") at
    /// `node` (empty with legal: wherever the first dependence breaks).
    void repair(const se::AnalysisRequest &request, quint64 job, const QString &goal, const std::vector<int> &node);

Q_SIGNALS:
    /// Every view but the loop nest (`nestPending`): the controller adds it;
    /// or every view, the nest left out (`nestDeferred`: not wanted).
    void finished(const se::AnalysisSnapshotPtr &snapshot);
    /// After finished() with the nest pending: a copy of that snapshot for
    /// the controller to put the nest into (made here, off the GUI thread:
    /// not cheap on tiled_matmul_64).
    void draftReady(const se::AnalysisSnapshotDraft &draft);
    void failed(quint64 generation, const se::AnalysisError &error);
    /// The analysis hit its quota or the user stopped it.
    void stopped(quint64 generation, const QString &reason);
    void movesReady(const se::MovesResult &moves);
    /// `note`: empty, or how isl's scheduler had to be run (its option for large graphs).
    void suggestionReady(quint64 job, const QString &yaml, const QString &note);
    void repairReady(const se::RepairResult &repair);
    /// The verdict of a request, ahead of its full snapshot (the views'
    /// figures and the loop nest take longer on big kernels).
    void checked(const se::AnalysisSnapshotPtr &partial);
    void jobFailed(quint64 job, const se::AnalysisError &error);

private:
    AnalysisSnapshotPtr analyse(const AnalysisRequest &request);
    /// The pipeline's request for `request`.
    PipelineRequest pipelineRequest(const AnalysisRequest &request) const;
    /// The base schedule with the request's edits applied.
    isl::schedule schedule(const AnalysisRequest &request);
    bool stale(quint64 generation) const;
    bool staleJob(quint64 job) const;
    template <typename F> void runJob(const AnalysisRequest &request, quint64 job, F &&body);

    std::shared_ptr<AnalysisShared> m_shared;
    RequestPipeline m_pipeline;
    std::unique_ptr<GraphLayoutMemo> m_graphLayout; ///< the dependence graph's last layout
};

} // namespace se
