// SPDX-License-Identifier: MIT
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

namespace se::tool {

/// The backstop behind --time-limit. The limit aborts the isl context, but
/// a few isl loops never look at the abort flag (AST generation, for one);
/// a process that is still running well past the limit is ended with exit
/// status 3 rather than left to run (and grow) without bound.
class HardDeadline {
public:
    explicit HardDeadline(double seconds);
    ~HardDeadline();
    HardDeadline(const HardDeadline &) = delete;
    HardDeadline &operator=(const HardDeadline &) = delete;

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_thread;
};

} // namespace se::tool
