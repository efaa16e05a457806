// SPDX-License-Identifier: MIT
#include "RequestPipeline.h"

#include "core/analysis/SchedulePipeline.h"

namespace se {

RequestPipeline::RequestPipeline() = default;
RequestPipeline::~RequestPipeline() = default;

SchedulePipeline &RequestPipeline::ensure(const AnalysisRequest &r)
{
    if (m_pipeline && m_kernel == r.kernel && m_fixed == r.fixedParams && m_quota == r.quota)
        return *m_pipeline;
    m_pipeline.reset(); // its isl objects go before a new context is made
    Analyzer::Options options;
    for (const auto &[name, value] : r.fixedParams)
        options.params[name] = value;
    if (r.quota)
        options.quota = r.quota;
    options.timeLimit = r.timeLimit; // building the model, too
    m_pipeline = std::make_unique<SchedulePipeline>(r.kernel, options);
    m_kernel = r.kernel;
    m_fixed = r.fixedParams;
    m_quota = r.quota;
    return *m_pipeline;
}

PipelineRequest::Base RequestPipeline::base(const AnalysisRequest &r)
{
    return r.scheduleText.empty() ? PipelineRequest::Base::original()
                                  : PipelineRequest::Base::fromText(r.scheduleText, r.scheduleFile.toStdString());
}

} // namespace se
