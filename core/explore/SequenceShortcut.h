// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/deps/Dependence.h"
#include "core/edit/Edit.h"
#include "core/report/CheckReport.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/cpp.h>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace se {

class Analyzer;
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
/// statement's flat times moved: ~40 ms per candidate on pipeline_400).
/// Used only when each statement of those children runs all its instances
/// there, and outside any set node. tst_movefinder compares it with the
/// tree's verdict.
class SequenceShortcut {
public:
    SequenceShortcut(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root, const NodePath &path,
                     DepMode mode, bool counts);

    struct Verdict {
        std::size_t violatedEdges = 0;
        std::optional<std::int64_t> violatingPairs; ///< when every violated edge was counted
    };
    /// The verdict after `e`, or nullopt when `e` is not a fuse this
    /// shortcut can decide (the caller builds the tree instead).
    std::optional<Verdict> after(const Edit &e);

private:
    /// Violated edges and their pairs, as they are added up.
    struct Tally {
        Verdict v;
        std::int64_t total = 0;
        bool counted = true; ///< every violated edge has its count
        void add(std::optional<std::int64_t> count)
        {
            ++v.violatedEdges;
            if (count)
                total += *count;
            else
                counted = false;
        }
        Verdict verdict() const
        {
            Verdict out = v;
            if (out.violatedEdges > 0 && counted)
                out.violatingPairs = total;
            return out;
        }
    };
    void ensureBase();
    std::optional<Verdict> toSet();
    /// Pairs of `bad` when counted: every pair of an edge violating gives its shape's count, counted once.
    std::optional<std::int64_t> count(const Dependence &d, const isl::map &bad);
    /// { [t] -> [t0, ..., t(d-1)] }
    isl::map prefix(unsigned d) const;
    /// The statements under child `k` of the node, when every instance of
    /// each is there; empty otherwise.
    std::vector<std::size_t> statementsUnder(std::size_t k) const;
    /// { [t] -> [t'] }: the times of the two children fused at `d` with `members` band members.
    isl::map fusedTimes(unsigned d, unsigned members) const;
    /// { [t] -> [t'] }: `by` added to time dimension `d`.
    isl::map shifted(unsigned d, int by) const;

    Analyzer &m_analyzer;
    const isl::schedule &m_schedule;
    NodePath m_path;
    DepMode m_mode;
    bool m_counts;
    unsigned m_dim = 0; ///< the node's child position in the flat times
    const TreeNode *m_node = nullptr;
    std::optional<FlatSchedule> m_base;
    std::vector<ViolationReport> m_violations; ///< the schedule's own, once m_base is made
    std::map<int, std::optional<std::int64_t>> m_shapeCounts;
};

} // namespace se
