// SPDX-License-Identifier: MIT
#include "MemoryLimit.h"

#include "ChildProcess.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <malloc.h>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace se {

namespace {

constexpr std::uint64_t Unset = ~std::uint64_t(0);
// Often enough that isl, at its fastest growth, passes the limit by a few
// MB at most; a read of /proc/self/statm is cheap.
constexpr auto Interval = std::chrono::milliseconds(10);
// Long enough for a stopped computation to unwind (freeing a map of
// millions of entries takes seconds on a loaded machine, and freed memory
// mostly stays resident).
constexpr auto HardStopAfter = std::chrono::seconds(10);

std::atomic<std::uint64_t> g_limit{Unset};
std::atomic<bool> g_passed{false};
std::atomic<MemoryLimit::HardStop> g_hardStop{nullptr};
std::atomic<pid_t> g_hardStopPid{0};

MemoryLimit::HardStop hardStop()
{
    return g_hardStopPid.load() == ::getpid() ? g_hardStop.load() : nullptr;
}

std::uint64_t readNumber(const char *path)
{
    std::uint64_t v = 0;
    if (FILE *f = std::fopen(path, "r")) {
        unsigned long long x = 0;
        if (std::fscanf(f, "%llu", &x) == 1)
            v = x;
        std::fclose(f);
    }
    return v;
}

// The process-wide watchdog: one thread, started with the first Watch,
// asleep while nothing is watched, joined when the program ends.
class Monitor {
public:
    static Monitor &instance()
    {
        static Monitor m;
        return m;
    }

    std::uint64_t add(std::function<void()> f)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const std::uint64_t id = ++m_nextId;
        m_watches.emplace(id, Entry{std::move(f)});
        if (!m_thread.joinable())
            m_thread = ChildProcess::startThread([this] { loop(); });
        m_wake.notify_all();
        return id;
    }

    std::unique_lock<std::mutex> pause() { return std::unique_lock<std::mutex>(m_mutex); }

    void remove(std::uint64_t id)
    {
        // Callbacks run under the mutex: once this returns none is running.
        std::lock_guard<std::mutex> lock(m_mutex);
        m_watches.erase(id);
    }

    ~Monitor()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    struct Entry {
        std::function<void()> onExceeded;
    };

    void loop()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        std::chrono::steady_clock::time_point overSince{};
        bool over = false;
        while (!m_stop) {
            if (m_watches.empty()) {
                over = false;
                m_wake.wait(lock, [this] { return m_stop || !m_watches.empty(); });
                continue;
            }
            m_wake.wait_for(lock, Interval, [this] { return m_stop; });
            if (m_stop)
                break;
            const std::uint64_t limit = MemoryLimit::get();
            const std::uint64_t rss = limit ? MemoryLimit::residentBytes() : 0;
            if (limit == 0 || rss <= limit) {
                over = false;
                continue;
            }
            const auto now = std::chrono::steady_clock::now();
            if (!over)
                overSince = now;
            over = true;
            g_passed = true;
            // Every sample while over: a watcher that resumed its work
            // (memory seemed back) is stopped again if it grows on.
            for (auto &[id, e] : m_watches)
                if (e.onExceeded)
                    e.onExceeded();
            if (const auto stop = hardStop(); stop && (rss > limit + limit / 4 || now - overSince > HardStopAfter))
                stop(rss);
        }
    }

    Monitor() = default;

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::thread m_thread;
    std::map<std::uint64_t, Entry> m_watches;
    std::uint64_t m_nextId = 0;
    bool m_stop = false;
};

} // namespace

std::uint64_t MemoryLimit::machineBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long size = sysconf(_SC_PAGESIZE);
    std::uint64_t bytes = pages > 0 && size > 0 ? std::uint64_t(pages) * std::uint64_t(size) : 0;
    // A container's limit ("max" reads as no number: no limit).
    for (const char *path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        const std::uint64_t cg = readNumber(path);
        if (cg > 0 && (bytes == 0 || cg < bytes))
            bytes = cg;
    }
    return bytes;
}

std::uint64_t MemoryLimit::defaultLimit()
{
    return machineBytes() / 2;
}

void MemoryLimit::set(std::uint64_t bytes)
{
    g_limit = bytes;
}

std::uint64_t MemoryLimit::get()
{
    std::uint64_t v = g_limit.load();
    if (v == Unset) {
        std::uint64_t expected = Unset;
        g_limit.compare_exchange_strong(expected, defaultLimit());
        v = g_limit.load();
    }
    return v;
}

std::unique_lock<std::mutex> MemoryLimit::pauseSampling()
{
    return Monitor::instance().pause();
}

std::uint64_t MemoryLimit::residentBytes()
{
    // The second field of statm: resident pages.
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[128];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    unsigned long long size = 0, resident = 0;
    if (std::sscanf(buf, "%llu %llu", &size, &resident) != 2)
        return 0;
    return std::uint64_t(resident) * std::uint64_t(sysconf(_SC_PAGESIZE));
}

bool MemoryLimit::over()
{
    const std::uint64_t limit = get();
    if (limit == 0)
        return false;
    if (residentBytes() <= limit)
        return false;
    malloc_trim(0);
    return residentBytes() > limit;
}

bool MemoryLimit::passed()
{
    return g_passed;
}

void MemoryLimit::setHardStop(HardStop stop)
{
    g_hardStopPid = ::getpid();
    g_hardStop = stop;
}

void MemoryLimit::outOfMemory()
{
    if (const auto stop = hardStop())
        stop(residentBytes());
    std::abort();
}

std::string MemoryLimit::text(std::uint64_t bytes)
{
    constexpr std::uint64_t MB = std::uint64_t(1) << 20, GB = std::uint64_t(1) << 30;
    char buf[32];
    if (bytes >= GB)
        std::snprintf(buf, sizeof buf, "%.3g GB", double(bytes) / double(GB));
    else
        std::snprintf(buf, sizeof buf, "%llu MB", static_cast<unsigned long long>((bytes + MB / 2) / MB));
    return buf;
}

std::optional<std::uint64_t> MemoryLimit::parse(const std::string &text)
{
    if (text.empty())
        return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(v) || v < 0)
        return std::nullopt;
    std::string unit(end);
    for (char &c : unit)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (unit.size() == 2 && (unit[1] == 'B'))
        unit.pop_back();
    double scale;
    if (unit.empty() || unit == "B")
        scale = 1;
    else if (unit == "K")
        scale = 1024.0;
    else if (unit == "M")
        scale = 1024.0 * 1024;
    else if (unit == "G")
        scale = 1024.0 * 1024 * 1024;
    else if (unit == "T")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else
        return std::nullopt;
    const double bytes = v * scale;
    if (bytes >= 18e18)
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

MemoryLimit::Watch::Watch(std::function<void()> onExceeded) : m_id(Monitor::instance().add(std::move(onExceeded)))
{
}

MemoryLimit::Watch::~Watch()
{
    Monitor::instance().remove(m_id);
}

} // namespace se
