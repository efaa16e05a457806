// SPDX-License-Identifier: MIT
#pragma once

#include "Figure.h"

#include <QSizeF>
#include <QStringList>

namespace se {

/// The dependence graph laid out for drawing: statements as nodes, one edge
/// per dependence edge of the CheckReport (same indices), or, for a big
/// graph, an overview whose edges each stand for several report edges
/// (`reportEdges`; `note` says what is drawn).
struct GraphFigure {
    struct Node {
        QString statement; ///< s<id>
        int index = 0; ///< program order, for the colour
        QRectF rect;
        std::vector<FigureLabel> labels;
        QString tooltip;
    };
    struct Edge {
        int src = 0; ///< node index
        int dst = 0;
        QString type; ///< RAW, WAR, WAW
        bool violated = false;
        QString assumed; ///< the reason, when an override assumes the edge absent
        QRectF badgeRect; ///< the "assumed absent" badge, relative to labelRect
        FigurePath path;
        QRectF labelRect; ///< scene coordinates
        std::vector<FigureLabel> labels; ///< relative to labelRect
        QString tooltip;
        /// The report edges drawn by this edge: just its own in a full
        /// graph; a statement pair's (or a node's self loops) in an
        /// overview, violated first. The first one stands for the edge.
        std::vector<std::size_t> reportEdges;
    };

    QSizeF size;
    std::vector<Node> nodes;
    std::vector<Edge> edges;
    QString error;
    /// Empty when every report edge is drawn; else what the overview shows.
    QString note;
};

} // namespace se
