// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"
#include "MovesResult.h"
#include "RepairResult.h"
#include "NestResult.h"

#include <QObject>
#include <QThread>

class QTimer;

#include <memory>
#include <optional>

namespace se {

class AnalysisWorker;
class NestWorker;
struct AnalysisShared;

/// The GUI thread's handle on the workers: submits each request to both
/// the analysis worker (every view but the loop nest) and the nest worker
/// (the loop nest, on the other core), makes every older one stale (and
/// aborts it if it is running), and passes on only the newest result: the
/// views as soon as they are there (`nestPending`), then the same snapshot
/// with its nest. Never blocks the GUI thread.
class AnalysisController : public QObject {
    Q_OBJECT
public:
    struct Options {
        /// The loop nest on its own idle-priority thread (else only on the
        /// analysis thread, after the grace below).
        bool nestThread = true;
        /// How long after the views the nest may take on the idle thread
        /// before the analysis thread makes it too.
        int nestGraceMs = 1500;
    };
    explicit AnalysisController(QObject *parent = nullptr) : AnalysisController(Options{}, parent) { }
    explicit AnalysisController(Options options, QObject *parent = nullptr);
    ~AnalysisController() override;

    /// Queues `request` (its generation is set here) and returns the generation.
    quint64 submit(AnalysisRequest request);
    /// Stops the analysis in progress; emits stopped().
    void cancel();
    /// Side jobs on the same worker (after any queued analysis); a newer
    /// job supersedes an older one, a newer analysis supersedes both.
    quint64 requestMoves(AnalysisRequest request, const std::vector<int> &node);
    quint64 requestSuggestion(AnalysisRequest request);
    /// A repair toward `goal` (legal, permutable, parallel) at `node`.
    quint64 requestRepair(AnalysisRequest request, const QString &goal, const std::vector<int> &node);
    /// The newest analysis's loop nest, when it was left out (its request
    /// did not want it): a snapshot of the same generation with the nest
    /// follows. False when there is nothing to make.
    /// `map`: with the isl tab's flat map (that tab shown now).
    bool generateNest(bool map);
    /// The flat schedule map of analysis `generation`, when its nest came
    /// without it (its request did not want it): mapReady follows. False
    /// when `generation` is not the newest analysis.
    bool generateMap(quint64 generation);
    bool isBusy() const { return m_busy; }
    quint64 latest() const;

Q_SIGNALS:
    void finished(const se::AnalysisSnapshotPtr &snapshot);
    /// generateMap's map (or a line saying why there is none).
    void mapReady(quint64 generation, const QString &map);
    /// The newest request's verdict, ahead of its finished() snapshot.
    void checked(const se::AnalysisSnapshotPtr &partial);
    void failed(quint64 generation, const se::AnalysisError &error);
    void stopped(quint64 generation, const QString &reason);
    void busyChanged(bool busy);
    void movesReady(const se::MovesResult &moves);
    /// `note`: empty, or how isl's scheduler had to be run (its option for large graphs).
    void suggestionReady(quint64 job, const QString &yaml, const QString &note);
    void repairReady(const se::RepairResult &repair);
    void jobFailed(quint64 job, const se::AnalysisError &error);

private:
    void setBusy(bool busy);
    bool current(quint64 generation) const;
    void onViews(const AnalysisSnapshotPtr &views);
    void onNest(const NestResult &nest);
    void onMap(quint64 generation, const QString &map);
    /// Drops the halves of a request that will not be completed.
    void forgetPending();
    void abortFallbackNest();
    void yieldFallbackNest();
    /// Emits the views snapshot with the nest in it once both (and the
    /// views' draft, if one is coming) are there; not busy any more.
    void tryComplete();

    std::shared_ptr<AnalysisShared> m_shared;
    QThread m_thread;
    AnalysisWorker *m_worker = nullptr;
    QThread m_nestThread;
    NestWorker *m_nestWorker = nullptr;
    /// The newest request's half that came first, waiting for the other.
    AnalysisSnapshotPtr m_views;
    std::optional<NestResult> m_nest;
    /// m_views's copy from the worker, to complete without a copy here.
    AnalysisSnapshotDraft m_draft;
    bool m_draftComing = false; ///< the worker sends m_views's draft
    std::optional<AnalysisRequest> m_request; ///< the newest (for the fallback nest)
    bool m_nestByFallback = false; ///< the last nest completed was the analysis thread's
    quint64 m_completed = 0; ///< the newest generation whose nest is in
    /// The newest views, completed without their nest (not wanted then).
    AnalysisSnapshotPtr m_deferred;
    quint64 m_fallbackFor = 0; ///< the generation the fallback nest was started for
    /// The same nest on the analysis thread, when the idle one has not run.
    NestWorker *m_fallbackNest = nullptr;
    QTimer *m_nestGrace = nullptr;
    Options m_options;
    quint64 m_next = 0;
    quint64 m_nextJob = 0;
    bool m_busy = false;
};

} // namespace se
