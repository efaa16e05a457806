// SPDX-License-Identifier: MIT
#include "GraphEdgeItem.h"

#include "FigurePainter.h"

#include <QCursor>
#include <QPainter>
#include <QPainterPathStroker>

#include <cmath>

namespace se {

GraphEdgeItem::GraphEdgeItem(int index, const GraphFigure::Edge &edge, const FigureFonts &fonts)
    : m_index(index), m_edge(edge), m_fonts(fonts)
{
    setToolTip(edge.tooltip);
    setCursor(Qt::PointingHandCursor);
    setZValue(edge.violated ? 0.5 : 0);
}

QColor GraphEdgeItem::typeColor(const QString &type)
{
    if (type == QLatin1String("RAW"))
        return QColor(0x15, 0x65, 0xc0);
    if (type == QLatin1String("WAR"))
        return QColor(0x2e, 0x7d, 0x32);
    if (type == QLatin1String("WAW"))
        return QColor(0x8e, 0x24, 0xaa);
    return QColor(0x60, 0x60, 0x60);
}

QColor GraphEdgeItem::violatedColor()
{
    return QColor(0xd5, 0x00, 0x00);
}

QColor GraphEdgeItem::color() const
{
    return m_edge.violated ? violatedColor() : typeColor(m_edge.type);
}

double GraphEdgeItem::penWidth() const
{
    return (m_edge.violated ? 3.2 : 1.4) + (m_selected ? 1.6 : 0);
}

void GraphEdgeItem::setSelected(bool on)
{
    if (on == m_selected)
        return;
    prepareGeometryChange();
    m_selected = on;
    setZValue(on ? 2 : (m_edge.violated ? 0.5 : 0));
    update();
}

QPolygonF GraphEdgeItem::arrowHead() const
{
    if (!m_edge.path.hasArrow)
        return {};
    const QPointF tip = m_edge.path.arrowTip, base = m_edge.path.arrowBase;
    QPointF d = tip - base;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1e-6)
        return {};
    d /= len;
    const QPointF n(-d.y(), d.x());
    const double half = m_edge.violated ? 5.5 : 4.5;
    return QPolygonF({tip, base + n * half, base - n * half});
}

QRectF GraphEdgeItem::boundingRect() const
{
    return m_edge.path.path.boundingRect()
        .united(arrowHead().boundingRect())
        .united(m_edge.labelRect)
        .adjusted(-6, -6, 6, 6);
}

QPainterPath GraphEdgeItem::shape() const
{
    // Easy to hit: a wide band around the curve, plus the label.
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    QPainterPath s = stroker.createStroke(m_edge.path.path);
    s.addPolygon(arrowHead());
    s.addRect(m_edge.labelRect);
    return s;
}

void GraphEdgeItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QColor c = color();
    p->setBrush(Qt::NoBrush);
    p->setPen(
        QPen(c, penWidth(), m_edge.assumed.isEmpty() ? Qt::SolidLine : Qt::DashLine, Qt::RoundCap, Qt::RoundJoin));
    p->drawPath(m_edge.path.path);
    p->setBrush(c);
    p->setPen(QPen(c, 1));
    p->drawPolygon(arrowHead());
    if (m_edge.labelRect.isEmpty()) // an overview's unlabelled edge
        return;
    // The label sits on a white card so curves crossing it stay readable.
    p->setBrush(QColor(255, 255, 255, 235));
    p->setPen(QPen(m_selected || m_edge.violated ? c : QColor(0xcf, 0xd4, 0xda), m_selected ? 2 : 1));
    p->drawRoundedRect(m_edge.labelRect, 3, 3);
    if (!m_edge.assumed.isEmpty()) {
        p->setBrush(QColor(0xff, 0xf1, 0xc1));
        p->setPen(QPen(QColor(0xb2, 0x80, 0x00), 1));
        p->drawRoundedRect(m_edge.badgeRect.translated(m_edge.labelRect.topLeft()), 6, 6);
    }
    FigurePainter::paintLabels(p, m_edge.labels, m_fonts, m_edge.labelRect.topLeft());
}

} // namespace se
