// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/edit/Edit.h"
#include "core/report/CheckReport.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace se {

class Analyzer;
struct TreeNode;

/// The verdict of fusing two neighbouring children of a sequence without
/// building the fused tree. Fusing children k and k+1 (both starting with
/// a band of M members) puts their bands into one and the two subtrees
/// below it in a sequence: times go from [outer, k or k+1, band, rest] to
/// [outer, k, band, 0 or 1, rest]. Every pair of instances keeps its order
/// except the pairs between the two children, now ordered by their band
/// first; so the verdict is the schedule's own violations, less those
/// between the two children, plus the edges between them checked under
/// the new times (a few edges of a sequence of hundreds, where a new tree
/// re-checked every edge whose statement's flat times moved: ~40 ms per
/// candidate on pipeline_400). Used only when each statement of the two
/// children runs all its instances there, and outside any set node.
/// tst_movefinder compares it with the tree's verdict.
class FuseShortcut {
public:
    FuseShortcut(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root, const NodePath &path,
                 DepMode mode, bool counts);

    struct Verdict {
        std::size_t violatedEdges = 0;
        std::optional<std::int64_t> violatingPairs; ///< when every violated edge was counted
    };
    /// The verdict after `e`, or nullopt when `e` is not a fuse this
    /// shortcut can decide (the caller builds the tree instead).
    std::optional<Verdict> after(const Edit &e);

private:
    /// The statements under child `k` of the node, when every instance of
    /// each is there; empty otherwise.
    std::vector<std::size_t> statementsUnder(std::size_t k) const;
    /// { [t] -> [t'] }: the times of the two children fused at `d` with `members` band members.
    isl::map fusedTimes(unsigned d, unsigned members) const;

    Analyzer &m_analyzer;
    const isl::schedule &m_schedule;
    NodePath m_path;
    DepMode m_mode;
    bool m_counts;
    unsigned m_dim = 0; ///< the node's child position in the flat times
    const TreeNode *m_node = nullptr;
    std::optional<FlatSchedule> m_base;
    std::vector<ViolationReport> m_violations; ///< the schedule's own, once m_base is made
};

} // namespace se
