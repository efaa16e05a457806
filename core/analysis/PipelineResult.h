// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"
#include "core/flags/BandFlags.h"
#include "core/edit/Edit.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <isl/cpp.h>

#include <memory>
#include <string>
#include <vector>

namespace se {

/// Everything one SchedulePipeline run computed, complete and immutable.
/// The schedules are isl objects of the pipeline's context: drop the result
/// before the pipeline (and on its thread); the rest is plain data.
struct PipelineResult {
    isl::schedule schedule; ///< the base with the edits applied
    std::vector<isl::schedule> steps; ///< after each applied edit
    std::vector<Edit> edits; ///< the edits applied (lenient: those kept)
    std::vector<std::string> droppedEdits; ///< lenient: the edits skipped, described
    /// How the base was read (a JSCoP's statements matched), flags not computed.
    std::vector<std::string> notes;
    /// The verdict; each violation names the tree node where its order breaks.
    CheckReport report;
    bool hasTree = false;
    ScheduleTreeSnapshot tree; ///< with the computed flags merged
    FlagReport flags; ///< empty unless asked for
    std::vector<CheckReport> stepReports; ///< stepVerdicts: one per step
    std::vector<FlagReport> stepFlags;
};

using PipelineResultPtr = std::shared_ptr<const PipelineResult>;

} // namespace se
