// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"
#include "core/deps/Dependence.h"
#include "core/report/CheckReport.h"
#include "Repair.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace isl {
class schedule;
}

namespace se {

class Analyzer;
struct TreeNode;

/// One candidate edit at a node and what it would do. Plain data.
struct MoveVerdict {
    enum class Verdict { Legal, Illegal, DoesNotApply };
    Edit edit;
    std::string description;
    Verdict verdict = Verdict::DoesNotApply;
    std::size_t violatedEdges = 0; ///< Illegal: dependence edges violated
    std::optional<std::int64_t> violatingPairs; ///< Illegal: pairs, when every parameter is fixed
    std::string reason; ///< DoesNotApply: why
    /// Illegal, when asked for reasons: the first dependence edge it
    /// breaks (in edge order), with its witness pair and level.
    std::optional<ViolationReport> firstViolation;
    /// Illegal, when asked for reasons (a tile, interchange, permutation,
    /// fusion, distribution or reorder, the first 6 of a list at a node of
    /// at most 64 statements): edits that make it legal, the move among
    /// them (Repair::enabling), checked; none when none was found.
    std::optional<RepairProposal> enabledBy;
};

const char *verdictName(MoveVerdict::Verdict v);

struct MovesReport {
    std::vector<int> node;
    std::string nodeKind; ///< band, sequence, set, filter, mark, leaf, domain
    std::vector<MoveVerdict> moves;
};

/// The legal-moves list behind the app's panel and `schedule-tool moves`:
/// the edits that can target a node, with small default arguments (tile 32,
/// shift 1, skew 1, scale 2, each neighbour move), and the verdict of each
/// on the current schedule.
class MoveFinder {
public:
    /// The candidates for the node at `path` (none when there is no node).
    static std::vector<Edit> candidates(const isl::schedule &schedule, const NodePath &path);
    static std::vector<Edit> candidates(const TreeNode &root, const NodePath &path);
    /// Applies each candidate and checks the result against the
    /// dependences. ResourceLimitError and CancelledError pass through.
    /// `shortcuts` false: every candidate through a new tree (the
    /// reference the shortcuts are tested against). `reasons`: each
    /// illegal move's first violation with its witness.
    static MovesReport evaluate(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &path, DepMode mode,
                                bool counts = true, bool shortcuts = true, bool reasons = false);
};

} // namespace se
