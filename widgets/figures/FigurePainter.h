// SPDX-License-Identifier: MIT
#pragma once

#include "Figure.h"
#include "FigureFonts.h"

class QPainter;

namespace se {

/// Paints the labels and badges of figures, the same way in every view.
class FigurePainter {
public:
    static void paintLabels(QPainter *p, const std::vector<FigureLabel> &labels, const FigureFonts &fonts,
                            QPointF origin = {});
    static void paintBadges(QPainter *p, const std::vector<FigureBadge> &badges, const FigureFonts &fonts,
                            QPointF origin = {});
    static QColor toneColor(const FigureLabel &l);
};

} // namespace se
