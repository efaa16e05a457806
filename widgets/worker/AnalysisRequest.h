// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisSnapshot.h"
#include "widgets/figures/FigureFonts.h"
#include "core/analysis/IterationSpace.h"
#include "core/edit/Edit.h"
#include "core/legality/DependenceOverride.h"

namespace se {

/// One analysis to run: the kernel (already loaded and validated on the GUI
/// thread), the schedule as text (isl YAML or union map; empty means the
/// original schedule), the edits on top, the parameters and the mode.
/// A value: the worker keeps nothing of the GUI's.
struct AnalysisRequest {
    quint64 generation = 0;
    KernelPtr kernel;
    QString kernelFile;
    ParamValues fixedParams;
    DepMode mode = DepMode::May;
    std::string scheduleText;
    QString scheduleFile; ///< labels errors in scheduleText
    std::vector<Edit> edits; ///< the edit log, applied in order
    /// Skip edits that no longer apply (after the kernel changed on disk)
    /// instead of failing; the snapshot lists them.
    bool lenientEdits = false;
    FigureFonts fonts;
    /// isl operations per unit of work (0: the core's default).
    unsigned long quota = 0;
    /// Seconds for one analysis or side job (0: none): a run past it ends
    /// in "stopped: too large". Per unit quotas do not bound a kernel made
    /// of many units that each stay under theirs.
    double timeLimit = 30;
    /// Dependence edges assumed absent (audited overrides).
    std::vector<DependenceOverride> assumeNoDep;
    /// The iteration-space slice to plot (issue 8).
    IterationSpaceQuery space;
    /// The loop nest is wanted now (its view is shown); else it is made only
    /// when asked for (AnalysisController::generateNest).
    bool nest = true;
    /// The dependence graph is wanted now (its view is shown); else it is
    /// left out and laid out when shown (Explorer::requestGraph).
    bool graph = true;
    /// The flat schedule map of the loop nest's isl tab is wanted now (that
    /// tab is shown); else the nest comes without it, made when the tab
    /// shows (AnalysisController::generateMap).
    bool map = true;
};

} // namespace se

Q_DECLARE_METATYPE(se::AnalysisRequest)
