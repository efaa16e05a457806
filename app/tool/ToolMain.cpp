// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "Commands.h"
#include "ToolSession.h"
#include "core/support/InputError.h"

#include <chrono>
#include <condition_variable>
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
    try {
        ToolSession session(options);
        return it->second(session);
    } catch (const InputError &e) {
        std::cerr << "schedule-tool: error: " << e.what() << "\n";
        return BadInput;
    } catch (const UsageError &e) {
        std::cerr << "schedule-tool: " << e.what() << "\n";
        return BadInput;
    } catch (const ResourceLimitError &e) {
        std::cerr << "schedule-tool: stopped: " << e.what()
                  << (e.limit() == ResourceLimitError::Limit::Time ? " (raise it with --time-limit)"
                                                                    : " (raise the limit with --max-ops)")
                  << "\n";
        return ResourceLimit;
    } catch (const std::exception &e) {
        // Never let a failed analysis read as "no dependence".
        std::cerr << "schedule-tool: analysis failed: " << e.what() << "\n";
        return BadInput;
    }
}

} // namespace se::tool
