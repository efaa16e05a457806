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
    struct Node {
        ScheduleTreeSnapshot::Kind kind = ScheduleTreeSnapshot::Kind::Leaf;
        QRectF rect; ///< in scene coordinates
        std::vector<FigureLabel> labels;
        std::vector<FigureBadge> badges;
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
