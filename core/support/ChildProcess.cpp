// SPDX-License-Identifier: MIT
#include "ChildProcess.h"

#include "MemoryLimit.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace se {

namespace {

// The sanitizers reserve terabytes of address space: a memory limit would
// make the child fail at once, so it applies to plain builds only.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool LimitMemory = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool LimitMemory = false;
#else
constexpr bool LimitMemory = true;
#endif
#else
constexpr bool LimitMemory = true;
#endif

// Address space the child may add to what it inherits (a GUI parent
// already maps gigabytes of thread stacks and libraries).
constexpr rlim_t ExtraMemory = rlim_t(1) << 30;

rlim_t inheritedAddressSpace()
{
    long pages = 0;
    if (FILE *f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld", &pages) != 1)
            pages = 0;
        std::fclose(f);
    }
    return static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
}
constexpr std::size_t MaxOutput = 64 * 1024;

std::atomic<int> g_starting{0};

void waitForStartingThreads()
{
    for (int k = 0; k < 1000 && g_starting.load() > 0; ++k)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

} // namespace

int ChildProcess::forkProtected()
{
    pid_t pid = -1;
    {
        // Not while the memory watchdog allocates (MemoryLimit::pauseSampling).
        waitForStartingThreads();
        const auto paused = MemoryLimit::pauseSampling();
        pid = fork();
    }
    if (pid == 0 && LimitMemory) {
        const rlim_t limit = inheritedAddressSpace() + ExtraMemory;
        struct rlimit lim = {limit, limit};
        setrlimit(RLIMIT_AS, &lim);
    }
    return pid;
}

int ChildProcess::keepOnly(int keep)
{
    constexpr int Kept = 3;
    if (keep != Kept) {
        if (dup2(keep, Kept) < 0)
            return keep;
        close(keep);
    }
    if (close_range(Kept + 1, ~0U, 0) != 0) {
        // No close_range (an old kernel): the descriptors listed in /proc.
        const long most = sysconf(_SC_OPEN_MAX);
        for (int fd = Kept + 1; fd < (most > 0 && most < 65536 ? most : 65536); ++fd)
            close(fd);
    }
    return Kept;
}

ChildProcess::Result ChildProcess::run(const std::function<int(int fd)> &step, double seconds)
{
    Result r;
    int fds[2];
    if (pipe(fds) != 0)
        return r;
    const pid_t pid = forkProtected();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return r;
    }
    if (pid == 0) {
        close(fds[0]);
        const int fd = keepOnly(fds[1]);
        int status = 1;
        try {
            status = step(fd);
        } catch (...) {
            status = 1;
        }
        close(fd);
        _exit(status); // no destructors or atexit handlers of the parent's objects
    }
    close(fds[1]);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    bool open = true, timedOut = false;
    char buf[4096];
    while (open) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timedOut = true;
            break;
        }
        struct pollfd p = {fds[0], POLLIN, 0};
        const int n = poll(&p, 1, static_cast<int>(left.count()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            timedOut = n == 0;
            break;
        }
        const ssize_t got = read(fds[0], buf, sizeof buf);
        if (got > 0 && r.output.size() < MaxOutput)
            r.output.append(buf, static_cast<std::size_t>(got));
        open = got > 0 || (got < 0 && errno == EINTR);
    }
    close(fds[0]);
    // The pipe closes when the child exits; wait for it until the deadline.
    int status = 0;
    while (!timedOut) {
        const pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return r;
        if (std::chrono::steady_clock::now() >= deadline)
            timedOut = true;
        else
            usleep(1000);
    }
    if (timedOut) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        r.outcome = Outcome::TimedOut;
        return r;
    }
    if (WIFEXITED(status)) {
        r.outcome = Outcome::Exited;
        r.status = WEXITSTATUS(status);
    } else {
        r.outcome = Outcome::Crashed;
        r.status = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    return r;
}

bool ChildProcess::forkNeedsOneThread()
{
    return !LimitMemory; // the sanitizer builds
}

std::thread ChildProcess::startThread(std::function<void()> body)
{
    ++g_starting;
    try {
        return std::thread([body = std::move(body)] {
            --g_starting;
            body();
        });
    } catch (...) {
        --g_starting;
        throw;
    }
}

} // namespace se
