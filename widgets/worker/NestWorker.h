// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"
#include "RequestPipeline.h"
#include "NestResult.h"
#include "RunningScope.h"

#include <QObject>

#include <memory>

namespace se {

struct AnalysisShared;
class SchedulePipeline;

/// Makes the loop nest of each analysis request on a thread of its own,
/// while AnalysisWorker makes every other view: isl's AST generation is the
/// longest step after an edit on big kernels, and the two share nothing
/// but the request. It owns a second isl world (a SchedulePipeline of its
/// own, kept while the kernel and fixed parameters stay, with no
/// dependences computed), since an isl context is not shared between
/// threads. A request that is no longer the newest is skipped or
/// interrupted, as the analysis is.
class NestWorker : public QObject {
    Q_OBJECT
public:
    /// `slot`: where it registers its isl context for Stop.
    NestWorker(std::shared_ptr<AnalysisShared> shared, RunningScope::Slot slot, QObject *parent = nullptr);
    ~NestWorker() override;

public Q_SLOTS:
    void run(const se::AnalysisRequest &request);
    /// Only the flat schedule map of `request`'s schedule (the isl tab
    /// shown after its nest came without it).
    /// `again`: the second try after an interruption (the last one).
    void map(const se::AnalysisRequest &request, bool again = false);

Q_SIGNALS:
    /// The nest, or why there is none; never for a stale request.
    void finished(const se::NestResult &nest);
    /// The map of generation `generation`, or a line saying why there is none.
    void mapReady(quint64 generation, const QString &map);

private:
    /// Fills `out` step by step: what was made stays when a later step throws.
    void generate(const AnalysisRequest &request, NestResult &out);

    std::shared_ptr<AnalysisShared> m_shared;
    RunningScope::Slot m_slot;
    RequestPipeline m_pipeline;
};

} // namespace se
