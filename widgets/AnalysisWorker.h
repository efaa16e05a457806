// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>

namespace se {

class Analyzer;
class IslContext;

/// What the GUI thread and the worker share: the newest generation asked
/// for, and the isl context of the analysis in progress (to abort it).
struct AnalysisShared {
    std::atomic<quint64> latest{0};
    std::mutex mutex;
    IslContext *running = nullptr; ///< guarded by mutex

    /// Stops the computation in progress, if any (thread-safe).
    void abortRunning();
};

/// Runs analyses on its own thread (it is moved to a QThread). It owns the
/// isl world: one Analyzer, kept while the kernel and fixed parameters stay
/// the same, so dependences are computed once per kernel. Results leave as
/// immutable snapshots; a request that is no longer the newest is skipped,
/// interrupted (`IslContext::abort`) or its result dropped.
class AnalysisWorker : public QObject {
    Q_OBJECT
public:
    explicit AnalysisWorker(std::shared_ptr<AnalysisShared> shared, QObject *parent = nullptr);
    ~AnalysisWorker() override;

public Q_SLOTS:
    void run(const se::AnalysisRequest &request);

Q_SIGNALS:
    void finished(const se::AnalysisSnapshotPtr &snapshot);
    void failed(quint64 generation, const se::AnalysisError &error);
    /// The analysis hit its quota or the user stopped it.
    void stopped(quint64 generation, const QString &reason);

private:
    AnalysisSnapshotPtr analyse(const AnalysisRequest &request);
    void ensureAnalyzer(const AnalysisRequest &request);
    bool stale(quint64 generation) const;

    std::shared_ptr<AnalysisShared> m_shared;
    std::unique_ptr<Analyzer> m_analyzer;
    KernelPtr m_kernel;
    ParamMap m_fixed;
};

} // namespace se
