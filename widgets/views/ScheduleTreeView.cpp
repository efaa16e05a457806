// SPDX-License-Identifier: MIT
#include "ScheduleTreeView.h"

#include "widgets/dialogs/MemberExprEditor.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/TreeNodeItem.h"

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
    // The cell may have moved or gone: a new picture ends the edit.
    cancelEdit();
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
        else if (!stmts.isEmpty()
                 && (n.kind == ScheduleTreeSnapshot::Kind::Filter || n.kind == ScheduleTreeSnapshot::Kind::Mark
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
        if (!m_dragging
            && (event->position().toPoint() - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) {
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
                if (to.size() == from.size() && to != from && std::equal(from.begin(), from.end() - 1, to.begin()))
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
        const int cell = cellUnder(item, event->position().toPoint());
        if (cell >= 0 && editCell(item, static_cast<std::size_t>(cell))) {
            event->accept();
            return;
        }
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

int ScheduleTreeView::cellUnder(TreeNodeItem *item, const QPoint &viewPos) const
{
    const QPointF local = item->mapFromScene(mapToScene(viewPos));
    const auto &n = item->node();
    for (std::size_t c = 0; c < n.cells.size(); ++c) {
        // A little slack around the text: short cells (`0`) are narrow.
        const QRectF r = n.labels[n.cells[c].label].rect.adjusted(-4, -1, 4, 1);
        if (r.contains(local))
            return static_cast<int>(c);
    }
    return -1;
}

bool ScheduleTreeView::editCell(TreeNodeItem *item, std::size_t cell)
{
    if (!m_snapshot || !m_snapshot->kernel || !item || cell >= item->node().cells.size())
        return false;
    const TreeFigure::Cell &c = item->node().cells[cell];
    // The full expression from the tree (the label may be elided).
    const int index = m_snapshot->tree.find(item->node().path);
    if (index < 0)
        return false;
    const auto &members = m_snapshot->tree.nodes[static_cast<std::size_t>(index)].members;
    if (c.member < 0 || static_cast<std::size_t>(c.member) >= members.size())
        return false;
    QString current;
    bool found = false;
    for (const auto &p : members[static_cast<std::size_t>(c.member)].parts)
        if (QString::fromStdString(p.statement) == c.statement) {
            current = QString::fromStdString(p.expr);
            found = true;
        }
    if (!found)
        return false;
    cancelEdit();
    m_editPath = item->node().path;
    m_editMember = c.member;
    m_editStatement = c.statement;
    m_editBefore = current;
    m_editCell = item->mapRectToScene(item->node().labels[c.label].rect);
    auto *editor =
        new MemberExprEditor(MemberExprValidator::forKernel(*m_snapshot->kernel), c.statement, current, viewport());
    editor->setFont(m_fonts.mono);
    m_editor = editor;
    connect(editor, &MemberExprEditor::accepted, this, &ScheduleTreeView::finishEdit);
    connect(editor, &MemberExprEditor::cancelled, this, &ScheduleTreeView::cancelEdit);
    placeEditor();
    editor->show();
    editor->setFocus(Qt::MouseFocusReason);
    return true;
}

MemberExprEditor *ScheduleTreeView::memberEditor() const
{
    return m_editor.data();
}

void ScheduleTreeView::placeEditor()
{
    if (m_editor)
        m_editor->place(mapFromScene(m_editCell).boundingRect());
}

void ScheduleTreeView::cancelEdit()
{
    if (!m_editor)
        return;
    MemberExprEditor *editor = m_editor;
    m_editor = nullptr;
    // Its signals may be on the stack (Enter, focus loss): delete later,
    // and hear nothing more from it.
    editor->disconnect(this);
    editor->hide();
    editor->deleteLater();
    if (viewport()->isVisible())
        setFocus(Qt::OtherFocusReason);
}

void ScheduleTreeView::finishEdit(const QString &expression)
{
    const std::vector<int> path = m_editPath;
    const int member = m_editMember;
    const QString statement = m_editStatement;
    const bool changed = expression != m_editBefore;
    cancelEdit();
    if (changed)
        Q_EMIT editRequested(Edit::memberExpr(path, member, statement.toStdString(), expression.toStdString()));
}

void ScheduleTreeView::scrollContentsBy(int dx, int dy)
{
    ZoomableView::scrollContentsBy(dx, dy);
    placeEditor();
}

void ScheduleTreeView::wheelEvent(QWheelEvent *event)
{
    ZoomableView::wheelEvent(event);
    placeEditor();
}

void ScheduleTreeView::keyPressEvent(QKeyEvent *event)
{
    ZoomableView::keyPressEvent(event);
    placeEditor();
}

void ScheduleTreeView::resizeEvent(QResizeEvent *event)
{
    ZoomableView::resizeEvent(event);
    placeEditor();
}

} // namespace se
