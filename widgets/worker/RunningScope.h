// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisWorker.h"

#include "core/isl/IslContext.h"
#include "core/support/InputError.h"

namespace se {

/// Thrown between steps when a newer request arrived: the same path out as
/// an isl abort.
inline void checkpoint(const std::atomic<quint64> &latest, quint64 generation)
{
    if (latest.load() != generation)
        throw CancelledError();
}

/// Registers the isl context of a computation in progress with
/// AnalysisShared (so abortRunning() can stop it from the GUI thread) and
/// starts its clock; clears any abort meant for an earlier computation (it
/// may have landed between two steps, outside any quota scope): an abort
/// meant for this one shows at its first checkpoint.
class RunningScope {
public:
    enum class Slot { Analysis, Job, Nest, FallbackNest };
    RunningScope(AnalysisShared &shared, IslContext &ctx, Slot slot, double timeLimit);
    ~RunningScope();
    RunningScope(const RunningScope &) = delete;
    RunningScope &operator=(const RunningScope &) = delete;

private:
    /// Unregisters the context, stops its clock and clears its abort.
    void release();

    AnalysisShared &m_shared;
    IslContext &m_ctx;
    Slot m_slot;
};

} // namespace se
