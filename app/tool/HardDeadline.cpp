// SPDX-License-Identifier: MIT
#include "HardDeadline.h"

#include "Commands.h"
#include "core/support/ChildProcess.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

namespace se::tool {

HardDeadline::HardDeadline(double seconds)
{
    if (seconds <= 0)
        return;
    const auto grace = std::chrono::duration<double>(seconds + 5 + seconds / 4);
    m_thread = ChildProcess::startThread([this, grace] {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (!m_wake.wait_for(lock, grace, [this] { return m_done; })) {
            std::cerr << "schedule-tool: error: stopped: still running after the time limit (an isl step that "
                         "cannot be interrupted); raise it with --time-limit\n";
            std::cerr.flush();
            std::_Exit(ResourceLimit);
        }
    });
}

HardDeadline::~HardDeadline()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

} // namespace se::tool
