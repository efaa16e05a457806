// SPDX-License-Identifier: MIT
#include "ToolSession.h"

#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleReader.h"

namespace se::tool {

ToolSession::ToolSession(const ToolOptions &options) : m_options(options)
{
    Analyzer::Options ao;
    ao.params = options.params;
    if (options.maxOps)
        ao.quota = *options.maxOps;
    m_analyzer = std::make_unique<Analyzer>(KernelLoader::loadFile(options.kernel), ao);
}

const isl::schedule &ToolSession::schedule()
{
    if (!m_schedule) {
        if (m_options.schedule.empty())
            m_schedule = m_analyzer->originalSchedule();
        else
            m_schedule = ScheduleReader::readFile(model(), m_options.schedule);
    }
    return *m_schedule;
}

std::string ToolSession::scheduleSource() const
{
    std::string s = m_options.schedule.empty() ? "the original schedule" : "the schedule " + m_options.schedule;
    if (!m_options.edits.empty())
        s += " with the edits of " + m_options.edits;
    return s;
}

} // namespace se::tool
