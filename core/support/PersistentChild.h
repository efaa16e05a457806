// SPDX-License-Identifier: MIT
#pragma once

#include "ChildProcess.h"

#include <functional>
#include <mutex>
#include <string>

namespace se {

/// A forked child process that answers requests one after another: the
/// protection of ChildProcess (a crash or a hang there leaves this process
/// intact) without a fork per request. The child is forked at the first
/// call; one that crashed, hung or asked to stop is replaced at the next.
/// Requests and answers travel over a socket pair, so a child that died
/// is an error to the caller, never a SIGPIPE.
///
/// The handler runs in the child, on the forking thread alone: like a
/// ChildProcess step it must not touch objects shared with the parent's
/// other threads (make fresh isl contexts there).
class PersistentChild {
public:
    /// One request to its answer, in the child. Setting `stop` ends the
    /// child after this answer (its memory grew too much to keep).
    using Handler = std::function<std::string(const std::string &request, bool &stop)>;

    explicit PersistentChild(Handler handle) : m_handle(std::move(handle)) { }
    ~PersistentChild();
    PersistentChild(const PersistentChild &) = delete;
    PersistentChild &operator=(const PersistentChild &) = delete;

    /// Sends `request`, waits at most `seconds` for the answer (in
    /// `output`, with Outcome::Exited and status 0). A child that crashed
    /// or timed out (it is killed) gives that outcome; Unavailable when no
    /// child could be started. Callers take turns (a mutex).
    ChildProcess::Result call(const std::string &request, double seconds);

private:
    bool start();
    void stop(bool kill);
    [[noreturn]] void serve(int fd);

    Handler m_handle;
    std::mutex m_mutex;
    int m_pid = -1;
    int m_fd = -1; ///< the parent's end of the socket pair
};

} // namespace se
