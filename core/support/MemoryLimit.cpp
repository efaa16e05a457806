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
#include <fstream>
#include <malloc.h>
#include <map>
#include <mutex>
#include <string>
#include <sys/resource.h>
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
                stop(rss, false);
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

namespace {

// The cgroup limit in force for this process: the least memory.max of its
// own group and every ancestor (v2), or its memory group's limit (v1); 0:
// none. Names the file it came from.
std::uint64_t cgroupBytes(std::string *file)
{
    std::uint64_t best = 0;
    auto consider = [&](const std::string &path) {
        const std::uint64_t v = readNumber(path.c_str());
        if (v > 0 && (best == 0 || v < best)) {
            best = v;
            *file = path;
        }
    };
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        // `0::/user.slice/x.scope` (v2) or `4:memory:/docker/abc` (v1)
        const auto first = line.find(':');
        const auto second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos)
            continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        std::string group = line.substr(second + 1);
        if (controllers.empty()) {
            for (;;) {
                consider("/sys/fs/cgroup" + (group == "/" ? std::string() : group) + "/memory.max");
                const auto slash = group.rfind('/');
                if (group.empty() || group == "/" || slash == std::string::npos)
                    break;
                group = slash == 0 ? "/" : group.substr(0, slash);
            }
        } else if ((',' + controllers + ',').find(",memory,") != std::string::npos) {
            consider("/sys/fs/cgroup/memory" + (group == "/" ? std::string() : group) + "/memory.limit_in_bytes");
        }
    }
    // Outside any namespace-aware view, the mount's root says it.
    consider("/sys/fs/cgroup/memory.max");
    return best;
}

// The machine's physical memory; 0 if unknown.
std::uint64_t physicalBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? std::uint64_t(pages) * std::uint64_t(size) : 0;
}

// The soft rlimit `resource`, or 0 when unlimited.
std::uint64_t rlimitBytes(int resource)
{
    struct rlimit r { };
    if (::getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return 0;
    return std::uint64_t(r.rlim_cur);
}

struct DefaultLimit {
    std::uint64_t bytes = 0;
    std::string origin;
};

// Half of the machine's or the cgroup's memory, or three quarters of an
// address-space or data rlimit (those count mappings and heap that are not
// resident: the watchdog, which samples the resident size, must stop
// before the allocator fails), whichever is least.
DefaultLimit computeDefault()
{
    DefaultLimit d;
    auto consider = [&](std::uint64_t bytes, std::string origin) {
        if (bytes > 0 && (d.bytes == 0 || bytes < d.bytes)) {
            d.bytes = bytes;
            d.origin = std::move(origin);
        }
    };
    consider(physicalBytes() / 2, "half of the machine's memory");
    std::string file;
    if (const std::uint64_t cg = cgroupBytes(&file))
        consider(cg / 2, "half of the cgroup limit of " + MemoryLimit::text(cg) + " in " + file);
    if (const std::uint64_t as = rlimitBytes(RLIMIT_AS))
        consider(as / 4 * 3, "three quarters of the address-space limit of " + MemoryLimit::text(as) + ", ulimit -v");
    if (const std::uint64_t data = rlimitBytes(RLIMIT_DATA))
        consider(data / 4 * 3, "three quarters of the data limit of " + MemoryLimit::text(data) + ", ulimit -d");
    return d;
}

// What the last message names: filled whenever the limit is set or first
// read, so that the hard stop (which may run because an allocation failed)
// reads it without allocating.
char g_described[320] = "";

void describe(std::uint64_t bytes, const std::string &origin)
{
    const std::string text =
        bytes == 0 ? std::string("no limit") : MemoryLimit::text(bytes) + (origin.empty() ? "" : " (" + origin + ")");
    std::snprintf(g_described, sizeof g_described, "%s", text.c_str());
}

} // namespace

std::uint64_t MemoryLimit::machineBytes()
{
    std::uint64_t bytes = physicalBytes();
    std::string file;
    const std::uint64_t cg = cgroupBytes(&file);
    if (cg > 0 && (bytes == 0 || cg < bytes))
        bytes = cg;
    return bytes;
}

std::uint64_t MemoryLimit::defaultLimit()
{
    return computeDefault().bytes;
}

std::string MemoryLimit::defaultOrigin()
{
    return computeDefault().origin;
}

void MemoryLimit::set(std::uint64_t bytes)
{
    describe(bytes, "");
    g_limit = bytes;
}

std::uint64_t MemoryLimit::get()
{
    std::uint64_t v = g_limit.load();
    if (v == Unset) {
        std::uint64_t expected = Unset;
        const DefaultLimit d = computeDefault();
        if (g_limit.compare_exchange_strong(expected, d.bytes))
            describe(d.bytes, d.origin);
        v = g_limit.load();
    }
    return v;
}

const char *MemoryLimit::described()
{
    get();
    return g_described;
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
        stop(residentBytes(), true);
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
