// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <string>
#include <thread>

namespace se {

/// Runs one step in a forked child process, for library calls that can
/// hang or crash on some inputs and cannot be validated completely
/// beforehand (isl 0.25's YAML reader loops forever on some malformed
/// trees, ignoring quotas and aborts). The parent waits at most `seconds`
/// and then kills the child; a crash or a hang in the child leaves the
/// parent intact. Outside the sanitizers the child may map at most 1 GB
/// more than it inherits, so a runaway step fails early there.
///
/// The step gets a file descriptor to write a short message to (the
/// parent returns it in `output`) and returns the child's exit status.
/// It must not touch objects shared with other threads of the parent: only
/// the forking thread exists in the child (make a fresh isl context there).
class ChildProcess {
public:
    enum class Outcome { Exited, Crashed, TimedOut, Unavailable };
    struct Result {
        Outcome outcome = Outcome::Unavailable;
        int status = 0; ///< exit status (Exited) or signal (Crashed)
        std::string output; ///< what the step wrote, at most 64 KB
    };

    static Result run(const std::function<int(int fd)> &step, double seconds);

    /// fork() with run()'s precautions: not while one of the process's own
    /// threads starts or the memory watchdog samples, and in the child
    /// (return value 0) the address-space cap applied. For PersistentChild.
    static int forkProtected();
    /// In a forked child: closes every descriptor but 0-2 and `keep`, which
    /// it returns renumbered. A child must not hold the pipes of children
    /// other threads fork at the same time: their parents would wait for
    /// an end of file that a long-lived child (PersistentChild) never gives.
    static int keepOnly(int keep);

    /// Starts one of the process's own helper threads (a watchdog). A fork
    /// waits (a second at most) while one is starting: a child forked while a
    /// thread starts can inherit an allocator lock that thread holds (GCC 12's
    /// AddressSanitizer does not lock around fork) and hang at its first
    /// allocation, as schedule-tool's YAML read did about once in fifty runs
    /// under load.
    static std::thread startThread(std::function<void()> body);

    /// True in AddressSanitizer builds: GCC 12's allocator there is not
    /// locked around fork, so a child forked while another thread of the
    /// parent allocates can hang at its first allocation. Callers that
    /// would run analyses on several threads (serve's workers) stay on one.
    static bool forkNeedsOneThread();
};

} // namespace se
