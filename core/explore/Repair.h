// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/edit/Edit.h"
#include "core/report/CheckReport.h"

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

namespace se {

class Analyzer;

enum class RepairGoal {
    Legal, ///< every dependence forward
    Permutable, ///< the band at the node and the loops below it one permutable (tileable) band, legal
    Parallel, ///< the band's outer member parallel (coincident), legal
};

const char *repairGoalName(RepairGoal goal);
std::optional<RepairGoal> repairGoalFromName(const std::string &name);

/// One proposal: edits that apply to the given schedule, checked exactly.
struct RepairProposal {
    std::vector<Edit> edits;
    std::string schedule; ///< the result as a flat isl union map
    bool legal = false; ///< always true for a proposal shown
    std::string summary; ///< `shift s1 by 1 at member 0 of band 0.0`
};

struct RepairReport {
    RepairGoal goal = RepairGoal::Legal;
    NodePath node;
    std::vector<RepairProposal> repairs; ///< best first: fewest edits, then least change
    /// Why there is no proposal (or that none is needed); empty otherwise.
    std::string reason;
    /// The given schedule's first violation (by time dimension), when it
    /// has one: the structured reason the repairs start from.
    std::optional<ViolationReport> firstViolation;
};

/// Proposals that turn a schedule into one that meets a goal, built from
/// the exact legal ranges (LegalRanges) at the band or sequence where the
/// first dependence goes backward, and each checked against every
/// dependence before it is listed.
class Repair {
public:
    /// `node` is required for Permutable and Parallel (a band), optional
    /// for Legal. Throws TreeError for a node that does not fit the goal;
    /// ResourceLimitError and CancelledError pass through.
    static RepairReport find(Analyzer &analyzer, const isl::schedule &schedule, RepairGoal goal,
                             const std::optional<NodePath> &node, unsigned count, DepMode mode);

    /// What makes an illegal `move` legal: for a tile, interchange or
    /// permutation of a band, the edits that make the band permutable
    /// first (then the move, a tile over every member of the new band);
    /// otherwise the move followed by the best legal repair (a fusion then
    /// its shift). Checked against every dependence; nullopt when neither
    /// gives a legal schedule.
    static std::optional<RepairProposal> enabling(Analyzer &analyzer, const isl::schedule &schedule, const Edit &move,
                                                  DepMode mode);
};

} // namespace se
