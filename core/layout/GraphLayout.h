// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

namespace se {

/// The positions Graphviz chose for a LayoutGraph, as plain numbers in
/// points with Qt's orientation: origin at the top left, y growing down.
struct GraphLayout {
    struct Point {
        double x = 0, y = 0;
    };
    struct Rect {
        double x = 0, y = 0, width = 0, height = 0; ///< top-left corner and size
        Point center() const { return {x + width / 2, y + height / 2}; }
    };
    struct Edge {
        /// Cubic bezier control points: start, then three per segment
        /// (3k + 1 in all). Ends at the arrow's base when `hasArrow`.
        std::vector<Point> points;
        bool hasArrow = false;
        Point arrowTip;
        bool hasLabel = false;
        Point labelCenter;
    };

    double width = 0;
    double height = 0;
    std::vector<Rect> nodes; ///< same order as LayoutGraph::nodes
    std::vector<Edge> edges; ///< same order as LayoutGraph::edges
};

} // namespace se
