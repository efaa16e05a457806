// SPDX-License-Identifier: MIT
#include "RunningScope.h"

namespace se {

RunningScope::RunningScope(AnalysisShared &shared, IslContext &ctx, Slot slot, double timeLimit)
    : m_shared(shared), m_ctx(ctx), m_slot(slot)
{
    m_ctx.setTimeLimit(timeLimit); // the clock starts now, for this run
    // Spent: an abort of an earlier computation. One meant for this one can
    // only come once it is registered below.
    m_ctx.clearAbort();
    {
        std::lock_guard<std::mutex> lock(m_shared.mutex);
        if (m_slot == Slot::Nest) {
            m_shared.runningNest = &ctx;
        } else if (m_slot == Slot::FallbackNest) {
            m_shared.runningFallbackNest = &ctx;
        } else {
            m_shared.running = &ctx;
            m_shared.runningJob = m_slot == Slot::Job;
        }
    }
    try {
        QuotaScope resume(ctx, "starting");
    } catch (...) {
        // Aborted already (a newer request came): the destructor will not
        // run, so leave nothing registered that might be freed meanwhile.
        release();
        throw;
    }
}

RunningScope::~RunningScope()
{
    release();
}

void RunningScope::release()
{
    m_ctx.setTimeLimit(0); // no watchdog between runs
    {
        std::lock_guard<std::mutex> lock(m_shared.mutex);
        if (m_slot == Slot::Nest)
            m_shared.runningNest = nullptr;
        else if (m_slot == Slot::FallbackNest)
            m_shared.runningFallbackNest = nullptr;
        else
            m_shared.running = nullptr;
    }
    m_ctx.clearAbort(); // unregistered: no abort can be meant for what follows
}

} // namespace se
