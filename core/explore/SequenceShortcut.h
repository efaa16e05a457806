// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/deps/Dependence.h"
#include "core/edit/Edit.h"
#include "core/report/CheckReport.h"
#include "FlatPlace.h"
#include "core/legality/ShapeCounts.h"

#include <isl/cpp.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace se {

struct TreeNode;

/// The verdict of an edit of a sequence's children without building a new
/// tree or re-checking every edge of their statements:
/// - fusing children k and k+1 (both start with a band of M members) puts
///   their bands into one and the two subtrees below it in a sequence:
///   times go from [outer, k or k+1, band, rest] to [outer, k, band, 0 or
///   1, rest];
/// - moving one of them to the other's index swaps them;
/// - making the sequence a set leaves the pairs between two children
///   ordered only by the dimensions above it.
/// Every other pair of instances keeps its order; so the verdict is the
/// schedule's own violations, less those between the children concerned,
/// plus the edges between them checked under the new order (a few edges of
/// a sequence of hundreds, where a new tree re-checked every edge whose
/// statement's flat times moved, candidate after candidate on pipeline_400).
/// Used only when each statement of those children runs all its instances
/// there, and outside any set node. tst_movefinder compares it with the
/// tree's verdict.
class SequenceShortcut {
public:
    SequenceShortcut(FlatPlace &place, DepMode mode, bool counts);

    struct Verdict {
        std::size_t violatedEdges = 0;
        std::optional<std::int64_t> violatingPairs; ///< when every violated edge was counted
    };
    /// The verdict after `e`, or nullopt when `e` is not an edit this
    /// shortcut can decide (the caller builds the tree instead).
    std::optional<Verdict> after(const Edit &e);

private:
    std::optional<Verdict> toSet();
    std::optional<Verdict> neighbours(const Edit &e);
    /// The statements under child `k` of the node, when every instance of
    /// each is there and none is under a set; nothing otherwise.
    std::optional<std::vector<std::size_t>> statementsUnder(std::size_t k);
    /// The schedule's own violations but those of edges between two
    /// different children (`child`: each statement's child + 1, or 0), plus
    /// those edges' own violating pairs as `bad` gives them.
    Verdict verdict(const std::vector<std::size_t> &child, const std::function<isl::map(const Dependence &)> &bad);
    /// { [t] -> [t'] }: the times of the two children fused at `d` with `members` band members.
    isl::map fusedTimes(unsigned d, unsigned members);

    FlatPlace &m_place;
    DepMode m_mode;
    bool m_counts;
    const TreeNode *m_node = nullptr; ///< the sequence, or null
    std::optional<std::vector<ViolationReport>> m_violations; ///< the schedule's own (no witnesses)
    ShapeCounts m_shapeCounts;
};

} // namespace se
