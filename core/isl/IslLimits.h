// SPDX-License-Identifier: MIT
#pragma once

#include "core/support/MemoryLimitError.h"

#include <atomic>
#include <memory>
#include <string>

namespace se {

class IslContext;

/// The time and memory limits as one IslContext sees them. The memory
/// limit's watchdog (MemoryLimit) aborts every live context when the
/// process passes it; this keeps, per context, that it was stopped so, and
/// turns the abort into the limit's error wherever it surfaces: in a
/// QuotaScope (its rethrow), in a loop that runs long between isl calls,
/// or in a parse made outside any scope.
class IslLimits {
public:
    /// Called by IslContext: starts and ends the context's memory watch.
    static void attach(IslContext &ctx);
    static void detach(const IslContext &ctx);

    /// The flag the watchdog sets for `ctx`: fetch it once, read it in a
    /// loop (an atomic load).
    static std::shared_ptr<std::atomic<bool>> memoryFlag(const IslContext &ctx);
    static bool memoryStopped(const IslContext &ctx);

    /// Inside a QuotaScope: CancelledError when the time or memory limit
    /// stopped `ctx` (the scope's rethrow names the limit). For loops over
    /// cached results that make no isl call for a long time.
    static void throwIfStopped(const IslContext &ctx, const std::atomic<bool> &memory);

    /// Outside any scope (a parse that failed): the ResourceLimitError of
    /// the limit that stopped `ctx`, if one did. A parse that failed
    /// because time or memory ran out is no syntax error in the input.
    static void checkStopped(const IslContext &ctx, const std::string &what);

    static ResourceLimitError timeLimitError(const IslContext &ctx, const std::string &what);
    static MemoryLimitError memoryLimitError(const std::string &what);

    /// QuotaScope's bookkeeping: a scope may start a computation after a
    /// memory stop once memory is back under the limit, but no scope nested
    /// in the stopped computation may. Throws ResourceLimitError.
    static void enterScope(IslContext &ctx, const std::string &what);
    static void leaveScope(IslContext &ctx);
};

} // namespace se
