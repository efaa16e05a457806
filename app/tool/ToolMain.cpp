// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "Commands.h"
#include "ToolSession.h"
#include "core/support/InputError.h"
#include "core/support/MemoryLimit.h"
#include "core/support/MemoryLimitError.h"
#include "core/support/Utf8.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

namespace se::tool {

namespace {

using Command = std::function<int(ToolSession &)>;

const std::map<std::string, Command> &commands()
{
    static const std::map<std::string, Command> table = {
        {"check", checkCommand},     {"deps", depsCommand},       {"tree", treeCommand},
        {"codegen", codegenCommand}, {"apply", applyCommand},     {"suggest", suggestCommand},
        {"moves", movesCommand},     {"export-jscop", exportJscopCommand},
    };
    return table;
}

// The backstop behind --time-limit. The limit aborts the isl context, but
// a few isl loops never look at the abort flag (AST generation, for one);
// a process that is still running well past the limit is ended with exit
// status 3 rather than left to run (and grow) without bound.
class HardDeadline {
public:
    explicit HardDeadline(double seconds)
    {
        if (seconds <= 0)
            return;
        const auto grace = std::chrono::duration<double>(seconds + 5 + seconds / 4);
        m_thread = std::thread([this, grace] {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (!m_wake.wait_for(lock, grace, [this] { return m_done; })) {
                std::cerr << "schedule-tool: stopped: still running after the time limit (an isl step that "
                             "cannot be interrupted); raise it with --time-limit\n";
                std::cerr.flush();
                std::_Exit(ResourceLimit);
            }
        });
    }
    ~HardDeadline()
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
    HardDeadline(const HardDeadline &) = delete;
    HardDeadline &operator=(const HardDeadline &) = delete;

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_thread;
};

// The memory limit's last resort: memory kept growing past the limit in a
// step that does not stop for it (or GMP failed to allocate). Exit status 3
// with a message, never a signal or std::bad_alloc.
void memoryHardStop(std::uint64_t resident)
{
    // No heap here: this may run because an allocation failed (the sizes
    // fit std::string's in-place buffer).
    const std::string limit = MemoryLimit::text(MemoryLimit::get()), used = MemoryLimit::text(resident);
    char msg[256];
    const int n = std::snprintf(msg, sizeof msg,
                                "schedule-tool: stopped: the memory limit of %s was passed (%s in use) in a step "
                                "that cannot be interrupted (raise it with --max-memory)\n",
                                limit.c_str(), used.c_str());
    if (n > 0)
        std::fwrite(msg, 1, std::min(sizeof msg - 1, static_cast<std::size_t>(n)), stderr);
    std::fflush(stderr);
    std::_Exit(ResourceLimit);
}

int stopped(const std::string &what, const char *option)
{
    std::cerr << "schedule-tool: stopped: " << Utf8::sanitized(what) << " (raise it with " << option << ")\n";
    return ResourceLimit;
}

} // namespace

int run(int argc, char **argv)
{
    ToolOptions options;
    try {
        options = ToolOptions::parse(argc, argv);
    } catch (const UsageError &e) {
        std::cerr << "schedule-tool: " << e.what() << "\n\n" << ToolOptions::usage();
        return BadInput;
    }
    if (options.help) {
        std::cout << ToolOptions::usage();
        return Ok;
    }
    if (options.version) {
        std::cout << "schedule-tool 0.1.0\n";
        return Ok;
    }
    const auto it = commands().find(options.command);
    if (it == commands().end()) {
        std::cerr << "schedule-tool: unknown command '" << options.command << "'\n\n" << ToolOptions::usage();
        return BadInput;
    }
    const HardDeadline deadline(options.timeLimit);
    if (options.maxMemory)
        MemoryLimit::set(*options.maxMemory);
    MemoryLimit::setHardStop(memoryHardStop);
    const MemoryLimit::Watch memory(nullptr); // watched from the first byte read
    // isl is aborted only by the time and memory limits here: an abort that
    // surfaces as some other error is still a limit, not bad input.
    auto limitHit = [](const std::string &what) {
        return what.find("execution aborted") != std::string::npos;
    };
    auto aborted = [&options](const std::string &what) {
        if (MemoryLimit::passed())
            return stopped(what + " at the memory limit of " + MemoryLimit::text(MemoryLimit::get()), "--max-memory");
        char limit[32];
        std::snprintf(limit, sizeof limit, "%g", options.timeLimit);
        return stopped(what + " at the time limit of " + limit + " s", "--time-limit");
    };
    try {
        ToolSession session(options);
        return it->second(session);
    } catch (const InputError &e) {
        if (limitHit(e.what()))
            return aborted(e.what());
        std::cerr << "schedule-tool: error: " << e.what() << "\n";
        return BadInput;
    } catch (const UsageError &e) {
        std::cerr << "schedule-tool: " << e.what() << "\n";
        return BadInput;
    } catch (const MemoryLimitError &e) {
        return stopped(e.what(), "--max-memory");
    } catch (const ResourceLimitError &e) {
        return stopped(e.what(), e.limit() == ResourceLimitError::Limit::Time ? "--time-limit" : "--max-ops");
    } catch (const CancelledError &) {
        return aborted("isl was aborted");
    } catch (const std::bad_alloc &) {
        return stopped("out of memory", "--max-memory");
    } catch (const std::exception &e) {
        if (limitHit(e.what()))
            return aborted(e.what());
        // Never let a failed analysis read as "no dependence".
        std::cerr << "schedule-tool: analysis failed: " << Utf8::sanitized(e.what()) << "\n";
        return BadInput;
    }
}

} // namespace se::tool
