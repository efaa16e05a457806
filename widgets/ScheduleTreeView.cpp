// SPDX-License-Identifier: MIT
#include "ScheduleTreeView.h"

#include "Selection.h"
#include "TreeNodeItem.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>

namespace se {

ScheduleTreeView::ScheduleTreeView(Selection *selection, QWidget *parent)
    : ZoomableView(parent), m_selection(selection), m_fonts(FigureFonts::defaults())
{
    setScene(new QGraphicsScene(this));
    connect(m_selection, &Selection::changed, this, &ScheduleTreeView::updateHighlights);
}

void ScheduleTreeView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    scene()->clear();
    m_items.clear();
    m_links = 0;
    m_dragFilter = nullptr;
    m_dragging = false;
    if (!snapshot)
        return;
    const TreeFigure &fig = snapshot->treeFigure;
    if (!fig.error.isEmpty()) {
        scene()->addSimpleText(fig.error)->setBrush(QColor(0xc6, 0x28, 0x28));
        scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-16, -16, 16, 16));
        return;
    }
    for (const auto &link : fig.links) {
        auto *item = scene()->addPath(link.path.path, QPen(QColor(0x78, 0x83, 0x90), 1.4));
        item->setZValue(-1);
        ++m_links;
    }
    for (std::size_t k = 0; k < fig.nodes.size(); ++k) {
        auto *item = new TreeNodeItem(static_cast<int>(k), fig.nodes[k], m_fonts);
        scene()->addItem(item);
        m_items.push_back(item);
    }
    scene()->setSceneRect(QRectF(QPointF(0, 0), fig.size));
    updateHighlights();
    if (m_autoFit)
        fit();
}

TreeNodeItem *ScheduleTreeView::itemAt(const std::vector<int> &path) const
{
    for (auto *item : m_items)
        if (item->node().path == path)
            return item;
    return nullptr;
}

void ScheduleTreeView::updateHighlights()
{
    const QStringList &stmts = m_selection->statements();
    for (auto *item : m_items) {
        TreeNodeItem::Highlight h = TreeNodeItem::Highlight::None;
        const auto &n = item->node();
        if (m_selection->hasTreeNode() && n.path == m_selection->treeNode())
            h = m_selection->violation() >= 0 ? TreeNodeItem::Highlight::Broken : TreeNodeItem::Highlight::Selected;
        else if (!stmts.isEmpty() && (n.kind == ScheduleTreeSnapshot::Kind::Filter
                                      || n.kind == ScheduleTreeSnapshot::Kind::Mark
                                      || n.kind == ScheduleTreeSnapshot::Kind::Leaf)) {
            // The branches that hold the selected statements.
            for (const QString &s : n.statements)
                if (stmts.contains(s))
                    h = TreeNodeItem::Highlight::Related;
        }
        item->setHighlight(h);
    }
    if (m_selection->hasTreeNode())
        if (auto *item = itemAt(m_selection->treeNode()))
            ensureVisible(item, 24, 24);
}

TreeNodeItem *ScheduleTreeView::nodeUnder(const QPoint &viewPos) const
{
    for (QGraphicsItem *i : items(viewPos))
        if (i->type() == TreeNodeItem::Type)
            return static_cast<TreeNodeItem *>(i);
    return nullptr;
}

void ScheduleTreeView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (auto *item = nodeUnder(event->position().toPoint())) {
            m_selection->selectTreeNode(item->node().path, item->node().statements);
            if (item->node().kind == ScheduleTreeSnapshot::Kind::Filter) {
                m_dragFilter = item;
                m_pressPos = event->position().toPoint();
            }
            event->accept();
            return;
        }
    }
    ZoomableView::mousePressEvent(event);
}

void ScheduleTreeView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragFilter && (event->buttons() & Qt::LeftButton)) {
        if (!m_dragging && (event->position().toPoint() - m_pressPos).manhattanLength()
                               >= QApplication::startDragDistance()) {
            m_dragging = true;
            viewport()->setCursor(Qt::ClosedHandCursor);
        }
        event->accept();
        return;
    }
    ZoomableView::mouseMoveEvent(event);
}

void ScheduleTreeView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragFilter) {
        const auto from = m_dragFilter->node().path;
        const bool dragged = m_dragging;
        m_dragFilter = nullptr;
        m_dragging = false;
        viewport()->unsetCursor();
        if (dragged) {
            // Dropped on a sibling filter: that sibling's place is the new one.
            TreeNodeItem *target = nodeUnder(event->position().toPoint());
            if (target && target->node().kind == ScheduleTreeSnapshot::Kind::Filter) {
                const auto to = target->node().path;
                if (to.size() == from.size() && to != from
                    && std::equal(from.begin(), from.end() - 1, to.begin()))
                    Q_EMIT filterDropped(std::vector<int>(from.begin(), from.end() - 1), from.back(), to.back());
            }
        }
        event->accept();
        return;
    }
    ZoomableView::mouseReleaseEvent(event);
}

void ScheduleTreeView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (auto *item = nodeUnder(event->position().toPoint())) {
        Q_EMIT nodeActivated(item->node().path);
        event->accept();
        return;
    }
    ZoomableView::mouseDoubleClickEvent(event);
}

void ScheduleTreeView::contextMenuEvent(QContextMenuEvent *event)
{
    if (auto *item = nodeUnder(event->pos())) {
        m_selection->selectTreeNode(item->node().path, item->node().statements);
        Q_EMIT nodeMenuRequested(item->node().path, event->globalPos());
        event->accept();
        return;
    }
    ZoomableView::contextMenuEvent(event);
}

} // namespace se
