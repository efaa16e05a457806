// SPDX-License-Identifier: MIT
#include "IslContext.h"

#include "core/support/ChildProcess.h"

#include <algorithm>

#include "IslLimits.h"
#include "core/support/InputError.h"
#include "core/support/MemoryLimit.h"

#include <isl/version.h>
#include <isl/cpp.h>
#include <isl/options.h>

#include <chrono>
#include <gmp.h>
#include <mutex>
#include <cstdio>
#include <cstdlib>

namespace se {

namespace {

// GMP has no way to report a failed allocation but abort(): SIGABRT, no
// message. These end the process through the memory limit's hard stop
// instead (exit status 3 and a message in the CLI).
void *gmpAlloc(std::size_t n)
{
    void *p = std::malloc(n);
    if (!p && n)
        MemoryLimit::outOfMemory();
    return p;
}

void *gmpRealloc(void *p, std::size_t, std::size_t n)
{
    void *q = std::realloc(p, n);
    if (!q && n)
        MemoryLimit::outOfMemory();
    return q;
}

void gmpFree(void *p, std::size_t)
{
    std::free(p);
}

} // namespace

IslContext::IslContext(unsigned long quota) : m_ctx(isl_ctx_alloc()), m_quota(quota)
{
    // The C++ bindings check for errors themselves; keep isl from printing.
    isl_options_set_on_error(m_ctx, ISL_ON_ERROR_CONTINUE);
    static std::once_flag gmp;
    std::call_once(gmp, [] { mp_set_memory_functions(gmpAlloc, gmpRealloc, gmpFree); });
    IslLimits::attach(*this); // the memory limit aborts it too
}

IslContext::~IslContext()
{
    IslLimits::detach(*this); // no abort once the context is going
    stopWatchdog();
    // A leaked isl object keeps isl_ctx_free from freeing the context, and
    // says so only through the error state. The fuzzers and sanitizer runs
    // set SE_ISL_LEAK_ABORT=1 to make that an abort they report.
    static const bool abortOnLeak = std::getenv("SE_ISL_LEAK_ABORT") != nullptr;
    if (abortOnLeak && !m_islLeaked)
        isl_options_set_on_error(m_ctx, ISL_ON_ERROR_ABORT);
    isl_ctx_free(m_ctx);
}

bool IslContext::limitHit() const
{
    const isl_error err = isl_ctx_last_error(m_ctx);
    return err == isl_error_quota || err == isl_error_abort || err == isl_error_alloc;
}

void IslContext::stopWatchdog()
{
    if (!m_watchdog.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_watchdog.join();
    m_stop = false;
}

void IslContext::setTimeLimit(double seconds)
{
    stopWatchdog();
    m_timeLimit = seconds;
    m_timedOut = false;
    if (seconds <= 0)
        return;
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
    m_deadline = deadline;
    m_watchdog = ChildProcess::startThread([this, deadline] {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (!m_wake.wait_until(lock, deadline, [this] { return m_stop; })) {
            m_timedOut = true;
            isl_ctx_abort(m_ctx);
        }
    });
}

bool IslContext::timedOut() const
{
    if (m_timedOut)
        return true;
    if (m_timeLimit > 0 && std::chrono::steady_clock::now() >= m_deadline) {
        m_timedOut = true;
        isl_ctx_abort(m_ctx); // as the watchdog would have
        return true;
    }
    return false;
}

isl::ctx IslContext::ctx() const
{
    return isl::ctx(m_ctx);
}

void IslContext::abort()
{
    m_aborted = true;
    isl_ctx_abort(m_ctx);
}

std::string islMessage(const std::string &what)
{
    // `/usr/include/isl/cpp.h:15644: NULL input`, `isl_list_templ.c:136:
    // index out of bounds`: isl's source file and line mean nothing to a
    // user; the fault after them does.
    std::size_t at = 0;
    while (true) {
        const auto colon = what.find(": ", at);
        if (colon == std::string::npos)
            break;
        const std::string head = what.substr(at, colon - at);
        const auto lineColon = head.rfind(':');
        const bool fileLine = lineColon != std::string::npos && lineColon + 1 < head.size()
            && head.find_first_not_of("0123456789", lineColon + 1) == std::string::npos
            && (head.find(".c:") != std::string::npos || head.find(".h:") != std::string::npos);
        if (!fileLine)
            break;
        at = colon + 2;
    }
    return what.substr(at);
}

QuotaScope::QuotaScope(IslContext &ctx, std::string what, unsigned long units)
    : QuotaScope(ctx, std::move(what), Budget{ctx.quota() * std::max(1UL, units)})
{
}

QuotaScope::QuotaScope(IslContext &ctx, std::string what, Budget budget)
    : m_ctx(ctx), m_what(std::move(what)), m_limit(budget.operations)
{
    if (m_ctx.timedOut()) // the context stays aborted
        throw IslLimits::timeLimitError(m_ctx, m_what);
    if (m_ctx.aborted()) // stopped on purpose: resuming would undo it
        throw CancelledError();
    // After a memory stop the next computation may start once memory is
    // back under the limit (the app goes on after a run too large).
    IslLimits::enterScope(m_ctx, m_what);
    isl_ctx_resume(m_ctx.get());
    isl_ctx_reset_operations(m_ctx.get());
    isl_ctx_set_max_operations(m_ctx.get(), m_limit);
}

QuotaScope::~QuotaScope()
{
    IslLimits::leaveScope(m_ctx);
    isl_ctx_set_max_operations(m_ctx.get(), 0);
    isl_ctx_reset_error(m_ctx.get());
}

void QuotaScope::rethrow() const
{
    // An abort is the time limit, the memory limit, or a cancel on purpose;
    // it may surface as isl's exception, as a failed C call's error state,
    // or as the CancelledError a caller made of either.
    auto stopped = [this] {
        if (IslLimits::memoryStopped(m_ctx))
            throw IslLimits::memoryLimitError(m_what);
        if (m_ctx.timedOut())
            throw IslLimits::timeLimitError(m_ctx, m_what);
    };
    try {
        throw;
    } catch (const isl::exception_quota &) {
        isl_ctx_reset_error(m_ctx.get());
        throw ResourceLimitError(m_what + ": stopped after " + std::to_string(m_limit) + " isl operations");
    } catch (const isl::exception_abort &) {
        stopped();
        isl_ctx_resume(m_ctx.get());
        throw CancelledError();
    } catch (const CancelledError &) {
        stopped();
        throw;
    } catch (const std::bad_alloc &) {
        throw IslLimits::memoryLimitError(m_what);
    } catch (const isl::exception &e) {
        // A failed isl call inside an analysis is never "no dependence".
        if (isl_ctx_last_error(m_ctx.get()) == isl_error_quota)
            throw ResourceLimitError(m_what + ": stopped after " + std::to_string(m_limit) + " isl operations");
        stopped();
        if (isl_ctx_last_error(m_ctx.get()) == isl_error_alloc)
            throw IslLimits::memoryLimitError(m_what);
        if (isl_ctx_last_error(m_ctx.get()) == isl_error_abort) { // neither limit: a cancel
            isl_ctx_resume(m_ctx.get());
            throw CancelledError();
        }
        throw std::runtime_error(m_what + ": isl failed: " + e.what());
    }
}

void IslContext::resume()
{
    isl_ctx_resume(m_ctx);
}

std::string IslContext::islVersion()
{
    std::string v = isl_version();
    return v.substr(0, v.find_first_of("\n"));
}

} // namespace se
