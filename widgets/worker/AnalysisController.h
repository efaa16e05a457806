// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"
#include "MovesResult.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace se {

class AnalysisWorker;
struct AnalysisShared;

/// The GUI thread's handle on the analysis worker: submits requests, makes
/// every older one stale (and aborts it if it is running), and passes on
/// only the newest result. Never blocks the GUI thread.
class AnalysisController : public QObject {
    Q_OBJECT
public:
    explicit AnalysisController(QObject *parent = nullptr);
    ~AnalysisController() override;

    /// Queues `request` (its generation is set here) and returns the generation.
    quint64 submit(AnalysisRequest request);
    /// Stops the analysis in progress; emits stopped().
    void cancel();
    /// Side jobs on the same worker (after any queued analysis); a newer
    /// job supersedes an older one, a newer analysis supersedes both.
    quint64 requestMoves(AnalysisRequest request, const std::vector<int> &node);
    quint64 requestSuggestion(AnalysisRequest request);
    bool isBusy() const { return m_busy; }
    quint64 latest() const;

Q_SIGNALS:
    void finished(const se::AnalysisSnapshotPtr &snapshot);
    /// The newest request's verdict, ahead of its finished() snapshot.
    void checked(const se::AnalysisSnapshotPtr &partial);
    void failed(quint64 generation, const se::AnalysisError &error);
    void stopped(quint64 generation, const QString &reason);
    void busyChanged(bool busy);
    void movesReady(const se::MovesResult &moves);
    /// `note`: empty, or how isl's scheduler had to be run (its option for large graphs).
    void suggestionReady(quint64 job, const QString &yaml, const QString &note);
    void jobFailed(quint64 job, const se::AnalysisError &error);

private:
    void setBusy(bool busy);
    bool current(quint64 generation) const;

    std::shared_ptr<AnalysisShared> m_shared;
    QThread m_thread;
    AnalysisWorker *m_worker = nullptr;
    quint64 m_next = 0;
    quint64 m_nextJob = 0;
    bool m_busy = false;
};

} // namespace se
