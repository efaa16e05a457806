// SPDX-License-Identifier: MIT
#pragma once

#include "FigureFonts.h"
#include "GraphFigure.h"

#include <QGraphicsItem>

namespace se {

/// A statement of the dependence graph: a box in the statement's colour.
class GraphNodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };

    GraphNodeItem(const GraphFigure::Node &node, const FigureFonts &fonts);

    int type() const override { return Type; }
    const GraphFigure::Node &node() const { return m_node; }
    void setSelected(bool on);
    bool isSelectedStatement() const { return m_selected; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    GraphFigure::Node m_node;
    FigureFonts m_fonts;
    bool m_selected = false;
};

} // namespace se
