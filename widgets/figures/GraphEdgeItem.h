// SPDX-License-Identifier: MIT
#pragma once

#include "FigureFonts.h"
#include "GraphFigure.h"

#include <QGraphicsItem>

namespace se {

/// A dependence edge: a curve coloured by type (RAW, WAR, WAW), red and
/// thick when violated, with an arrow head and a boxed label.
class GraphEdgeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };

    GraphEdgeItem(int index, const GraphFigure::Edge &edge, const FigureFonts &fonts);

    int type() const override { return Type; }
    int index() const { return m_index; }
    const GraphFigure::Edge &edge() const { return m_edge; }
    void setSelected(bool on);
    bool isSelectedEdge() const { return m_selected; }
    /// The colour drawn: red when violated, else the type's.
    QColor color() const;
    double penWidth() const;

    static QColor typeColor(const QString &type);
    static QColor violatedColor();

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QPolygonF arrowHead() const;

    int m_index;
    GraphFigure::Edge m_edge;
    FigureFonts m_fonts;
    bool m_selected = false;
};

} // namespace se
