// SPDX-License-Identifier: MIT
#include "IslLimits.h"

#include "IslContext.h"
#include "core/support/MemoryLimit.h"

#include <cstdio>
#include <mutex>
#include <unordered_map>

namespace se {

namespace {

struct State {
    std::shared_ptr<std::atomic<bool>> memoryStopped = std::make_shared<std::atomic<bool>>(false);
    int scopes = 0; // QuotaScopes open (the owning thread's)
    std::unique_ptr<MemoryLimit::Watch> watch;
};

std::mutex g_mutex;
std::unordered_map<const IslContext *, std::shared_ptr<State>> g_states;

std::shared_ptr<State> state(const IslContext &ctx)
{
    std::lock_guard<std::mutex> lock(g_mutex);
    const auto it = g_states.find(&ctx);
    return it == g_states.end() ? std::make_shared<State>() : it->second;
}

} // namespace

void IslLimits::attach(IslContext &ctx)
{
    auto s = std::make_shared<State>();
    const auto flag = s->memoryStopped;
    isl_ctx *raw = ctx.get();
    // On the watchdog's thread, at each sample while over the limit.
    s->watch = std::make_unique<MemoryLimit::Watch>([flag, raw] {
        *flag = true;
        isl_ctx_abort(raw);
    });
    std::lock_guard<std::mutex> lock(g_mutex);
    g_states[&ctx] = std::move(s);
}

void IslLimits::detach(const IslContext &ctx)
{
    std::shared_ptr<State> s;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        const auto it = g_states.find(&ctx);
        if (it == g_states.end())
            return;
        s = std::move(it->second);
        g_states.erase(it);
    }
    s->watch.reset(); // no abort once this returns
}

std::shared_ptr<std::atomic<bool>> IslLimits::memoryFlag(const IslContext &ctx)
{
    return state(ctx)->memoryStopped;
}

bool IslLimits::memoryStopped(const IslContext &ctx)
{
    return *state(ctx)->memoryStopped;
}

void IslLimits::throwIfStopped(const IslContext &ctx, const std::atomic<bool> &memory)
{
    if (memory || ctx.timedOut())
        throw CancelledError();
}

void IslLimits::checkStopped(const IslContext &ctx, const std::string &what)
{
    if (memoryStopped(ctx))
        throw memoryLimitError(what);
    if (ctx.timedOut())
        throw timeLimitError(ctx, what);
}

ResourceLimitError IslLimits::timeLimitError(const IslContext &ctx, const std::string &what)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", ctx.timeLimit());
    return ResourceLimitError(what + ": stopped at the time limit of " + buf + " s", ResourceLimitError::Limit::Time);
}

MemoryLimitError IslLimits::memoryLimitError(const std::string &what)
{
    return MemoryLimitError(what + ": stopped at the memory limit of " + std::string(MemoryLimit::described()));
}

void IslLimits::enterScope(IslContext &ctx, const std::string &what)
{
    const auto s = state(ctx);
    if (*s->memoryStopped) {
        // Nested in the stopped computation, or memory still above the
        // limit: stop here too.
        if (s->scopes > 0 || MemoryLimit::over())
            throw memoryLimitError(what);
        *s->memoryStopped = false;
    }
    ++s->scopes;
}

void IslLimits::leaveScope(IslContext &ctx)
{
    --state(ctx)->scopes;
}

} // namespace se
