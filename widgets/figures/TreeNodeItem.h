// SPDX-License-Identifier: MIT
#pragma once

#include "FigureFonts.h"
#include "TreeFigure.h"

#include <QGraphicsItem>

namespace se {

/// One schedule tree node: a shape per kind (domain, band, sequence, set,
/// filter, mark, leaf) with its precomputed labels and flag badges.
class TreeNodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    enum class Highlight { None, Related, Selected, Broken };

    TreeNodeItem(int index, const TreeFigure::Node &node, const FigureFonts &fonts);

    int type() const override { return Type; }
    int index() const { return m_index; }
    const TreeFigure::Node &node() const { return m_node; }
    void setHighlight(Highlight h);
    Highlight highlight() const { return m_highlight; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// The outline of a node of that kind in `r`.
    static QPainterPath outline(ScheduleTreeSnapshot::Kind kind, const QRectF &r);
    static QColor fill(ScheduleTreeSnapshot::Kind kind);
    static QColor border(ScheduleTreeSnapshot::Kind kind);

private:
    int m_index;
    TreeFigure::Node m_node;
    FigureFonts m_fonts;
    Highlight m_highlight = Highlight::None;
};

} // namespace se
