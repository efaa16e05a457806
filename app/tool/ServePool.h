// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace se::tool {

class ToolSession;

/// serve's workers. A request is answered on one of up to `jobs` threads,
/// each with its own ToolSession: its own isl context and its own copy of
/// the analysis, since isl objects never cross contexts. Answers are
/// written in request order. A worker beyond the first starts only when
/// requests wait for one, so a client that sends one request at a time
/// pays for one analysis. With one job no thread is started: each request
/// is answered on the caller's thread as it is submitted (as the sanitizer
/// builds always do: ChildProcess::forkNeedsOneThread).
class ServePool {
public:
    /// One request line to one answer line; runs on a worker. Should not
    /// throw: if it does, the request gets `failure` as its answer.
    using Answer = std::function<std::string(ToolSession &, std::size_t line, const std::string &text)>;
    /// Builds a worker's own session, on that worker's thread.
    using MakeSession = std::function<std::unique_ptr<ToolSession>()>;

    ServePool(ToolSession &first, MakeSession make, unsigned jobs, Answer answer, std::string failure,
              std::ostream &out);
    ~ServePool();
    ServePool(const ServePool &) = delete;
    ServePool &operator=(const ServePool &) = delete;

    /// Queues one request; false once the output is gone (the client left).
    bool submit(std::size_t line, std::string text);
    /// Waits for every answer; false if the output failed.
    bool finish();

    /// The default number of workers: the machine's cores, at most 4 (each
    /// holds a copy of the analysis).
    static unsigned defaultJobs();
    /// The workers actually used for `asked`: one in the sanitizer builds.
    static unsigned jobsFor(unsigned asked);

private:
    struct Job {
        std::size_t seq;
        std::size_t line;
        std::string text;
    };
    void startWorker(ToolSession *session); // null: the worker makes its own
    void work(ToolSession *session);
    void deliver(std::size_t seq, std::string answer);

    ToolSession &m_first;
    MakeSession m_make;
    const unsigned m_jobs;
    Answer m_answer;
    const std::string m_failure;
    std::ostream &m_out;

    std::mutex m_mutex; // the queue and the workers' states
    std::condition_variable m_wake;
    std::condition_variable m_room; ///< submit() waits here while the queue is full
    std::deque<Job> m_queue;
    std::size_t m_idle = 0; ///< workers waiting for a request (or about to)
    std::size_t m_starting = 0; ///< workers still making their session
    std::size_t m_workers = 0; ///< workers started that have or may get a session
    bool m_noMore = false; ///< a worker could not load: start no more
    std::size_t m_nextSeq = 0;
    bool m_closed = false;
    std::vector<std::thread> m_threads;

    std::mutex m_outMutex; // the answers not yet written, and the output
    std::map<std::size_t, std::string> m_ready;
    std::size_t m_nextOut = 0;
    std::atomic<bool> m_gone{false}; ///< the output failed: the client left
};

} // namespace se::tool
