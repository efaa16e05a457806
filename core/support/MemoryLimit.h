// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace se {

/// The process's memory limit. isl can grow without bound on a large
/// kernel (3,000 statements on one array, a tree of 40,000 nested marks),
/// and a failed allocation deep inside it ends in a GMP abort (SIGABRT) or
/// a half-made object. So a watchdog thread samples the resident size
/// (/proc/self/statm) every few milliseconds while anything is watched,
/// and when it passes the limit it calls every watcher: an IslContext
/// aborts its computation, which then ends as a ResourceLimitError
/// (exit status 3 in the CLI) instead of running on into the allocator's
/// failure. A front end that can end the process (the CLI) also sets a
/// hard stop, called when memory keeps growing past the limit anyway (a
/// step outside isl, or one of isl's loops that ignore the abort).
class MemoryLimit {
public:
    /// Half of the machine's memory or of the cgroup limit in force (the
    /// process's own group and its ancestors), or three quarters of the
    /// address-space or data rlimit, whichever is least: room for the rest
    /// of the machine, well before the allocator fails.
    static std::uint64_t defaultLimit();
    /// Which of those the default is: "half of the machine's memory", ...
    static std::string defaultOrigin();
    /// Physical memory, or the cgroup limit in force if lower; 0 if unknown.
    static std::uint64_t machineBytes();

    /// The limit in bytes; 0: none. Until set, defaultLimit().
    static void set(std::uint64_t bytes);
    static std::uint64_t get();
    /// The limit for messages, with where it comes from unless it was set:
    /// "3 GB (three quarters of the address-space limit of 4 GB, ulimit -v)".
    /// Made when the limit is set or first read: safe to read after an
    /// allocation failed.
    static const char *described();

    /// The resident size of this process now.
    static std::uint64_t residentBytes();
    /// True while the resident size is above the limit; first gives freed
    /// memory back to the system (a run that stopped may have freed most of
    /// what it had, and the next one should start).
    static bool over();

    /// True once the watchdog has seen the resident size above the limit
    /// in this process: an isl abort that surfaced as some other error
    /// (a failed call outside any QuotaScope) can be told from the time
    /// limit's.
    static bool passed();

    /// Called on the watchdog thread with the resident size when it passes
    /// the limit and keeps growing (a quarter beyond it, or ten seconds
    /// above it); it must end the process. Only in the process that set it
    /// (a forked child keeps its own way out).
    /// `allocationFailed`: called by outOfMemory(), perhaps below the limit
    /// (an address-space rlimit counts more than the resident size).
    using HardStop = void (*)(std::uint64_t resident, bool allocationFailed);
    static void setHardStop(HardStop stop);
    /// An allocation failed where no exception can carry the failure (GMP
    /// inside isl aborts): the hard stop if one is set, else abort().
    [[noreturn]] static void outOfMemory();

    /// Holds the watchdog between samples while it lives. A fork must not
    /// happen while the watchdog samples: it allocates, and a child forked
    /// then can inherit the allocator's lock taken (GCC 12's AddressSanitizer
    /// does not lock its allocator around fork), and hang at its first
    /// allocation. ChildProcess forks under one.
    static std::unique_lock<std::mutex> pauseSampling();

    /// "1.5 GB", "512 MB".
    static std::string text(std::uint64_t bytes);
    /// "512M", "2G", "1.5G", "300000000" (bytes); "0" is no limit.
    /// nullopt if not a size.
    static std::optional<std::uint64_t> parse(const std::string &text);

    /// While a Watch lives, the watchdog runs and calls `onExceeded` (on
    /// its thread, so it must be thread-safe and quick) at each sample
    /// (every 10 ms) while the resident size is above the limit.
    class Watch {
    public:
        explicit Watch(std::function<void()> onExceeded);
        ~Watch();
        Watch(const Watch &) = delete;
        Watch &operator=(const Watch &) = delete;

    private:
        std::uint64_t m_id;
    };
};

} // namespace se
