// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisSnapshot.h"
#include "FigureFonts.h"
#include "ZoomableView.h"

namespace se {

class Selection;
class TreeNodeItem;

/// The schedule tree drawn as a tree. Clicking a node selects it and its
/// statements; a selected violation outlines the node where the order
/// breaks. Right-click asks for the node's context menu.
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

Q_SIGNALS:
    /// Right-click on a node (snapshot index) at a global position.
    void nodeMenuRequested(const std::vector<int> &path, const QPoint &globalPos);
    void nodeActivated(const std::vector<int> &path);
    /// A filter was dragged onto a sibling: move child `child` of the
    /// sequence (or set) at `sequence` to index `to`.
    void filterDropped(const std::vector<int> &sequence, int child, int to);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void updateHighlights();
    TreeNodeItem *nodeUnder(const QPoint &viewPos) const;

    Selection *m_selection;
    AnalysisSnapshotPtr m_snapshot;
    FigureFonts m_fonts;
    std::vector<TreeNodeItem *> m_items;
    int m_links = 0;
    TreeNodeItem *m_dragFilter = nullptr; ///< a filter being dragged to reorder its sequence
    QPoint m_pressPos;
    bool m_dragging = false;
};

} // namespace se
