// SPDX-License-Identifier: MIT
#include "GraphNodeItem.h"

#include "FigurePainter.h"
#include "StatementPalette.h"

#include <QCursor>
#include <QPainter>

namespace se {

GraphNodeItem::GraphNodeItem(const GraphFigure::Node &node, const FigureFonts &fonts) : m_node(node), m_fonts(fonts)
{
    setPos(node.rect.topLeft());
    setToolTip(node.tooltip);
    setCursor(Qt::PointingHandCursor);
    setZValue(1);
}

void GraphNodeItem::setSelected(bool on)
{
    if (on == m_selected)
        return;
    m_selected = on;
    update();
}

QRectF GraphNodeItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_node.rect.size()).adjusted(-3, -3, 3, 3);
}

void GraphNodeItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF r(QPointF(0, 0), m_node.rect.size());
    const QColor c = StatementPalette::color(m_node.index);
    p->setBrush(m_selected ? QColor(0xff, 0xf6, 0xc4) : QColor(Qt::white));
    p->setPen(QPen(c, m_selected ? 3 : 1.5));
    p->drawRoundedRect(r, 6, 6);
    // A colour strip on the left ties the node to the statement everywhere.
    p->setPen(Qt::NoPen);
    p->setBrush(c);
    p->drawRoundedRect(QRectF(r.left() + 1.5, r.top() + 5, 3, r.height() - 10), 1.5, 1.5);
    FigurePainter::paintLabels(p, m_node.labels, m_fonts);
}

} // namespace se
