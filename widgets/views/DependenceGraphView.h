// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"
#include "widgets/figures/FigureFonts.h"
#include "widgets/figures/ZoomableView.h"

class QLabel;

namespace se {

class GraphEdgeItem;
class GraphNodeItem;
class Selection;

/// The dependence graph: statements as nodes, one edge per dependence edge,
/// coloured by type (legend in the corner), violated edges red and thick.
/// Clicking a node selects its statement, clicking an edge selects it (an
/// overview edge: the first of its report edges). A big graph is drawn as
/// an overview (GraphOverview), its note in a bar above the scene.
class DependenceGraphView : public ZoomableView {
    Q_OBJECT
public:
    explicit DependenceGraphView(Selection *selection, QWidget *parent = nullptr);

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    void setFonts(const FigureFonts &fonts) { m_fonts = fonts; }
    const std::vector<GraphNodeItem *> &nodeItems() const { return m_nodes; }
    const std::vector<GraphEdgeItem *> &edgeItems() const { return m_edges; }
    /// The bar above the scene saying what an overview draws (hidden for a
    /// full graph).
    const QLabel *noteLabel() const { return m_note; }

Q_SIGNALS:
    /// Right click on an edge (report index): its context menu.
    void edgeMenuRequested(int edge, const QPoint &globalPos);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateHighlights();
    /// Fits the note bar to the width, in the viewport's top margin.
    void layoutNote();
    /// Zooms a fitted overview in until its text is readable.
    void showReadable();
    /// The legend, as scene items above the graph (so exports carry it);
    /// returns its height.
    double addLegend(double width);

    Selection *m_selection;
    AnalysisSnapshotPtr m_snapshot;
    FigureFonts m_fonts;
    std::vector<GraphNodeItem *> m_nodes;
    std::vector<GraphEdgeItem *> m_edges;
    QLabel *m_note;
};

} // namespace se
