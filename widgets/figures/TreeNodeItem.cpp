// SPDX-License-Identifier: MIT
#include "TreeNodeItem.h"

#include "FigurePainter.h"

#include <QCursor>
#include <QPainter>

namespace se {

using Kind = ScheduleTreeSnapshot::Kind;

TreeNodeItem::TreeNodeItem(int index, const TreeFigure::Node &node, const FigureFonts &fonts)
    : m_index(index), m_node(node), m_fonts(fonts)
{
    setPos(node.rect.topLeft());
    setToolTip(node.tooltip);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    setFlag(QGraphicsItem::ItemIsSelectable, false); // selection lives in se::Selection
}

void TreeNodeItem::setHighlight(Highlight h)
{
    if (h == m_highlight)
        return;
    m_highlight = h;
    update();
}

QRectF TreeNodeItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_node.rect.size()).adjusted(-4, -4, 4, 4);
}

QPainterPath TreeNodeItem::shape() const
{
    return outline(m_node.kind, QRectF(QPointF(0, 0), m_node.rect.size()));
}

QPainterPath TreeNodeItem::outline(Kind kind, const QRectF &r)
{
    QPainterPath p;
    switch (kind) {
    case Kind::Sequence:
    case Kind::Set: p.addRoundedRect(r, r.height() / 2, r.height() / 2); break;
    case Kind::Leaf: p.addEllipse(r); break;
    case Kind::Filter: {
        // Chamfered corners: a funnel-ish hexagon.
        const double c = std::min(8.0, r.height() / 3);
        p.moveTo(r.left() + c, r.top());
        p.lineTo(r.right() - c, r.top());
        p.lineTo(r.right(), r.top() + c);
        p.lineTo(r.right(), r.bottom() - c);
        p.lineTo(r.right() - c, r.bottom());
        p.lineTo(r.left() + c, r.bottom());
        p.lineTo(r.left(), r.bottom() - c);
        p.lineTo(r.left(), r.top() + c);
        p.closeSubpath();
        break;
    }
    case Kind::Mark: {
        // A tag: pointed on the left.
        const double c = r.height() / 2;
        p.moveTo(r.left(), r.center().y());
        p.lineTo(r.left() + std::min(c, 10.0), r.top());
        p.lineTo(r.right(), r.top());
        p.lineTo(r.right(), r.bottom());
        p.lineTo(r.left() + std::min(c, 10.0), r.bottom());
        p.closeSubpath();
        break;
    }
    case Kind::Domain: p.addRoundedRect(r, 8, 8); break;
    default: p.addRoundedRect(r, 3, 3); break;
    }
    return p;
}

QColor TreeNodeItem::fill(Kind kind)
{
    switch (kind) {
    case Kind::Domain: return QColor(0xec, 0xef, 0xf4);
    case Kind::Band: return QColor(0xe8, 0xf0, 0xfe);
    case Kind::Sequence: return QColor(0xff, 0xf1, 0xe0);
    case Kind::Set: return QColor(0xe0, 0xf4, 0xf3);
    case Kind::Filter: return QColor(0xf4, 0xec, 0xf8);
    case Kind::Mark: return QColor(0xfd, 0xf8, 0xdc);
    case Kind::Leaf: return QColor(0xf3, 0xf3, 0xf3);
    default: return QColor(0xee, 0xee, 0xee);
    }
}

QColor TreeNodeItem::border(Kind kind)
{
    switch (kind) {
    case Kind::Domain: return QColor(0x3b, 0x4a, 0x5a);
    case Kind::Band: return QColor(0x1f, 0x5f, 0x9e);
    case Kind::Sequence: return QColor(0xc2, 0x5e, 0x00);
    case Kind::Set: return QColor(0x13, 0x8a, 0x99);
    case Kind::Filter: return QColor(0x7a, 0x4f, 0xa3);
    case Kind::Mark: return QColor(0x8a, 0x7a, 0x12);
    case Kind::Leaf: return QColor(0x9e, 0x9e, 0x9e);
    default: return QColor(0x60, 0x60, 0x60);
    }
}

void TreeNodeItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF r(QPointF(0, 0), m_node.rect.size());
    const QPainterPath path = outline(m_node.kind, r);
    QColor f = fill(m_node.kind);
    if (m_highlight == Highlight::Related)
        f = QColor(0xff, 0xf6, 0xc4);
    QPen pen(border(m_node.kind), 1.2);
    if (m_node.kind == Kind::Set)
        pen.setStyle(Qt::DashLine);
    if (m_highlight == Highlight::Selected)
        pen = QPen(QColor(0x0d, 0x47, 0xa1), 3);
    else if (m_highlight == Highlight::Broken)
        pen = QPen(QColor(0xd5, 0x00, 0x00), 3);
    p->setPen(pen);
    p->setBrush(f);
    p->drawPath(path);
    if (m_node.kind == Kind::Band && !m_node.labels.empty()) {
        // A rule under the title separates the band's grid.
        const double y = m_node.labels.front().rect.bottom() + 2;
        p->setPen(QPen(border(m_node.kind).lighter(160), 1));
        p->drawLine(QPointF(6, y), QPointF(r.width() - 6, y));
    }
    FigurePainter::paintLabels(p, m_node.labels, m_fonts);
    FigurePainter::paintBadges(p, m_node.badges, m_fonts);
}

} // namespace se
