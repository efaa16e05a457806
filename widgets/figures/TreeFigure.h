// SPDX-License-Identifier: MIT
#pragma once

#include "Figure.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <QSizeF>
#include <QStringList>

namespace se {

/// The schedule tree laid out for drawing: one box per node of a
/// ScheduleTreeSnapshot (same indices), one path per parent -> child link.
struct TreeFigure {
    /// A band's expression cell (statement row x member column), so that a
    /// double-click can find what to edit.
    struct Cell {
        std::size_t label = 0; ///< index into Node::labels
        int member = 0;
        QString statement; ///< s<id>
    };
    struct Node {
        ScheduleTreeSnapshot::Kind kind = ScheduleTreeSnapshot::Kind::Leaf;
        QRectF rect; ///< in scene coordinates
        std::vector<FigureLabel> labels;
        std::vector<FigureBadge> badges;
        std::vector<Cell> cells; ///< bands only
        QString tooltip;
        QStringList statements; ///< s<id> reaching the node
        std::vector<int> path;
    };
    struct Link {
        int parent = 0;
        int child = 0;
        FigurePath path;
    };

    QSizeF size;
    std::vector<Node> nodes;
    std::vector<Link> links;
    QString error; ///< why there is no picture (layout failed), if so
};

} // namespace se
