// SPDX-License-Identifier: MIT
#include "IterationSpaceItems.h"

#include "GraphEdgeItem.h"
#include "StatementPalette.h"

#include <QPainter>
#include <QPainterPathStroker>

#include <cmath>

namespace se {

namespace {

QPointF unit(QPointF v)
{
    const double len = std::hypot(v.x(), v.y());
    return len < 1e-9 ? QPointF() : v / len;
}

// How far each type's arrow bows out, in dot radii: RAW and WAR between
// the same two instances (a read, then a write of the same element) would
// otherwise lie on top of each other.
double bendOf(const QString &type)
{
    if (type == QLatin1String("WAR"))
        return -0.8;
    if (type == QLatin1String("WAW"))
        return 1.6;
    return 0.8;
}

} // namespace

IterationPointItem::IterationPointItem(int instance, int statementColour, int order, qreal radius, const QFont &font)
    : m_instance(instance), m_colour(statementColour), m_order(order), m_radius(radius), m_font(font)
{
    setZValue(2);
    setAcceptHoverEvents(true);
}

void IterationPointItem::setState(State s)
{
    if (s == m_state)
        return;
    m_state = s;
    update();
}

void IterationPointItem::setShowNumber(bool on)
{
    if (on == m_showNumber)
        return;
    m_showNumber = on;
    update();
}

QRectF IterationPointItem::boundingRect() const
{
    const qreal r = m_radius + 4;
    return QRectF(-r, -r, 2 * r, 2 * r);
}

void IterationPointItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QColor c = StatementPalette::color(m_colour);
    const bool pending = m_state == State::Pending, still = m_state == State::Still;
    // Still: pale, so the arrows over it stay visible; run: solid.
    const QColor fill = pending ? QColor(Qt::white) : still ? StatementPalette::background(m_colour) : c;
    const QColor line = pending ? QColor(0xb0, 0xb6, 0xbe) : c.darker(115);
    p->setPen(QPen(line, pending ? 1.2 : 1.6));
    p->setBrush(still ? QBrush(Qt::white) : QBrush(fill));
    p->drawEllipse(QPointF(0, 0), m_radius, m_radius);
    if (still) {
        p->setBrush(fill);
        p->drawEllipse(QPointF(0, 0), m_radius, m_radius);
    }
    if (m_state == State::Current) {
        p->setBrush(Qt::NoBrush);
        p->setPen(QPen(QColor(0xff, 0xa0, 0x00), 3));
        p->drawEllipse(QPointF(0, 0), m_radius + 2.5, m_radius + 2.5);
    }
    if (m_showNumber) {
        p->setFont(m_font);
        p->setPen(pending ? QColor(0x90, 0x96, 0x9e) : still ? c.darker(140) : QColor(Qt::white));
        p->drawText(QRectF(-m_radius, -m_radius, 2 * m_radius, 2 * m_radius), Qt::AlignCenter,
                    QString::number(m_order));
    }
}

IterationArrowItem::IterationArrowItem(int pair, QPointF from, QPointF to, qreal gap, const QString &type,
                                       bool violated, bool assumed, int edge)
    : m_pair(pair), m_edge(edge), m_type(type), m_violated(violated), m_assumed(assumed)
{
    const QPointF d = to - from;
    const QPointF n(-unit(d).y(), unit(d).x());
    const QPointF c = (from + to) / 2 + n * (gap * bendOf(type));
    const QPointF start = from + unit(c - from) * gap;
    const QPointF end = to + unit(c - to) * (gap + 1);
    m_path.moveTo(start);
    m_path.quadTo(c, end);
    // The head: along the curve's last tangent, ending at the dot's rim.
    const QPointF dir = unit(end - c);
    const qreal size = violated ? 8.5 : 7;
    const QPointF tip = end + dir * 1;
    const QPointF base = tip - dir * size;
    const QPointF nn(-dir.y(), dir.x());
    m_head = QPolygonF({tip, base + nn * size * 0.45, base - nn * size * 0.45});
    setZValue(violated && !assumed ? 1.5 : 1);
    setAcceptHoverEvents(true);
}

QColor IterationArrowItem::color() const
{
    if (m_violated && !m_assumed)
        return GraphEdgeItem::violatedColor();
    return GraphEdgeItem::typeColor(m_type);
}

void IterationArrowItem::setFaded(bool on)
{
    if (on == m_faded)
        return;
    m_faded = on;
    update();
}

void IterationArrowItem::setEmphasised(bool on)
{
    if (on == m_emphasised)
        return;
    prepareGeometryChange();
    m_emphasised = on;
    setZValue(on ? 1.8 : (m_violated && !m_assumed ? 1.5 : 1));
    update();
}

QRectF IterationArrowItem::boundingRect() const
{
    return m_path.boundingRect().united(m_head.boundingRect()).adjusted(-4, -4, 4, 4);
}

QPainterPath IterationArrowItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(7);
    QPainterPath p = s.createStroke(m_path);
    p.addPolygon(m_head);
    return p;
}

void IterationArrowItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    QColor c = color();
    if (m_faded)
        c.setAlphaF(0.18);
    const bool bad = m_violated && !m_assumed;
    QPen pen(c, (bad ? 2.4 : 1.3) + (m_emphasised ? 1.2 : 0), m_assumed ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap,
             Qt::RoundJoin);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    p->drawPath(m_path);
    p->setPen(QPen(c, 1));
    p->setBrush(c);
    p->drawPolygon(m_head);
}

} // namespace se
