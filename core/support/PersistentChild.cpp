// SPDX-License-Identifier: MIT
#include "PersistentChild.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace se {

namespace {

constexpr std::size_t MaxMessage = std::size_t(1) << 30;

// All of `data`, or false (the other end is gone).
bool sendAll(int fd, const char *data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = send(fd, data, size, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool sendMessage(int fd, const std::string &text)
{
    const std::uint64_t size = text.size();
    return sendAll(fd, reinterpret_cast<const char *>(&size), sizeof size) && sendAll(fd, text.data(), text.size());
}

// Exactly `size` bytes before `deadline` (none: no deadline); false on
// end of file, an error or the deadline (then `late` is set).
bool receiveAll(int fd, char *data, std::size_t size, const std::chrono::steady_clock::time_point *deadline, bool &late)
{
    while (size > 0) {
        if (deadline) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
            struct pollfd p = {fd, POLLIN, 0};
            const int ready = left.count() > 0 ? poll(&p, 1, static_cast<int>(left.count())) : 0;
            if (ready < 0 && errno == EINTR)
                continue;
            if (ready == 0) {
                late = true;
                return false;
            }
            if (ready < 0)
                return false;
        }
        const ssize_t n = recv(fd, data, size, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool receiveMessage(int fd, std::string &text, const std::chrono::steady_clock::time_point *deadline, bool &late)
{
    std::uint64_t size = 0;
    if (!receiveAll(fd, reinterpret_cast<char *>(&size), sizeof size, deadline, late) || size > MaxMessage)
        return false;
    text.resize(static_cast<std::size_t>(size));
    return receiveAll(fd, text.data(), text.size(), deadline, late);
}

} // namespace

PersistentChild::~PersistentChild()
{
    stop(false);
}

bool PersistentChild::start()
{
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return false;
    const int pid = ChildProcess::forkProtected();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        close(fds[0]);
        serve(ChildProcess::keepOnly(fds[1]));
    }
    close(fds[1]);
    m_pid = pid;
    m_fd = fds[0];
    return true;
}

void PersistentChild::serve(int fd)
{
    std::string request;
    bool late = false;
    while (receiveMessage(fd, request, nullptr, late)) {
        bool stop = false;
        std::string answer;
        try {
            answer = m_handle(request, stop);
        } catch (...) {
            _exit(1);
        }
        // The first byte says whether this child goes on: the parent then
        // knows not to send it more.
        if (!sendMessage(fd, (stop ? "s" : "c") + answer) || stop)
            break;
    }
    _exit(0); // the parent closed its end, or asked us to stop: no destructors of the parent's objects
}

void PersistentChild::stop(bool kill)
{
    if (m_fd >= 0)
        close(m_fd); // the child reads end of file and exits
    m_fd = -1;
    if (m_pid > 0) {
        if (kill)
            ::kill(m_pid, SIGKILL);
        int status = 0;
        // A child that is not done in a second (a read that hangs) is killed.
        for (int k = 0; k < 1000 && waitpid(m_pid, &status, WNOHANG) == 0; ++k)
            usleep(1000);
        if (waitpid(m_pid, &status, WNOHANG) == 0) {
            ::kill(m_pid, SIGKILL);
            waitpid(m_pid, &status, 0);
        }
    }
    m_pid = -1;
}

ChildProcess::Result PersistentChild::call(const std::string &request, double seconds)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    ChildProcess::Result r;
    if (m_pid < 0 && !start())
        return r; // Unavailable
    const std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::now()
        + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
    bool late = false;
    if (sendMessage(m_fd, request) && receiveMessage(m_fd, r.output, &deadline, late) && !r.output.empty()) {
        const bool stopping = r.output.front() == 's';
        r.output.erase(0, 1);
        r.outcome = ChildProcess::Outcome::Exited;
        if (stopping)
            stop(false);
        return r;
    }
    if (late) {
        stop(true);
        r.outcome = ChildProcess::Outcome::TimedOut;
        return r;
    }
    // The child is gone: how it ended.
    close(m_fd);
    m_fd = -1;
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_pid = -1;
    r.output.clear();
    if (WIFSIGNALED(status)) {
        r.outcome = ChildProcess::Outcome::Crashed;
        r.status = WTERMSIG(status);
    } else {
        r.outcome = ChildProcess::Outcome::Exited;
        r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    }
    return r;
}

} // namespace se
