// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace se {
struct CheckReport;
struct ScheduleTreeSnapshot;
class PolyhedralModel;
} // namespace se

namespace se::tool {

/// The app's two figures as Graphviz DOT, for `deps|tree --format dot|svg`:
/// the same layout engine and parameters (dot; the graph top to bottom,
/// the tree with its children in order and straight links) and the same
/// colours (core/layout/FigureStyle). Graphviz sizes the nodes by its own
/// text here, where the app measures its fonts.
class FigureDot {
public:
    static std::string dependenceGraph(const PolyhedralModel &model, const CheckReport &report);
    static std::string scheduleTree(const PolyhedralModel &model, const ScheduleTreeSnapshot &tree);
};

} // namespace se::tool
