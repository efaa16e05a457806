// SPDX-License-Identifier: MIT
#pragma once

#include "FigureFonts.h"
#include "TreeFigure.h"

#include <string>
#include <vector>

namespace se {

/// Lays out a schedule tree for drawing: measures each node's text with the
/// given fonts, sizes the boxes to fit, and places them with Graphviz
/// (children kept in order). Runs on any thread.
class TreeFigureBuilder {
public:
    /// `statements`: every statement name in program order (for colours).
    static TreeFigure build(const ScheduleTreeSnapshot &tree, const std::vector<std::string> &statements,
                            const FigureFonts &fonts);

    /// Widest isl text shown in a node before it is elided.
    static constexpr double MaxTextWidth = 300;
    /// Statement rows shown in a band before "N more".
    static constexpr int MaxBandRows = 8;
};

/// The pill state of a flag, or false when there is nothing to show.
bool badgeState(bool declared, const std::optional<bool> &computed, FigureBadge::State *state);

} // namespace se
