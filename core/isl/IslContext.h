// SPDX-License-Identifier: MIT
#pragma once

#include <isl/ctx.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace isl {
class ctx;
}

namespace se {

/// Owns one isl context. A context serves one thread at a time; every isl
/// object made in it must be destroyed before it, so the owner is declared
/// before (and outlives) the objects that use it.
///
/// Every analysis step runs under an operation quota (`quota()`, 0 means no
/// limit) that bounds each unit of work; an optional time limit bounds the
/// whole (a watchdog aborts the context when it passes). `abort()` may be
/// called from another thread to stop a running computation: it stays
/// stopped (every later QuotaScope throws CancelledError) until
/// `clearAbort()`, so an abort that lands between two scopes of one
/// computation is not undone by the next scope's resume.
class IslContext {
public:
    /// Per unit of work (one edge, one statement): the largest seen on the
    /// benchmark kernels is under 30,000.
    static constexpr unsigned long DefaultQuota = 1'000'000;

    explicit IslContext(unsigned long quota = DefaultQuota);
    ~IslContext();
    IslContext(const IslContext &) = delete;
    IslContext &operator=(const IslContext &) = delete;

    isl::ctx ctx() const;
    isl_ctx *get() const { return m_ctx; }

    unsigned long quota() const { return m_quota; }
    void setQuota(unsigned long ops) { m_quota = ops; }

    /// Thread-safe: makes the running computation fail with exception_abort,
    /// and every QuotaScope after it until clearAbort().
    void abort();
    /// A new computation starts: an abort meant for an earlier one is spent.
    void clearAbort() { m_aborted = false; }
    /// Lets isl go on after an abort or a quota stop (the next request of a
    /// long-lived session starts afresh).
    void resume();
    /// The isl library in use, as it names itself (`isl-0.25-GMP`).
    static std::string islVersion();
    bool aborted() const { return m_aborted; }

    /// Stops every computation `seconds` from now (0: no limit); what
    /// follows fails with ResourceLimitError.
    void setTimeLimit(double seconds);
    double timeLimit() const { return m_timeLimit; }
    /// Past the time limit: the watchdog said so, or the clock does (a
    /// watchdog thread may not have run yet on a loaded machine; every
    /// QuotaScope looks at the clock too).
    bool timedOut() const;

    /// isl itself lost objects of this context (isl 0.25's AST generator
    /// leaks the nodes it drops on its allow_or fault path): the context
    /// cannot be freed, and the sanitizer runs' leak abort, which is there
    /// to catch this project's leaks, stays quiet for it.
    void noteIslLeak() { m_islLeaked = true; }
    /// True when isl's last error is a limit (the operation quota, a time
    /// limit or cancel, memory) rather than a fault of the input.
    bool limitHit() const;

private:
    void stopWatchdog();

    isl_ctx *m_ctx;
    unsigned long m_quota;
    double m_timeLimit = 0;
    mutable std::atomic<bool> m_timedOut{false};
    std::atomic<bool> m_aborted{false};
    std::chrono::steady_clock::time_point m_deadline; ///< with m_timeLimit > 0
    std::thread m_watchdog;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    bool m_islLeaked = false;
};

/// isl's error text without isl's source file and line
/// (`isl_list_templ.c:136: index out of bounds` -> `index out of bounds`).
std::string islMessage(const std::string &what);

/// Bounds one computation: resets the operation count, applies the quota,
/// and turns isl's quota and abort failures into ResourceLimitError and
/// CancelledError. Parse inputs before entering a scope: a quota hit while
/// parsing reads as a syntax error.
class QuotaScope {
public:
    /// An operation budget of its own (0: none) rather than the context's
    /// quota: an optional part of a result, bounded apart from the rest.
    struct Budget {
        unsigned long operations = 0;
    };

    /// `units`: how many units of work the computation is when it cannot be
    /// split into steps (isl's AST generation over every statement at once).
    QuotaScope(IslContext &ctx, std::string what, unsigned long units = 1);
    QuotaScope(IslContext &ctx, std::string what, Budget budget);
    ~QuotaScope();
    QuotaScope(const QuotaScope &) = delete;
    QuotaScope &operator=(const QuotaScope &) = delete;

    /// A fresh operation budget for the next unit of work (one edge, one
    /// statement): the quota bounds each computation, not a whole kernel, so
    /// a kernel with many small computations never hits it while a single
    /// one that blows up stops early.
    static void nextStep(IslContext &ctx) { isl_ctx_reset_operations(ctx.get()); }

    /// Rethrows the current isl exception as the project's error type.
    /// Call from a catch block.
    [[noreturn]] void rethrow() const;

    template <typename F> static auto run(IslContext &ctx, const std::string &what, F &&f) -> decltype(f())
    {
        return run(ctx, what, 1, std::forward<F>(f));
    }

    template <typename F>
    static auto run(IslContext &ctx, const std::string &what, unsigned long units, F &&f) -> decltype(f())
    {
        QuotaScope scope(ctx, what, units);
        try {
            return f();
        } catch (const std::exception &) {
            scope.rethrow();
        }
    }

    template <typename F>
    static auto run(IslContext &ctx, const std::string &what, Budget budget, F &&f) -> decltype(f())
    {
        QuotaScope scope(ctx, what, budget);
        try {
            return f();
        } catch (const std::exception &) {
            scope.rethrow();
        }
    }

private:
    IslContext &m_ctx;
    std::string m_what;
    unsigned long m_limit; ///< the quota times the units
};

} // namespace se
