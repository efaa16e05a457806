// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisRequest.h"

#include "core/analysis/PipelineRequest.h"

#include <memory>

namespace se {

class SchedulePipeline;

/// A worker's SchedulePipeline (its own isl context), kept while the
/// requests keep the same kernel, fixed parameters and quota, so
/// dependences are computed once per kernel and an edit replays only
/// itself. Each worker thread holds one: isl contexts are not shared.
class RequestPipeline {
public:
    RequestPipeline();
    ~RequestPipeline();
    RequestPipeline(const RequestPipeline &) = delete;
    RequestPipeline &operator=(const RequestPipeline &) = delete;

    /// The pipeline for `request`'s kernel, made anew when it changed.
    SchedulePipeline &ensure(const AnalysisRequest &request);
    SchedulePipeline *operator->() const { return m_pipeline.get(); }

    /// The request's base schedule: the original, or its text.
    static PipelineRequest::Base base(const AnalysisRequest &request);

private:
    std::unique_ptr<SchedulePipeline> m_pipeline;
    KernelPtr m_kernel;
    ParamValues m_fixed;
    unsigned long m_quota = 0;
};

} // namespace se
