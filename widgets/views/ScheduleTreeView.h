// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"
#include "widgets/figures/FigureFonts.h"
#include "widgets/figures/ZoomableView.h"
#include "core/edit/Edit.h"

#include <QPointer>

namespace se {

class MemberExprEditor;
class Selection;
class TreeNodeItem;

/// The schedule tree drawn as a tree. Clicking a node selects it and its
/// statements; a selected violation outlines the node where the order
/// breaks. Right-click asks for the node's context menu. Double-clicking a
/// band's expression cell edits it in place (editRequested on Enter).
class ScheduleTreeView : public ZoomableView {
    Q_OBJECT
public:
    explicit ScheduleTreeView(Selection *selection, QWidget *parent = nullptr);

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    void setFonts(const FigureFonts &fonts) { m_fonts = fonts; }
    /// One item per tree node, by snapshot index (for tests).
    const std::vector<TreeNodeItem *> &nodeItems() const { return m_items; }
    int linkCount() const { return m_links; }
    /// The node item at `path`, or nullptr.
    TreeNodeItem *itemAt(const std::vector<int> &path) const;
    /// Opens the inline editor on cell `cell` of `item` (a band's
    /// TreeFigure::Node::cells); false when there is no such cell.
    bool editCell(TreeNodeItem *item, std::size_t cell);
    /// The open inline editor, or nullptr.
    MemberExprEditor *memberEditor() const;
    /// Closes the inline editor without an edit.
    void cancelEdit();

Q_SIGNALS:
    /// Right-click on a node (snapshot index) at a global position.
    void nodeMenuRequested(const std::vector<int> &path, const QPoint &globalPos);
    void nodeActivated(const std::vector<int> &path);
    /// A filter was dragged onto a sibling: move child `child` of the
    /// sequence (or set) at `sequence` to index `to`.
    void filterDropped(const std::vector<int> &sequence, int child, int to);
    /// The inline editor's edit (a member expression), to apply through
    /// the Explorer.
    void editRequested(const se::Edit &edit);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateHighlights();
    TreeNodeItem *nodeUnder(const QPoint &viewPos) const;
    /// The cell of `item` under `viewPos`, or -1.
    int cellUnder(TreeNodeItem *item, const QPoint &viewPos) const;
    /// Keeps the inline editor over its cell after a scroll or zoom.
    void placeEditor();
    void finishEdit(const QString &expression);

    Selection *m_selection;
    AnalysisSnapshotPtr m_snapshot;
    FigureFonts m_fonts;
    std::vector<TreeNodeItem *> m_items;
    int m_links = 0;
    TreeNodeItem *m_dragFilter = nullptr; ///< a filter being dragged to reorder its sequence
    QPoint m_pressPos;
    bool m_dragging = false;
    // The inline member-expression editor and the cell it edits.
    QPointer<MemberExprEditor> m_editor;
    std::vector<int> m_editPath;
    int m_editMember = 0;
    QString m_editStatement;
    QString m_editBefore;
    QRectF m_editCell; ///< in scene coordinates
};

} // namespace se
