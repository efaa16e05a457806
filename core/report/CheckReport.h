// SPDX-License-Identifier: MIT
#pragma once

#include "core/support/Integer.h"
#include "core/support/SharedVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace se {

/// Plain results of an analysis: no isl objects, safe to hand to another
/// thread, a view or a JSON writer.

using ParamList = std::vector<std::pair<std::string, std::int64_t>>;

struct EdgeReport {
    std::string type; ///< RAW, WAR, WAW
    std::string src; ///< s<id>
    std::string dst;
    std::string allocation; ///< `<buffer>_alloc` or a tensor
    std::string relation; ///< isl text { s0[i] -> s1[i'] : ... }
    std::optional<std::int64_t> count; ///< pairs, when every parameter is fixed
    unsigned sharedLoops = 0;
    std::string distance; ///< isl deltas over the shared loops, { [d0] : ... }
    std::vector<std::string> direction; ///< per shared loop: 0, +, -, 0+, 0-, *
    /// The parts of this description that a limit stopped, with the reason:
    /// `distance` (distance and direction left empty) and `count` (left
    /// unset). They describe the edge; the verdict never waits on them.
    std::vector<std::pair<std::string, std::string>> stopped;
    /// The reason, when an override assumes this edge absent.
    std::string assumedAbsent;
    /// `(0, +)`, or `()` with no shared loop.
    std::string directionText() const;
};

struct Witness {
    ParamList params;
    std::vector<std::int64_t> src, dst;
    /// Exact: a schedule's constants may be beyond 64 bits.
    std::vector<Integer> srcTime, dstTime;
};

struct ViolationReport {
    std::size_t edge = 0; ///< index into CheckReport::edges
    std::string type, src, dst, allocation;
    Witness witness;
    /// The first schedule dimension where dst's time is before src's, or -1
    /// when both run at the same time.
    int level = -1;
    /// Path of the schedule tree node that owns `level` for src, e.g. "0.1".
    std::string node;
    /// The two instances are in different children of a set node (at
    /// `level`): a set may run its children in either order, so the pair is
    /// a violation whichever way the printed order points.
    bool acrossSet = false;
    std::optional<std::int64_t> count; ///< violating pairs, when every parameter is fixed
    std::string message;
};

/// An access whose index can leave its tensor's shape (0 <= index < extent
/// in each dimension, in the tensor's own coordinates: before any
/// allocation remapping). A warning: it never changes the verdict.
struct BoundsReport {
    std::string statement; ///< s<id>
    std::string tensor;
    bool write = false;
    std::string path; ///< the access in the kernel: body[0].body[1].reads[0]
    unsigned dim = 0; ///< the first dimension that can leave; the witness leaves in it
    /// One instance that leaves (the statement's iterators, in loop order)
    /// and the element it touches there, at `witnessParams`.
    std::vector<Integer> instance, index;
    ParamList witnessParams; ///< every parameter, at the witness
    /// isl set: the parameter values for which some instance leaves the
    /// shape, within the context ([N] -> { : N >= 1 }).
    std::string params;
    std::string message;
};

/// An override as the check used it.
struct AssumptionReport {
    std::string type, src, dst, allocation, reason;
    bool matched = false; ///< names an existing edge
    bool needed = false; ///< that edge would be violated without it
    std::string text() const; ///< `WAR s0 -> s1 on A (reason)`
};

struct CheckReport {
    std::string kernel;
    std::string deps; ///< may or flow
    ParamList fixedParams;
    bool legal = true;
    /// Shared between the reports of one kernel's checks (the same edges).
    SharedVector<EdgeReport> edges;
    std::vector<ViolationReport> violations;
    std::vector<AssumptionReport> assumptions;
    std::vector<std::string> warnings;
    std::vector<BoundsReport> bounds; ///< out-of-shape accesses (also in `warnings`)

    /// `legal`, `legal, assuming: ...` (the assumptions it needed), or
    /// `illegal: N violated edges`.
    std::string verdict() const;
};

} // namespace se
