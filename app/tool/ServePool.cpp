// SPDX-License-Identifier: MIT
#include "ServePool.h"

#include "ToolSession.h"
#include "core/support/ChildProcess.h"

#include <algorithm>
#include <system_error>

namespace se::tool {

ServePool::ServePool(ToolSession &first, MakeSession make, unsigned jobs, Answer answer, std::string failure,
                     std::ostream &out)
    : m_first(first), m_make(std::move(make)), m_jobs(std::max(1u, jobsFor(jobs))), m_answer(std::move(answer)),
      m_failure(std::move(failure)), m_out(out)
{
    if (m_jobs == 1)
        return; // answered in submit()
    std::lock_guard<std::mutex> lock(m_mutex);
    startWorker(&m_first);
}

ServePool::~ServePool()
{
    finish();
}

unsigned ServePool::defaultJobs()
{
    return std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
}

unsigned ServePool::jobsFor(unsigned asked)
{
    // Reading a YAML tree forks a child (isl's reader can hang): in the
    // sanitizer builds that is only safe with one thread.
    return ChildProcess::forkNeedsOneThread() ? 1 : asked;
}

void ServePool::startWorker(ToolSession *session)
{
    ++m_starting;
    ++m_workers;
    try {
        m_threads.emplace_back([this, session] { work(session); });
    } catch (const std::system_error &) { // no thread: the others answer
        --m_starting;
        --m_workers;
        m_noMore = true;
        if (m_workers == 0)
            throw;
    }
}

bool ServePool::submit(std::size_t line, std::string text)
{
    if (m_jobs == 1) {
        std::string answer;
        try {
            answer = m_answer(m_first, line, text);
        } catch (...) {
            answer = m_failure;
        }
        deliver(m_nextSeq++, std::move(answer));
        return !m_gone;
    }
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        // Back-pressure: a client that sends everything at once waits here
        // (stdin stays unread) instead of the queue holding all its text.
        const std::size_t most = 4 * static_cast<std::size_t>(m_jobs);
        m_room.wait(lock, [&] { return m_queue.size() < most || m_gone || (m_noMore && m_workers == 0); });
        m_queue.push_back({m_nextSeq++, line, std::move(text)});
        // Another worker only when this request would wait.
        if (m_queue.size() > m_idle + m_starting && m_workers < m_jobs && !m_noMore)
            startWorker(nullptr);
    }
    m_wake.notify_one();
    return !m_gone;
}

bool ServePool::finish()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_closed = true;
    }
    m_wake.notify_all();
    for (auto &t : m_threads)
        if (t.joinable())
            t.join();
    m_threads.clear();
    return !m_gone;
}

void ServePool::work(ToolSession *session)
{
    std::unique_ptr<ToolSession> own;
    if (!session) {
        try {
            own = m_make();
        } catch (...) {
            // A worker that cannot load (memory) leaves its requests to the others.
        }
        session = own.get();
    }
    std::unique_lock<std::mutex> lock(m_mutex);
    --m_starting;
    if (!session) {
        --m_workers;
        m_noMore = true; // another would fail the same way
        return;
    }
    ++m_idle;
    for (;;) {
        m_wake.wait(lock, [this] { return !m_queue.empty() || m_closed || m_gone; });
        if (m_gone)
            m_queue.clear(); // nobody reads the answers
        if (m_queue.empty()) {
            --m_idle;
            return; // closed (or the client left), nothing left
        }
        Job job = std::move(m_queue.front());
        m_queue.pop_front();
        --m_idle;
        lock.unlock();
        m_room.notify_one();
        std::string answer;
        try {
            answer = m_answer(*session, job.line, job.text);
        } catch (...) {
            answer = m_failure;
        }
        // Idle before the client can see the answer: a client that sends
        // its next request at once must not start another worker.
        lock.lock();
        ++m_idle;
        lock.unlock();
        deliver(job.seq, std::move(answer));
        lock.lock();
    }
}

void ServePool::deliver(std::size_t seq, std::string answer)
{
    std::lock_guard<std::mutex> lock(m_outMutex);
    m_ready.emplace(seq, std::move(answer));
    for (auto it = m_ready.find(m_nextOut); it != m_ready.end(); it = m_ready.find(m_nextOut)) {
        if (!m_gone) {
            m_out << it->second << "\n";
            m_out.flush();
            if (!m_out.good()) {
                m_gone = true;
                { // the workers drop what is queued (set before they wait again)
                    std::lock_guard<std::mutex> state(m_mutex);
                }
                m_wake.notify_all();
                m_room.notify_all();
            }
        }
        m_ready.erase(it);
        ++m_nextOut;
    }
}

} // namespace se::tool
