// SPDX-License-Identifier: MIT
#include "DependenceGraphView.h"

#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/figures/GraphNodeItem.h"
#include "widgets/document/Selection.h"

#include <QGraphicsScene>
#include <QLabel>
#include <QGraphicsSimpleTextItem>
#include <QContextMenuEvent>
#include <QMouseEvent>

#include <algorithm>

namespace se {

DependenceGraphView::DependenceGraphView(Selection *selection, QWidget *parent)
    : ZoomableView(parent), m_selection(selection), m_fonts(FigureFonts::defaults()), m_note(new QLabel(this))
{
    setScene(new QGraphicsScene(this));
    // A widget, not a scene item: it stays readable however far the big
    // graph it describes is zoomed out.
    m_note->setObjectName(QStringLiteral("graphNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setContentsMargins(8, 4, 8, 4);
    m_note->setStyleSheet(
        QStringLiteral("QLabel { background: #fff8e1; color: #5d4a00; border-bottom: 1px solid #e6d9a8; }"));
    m_note->hide();
    connect(m_selection, &Selection::changed, this, &DependenceGraphView::updateHighlights);
}

double DependenceGraphView::addLegend(double width)
{
    const std::pair<QColor, QString> entries[] = {
        {GraphEdgeItem::typeColor(QStringLiteral("RAW")), tr("RAW (flow)")},
        {GraphEdgeItem::typeColor(QStringLiteral("WAR")), tr("WAR (anti)")},
        {GraphEdgeItem::typeColor(QStringLiteral("WAW")), tr("WAW (output)")},
        {GraphEdgeItem::violatedColor(), tr("violated")},
    };
    // One row, or two when the graph is narrower than the legend.
    const QFontMetricsF fm(m_fonts.small);
    const double row = fm.height() + 4;
    double x = 16, y = 8 + fm.height() / 2;
    for (const auto &[color, text] : entries) {
        const double w = 27 + fm.horizontalAdvance(text) + 14;
        if (x > 16 && x + w > std::max(width, 260.0)) {
            x = 16;
            y += row;
        }
        const bool bad = color == GraphEdgeItem::violatedColor();
        scene()->addLine(x, y, x + 22, y, QPen(color, bad ? 3.2 : 1.6, Qt::SolidLine, Qt::RoundCap));
        auto *t = scene()->addSimpleText(text, m_fonts.small);
        t->setBrush(QColor(0x33, 0x38, 0x40));
        t->setPos(x + 27, y - fm.height() / 2);
        x += w;
    }
    return y + fm.height() / 2 + 8;
}

void DependenceGraphView::layoutNote()
{
    if (m_note->isHidden()) {
        setViewportMargins(0, 0, 0, 0);
        return;
    }
    const int f = frameWidth(), w = width() - 2 * f;
    const int h = m_note->heightForWidth(w);
    setViewportMargins(0, h, 0, 0);
    m_note->setGeometry(f, f, w, h);
}

void DependenceGraphView::resizeEvent(QResizeEvent *event)
{
    layoutNote();
    ZoomableView::resizeEvent(event);
}

void DependenceGraphView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    scene()->clear();
    m_nodes.clear();
    m_edges.clear();
    const QString note = snapshot ? snapshot->graphFigure.note : QString();
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    layoutNote();
    if (!snapshot)
        return;
    if (snapshot->graphDeferred) {
        // Hidden when the analysis ran: laid out when shown.
        setPlaceholder(tr("The dependence graph is laid out when this view is shown."));
        scene()->setSceneRect(QRectF());
        return;
    }
    setPlaceholder(QString());
    const GraphFigure &fig = snapshot->graphFigure;
    if (!fig.error.isEmpty()) {
        scene()->addSimpleText(fig.error)->setBrush(QColor(0xc6, 0x28, 0x28));
        scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-16, -16, 16, 16));
        return;
    }
    for (const auto &n : fig.nodes) {
        auto *item = new GraphNodeItem(n, m_fonts);
        scene()->addItem(item);
        m_nodes.push_back(item);
    }
    for (std::size_t k = 0; k < fig.edges.size(); ++k) {
        const auto &reportEdges = fig.edges[k].reportEdges;
        auto *item =
            new GraphEdgeItem(static_cast<int>(reportEdges.empty() ? k : reportEdges.front()), fig.edges[k], m_fonts);
        scene()->addItem(item);
        m_edges.push_back(item);
    }
    // The legend sits above the graph, in the scene's top margin.
    const double legend = addLegend(fig.size.width());
    for (auto *n : m_nodes)
        n->moveBy(0, legend);
    for (auto *e : m_edges)
        e->moveBy(0, legend);
    scene()->setSceneRect(scene()
                              ->itemsBoundingRect()
                              .adjusted(-8, -8, 8, 8)
                              .united(QRectF(QPointF(0, 0), fig.size + QSizeF(0, legend))));
    updateHighlights();
    // An overview keeps its top left (the legend) when the dock is resized,
    // as when the window first lays out its docks; a fitted graph its centre.
    setResizeAnchor(fig.note.isEmpty() ? QGraphicsView::AnchorViewCenter : QGraphicsView::NoAnchor);
    if (m_autoFit) {
        fit();
        // A tall graph fitted whole is an unreadable column too, overview or not.
        if (!fig.note.isEmpty() || zoom() < 0.45)
            showReadable();
    }
}

void DependenceGraphView::showReadable()
{
    // An overview fitted whole is a grey smear (tiled_matmul_64's is 7,000
    // points tall): open it where its text can be read, at its top left
    // (the legend), scrolled as little as needed to show its first violated
    // edge. Fit (F) still shows it whole.
    constexpr double Readable = 0.7;
    if (zoom() >= Readable)
        return;
    setTransform(QTransform::fromScale(Readable, Readable));
    m_autoFit = false;
    const QRectF r = sceneRect();
    centerOn(r.left() + viewport()->width() / (2 * Readable), r.top() + viewport()->height() / (2 * Readable));
    const auto bad =
        std::find_if(m_edges.begin(), m_edges.end(), [](const GraphEdgeItem *e) { return e->edge().violated; });
    // Its label, not its whole path: a long edge's bounding box reaches far
    // down and scrolling to it pushed the legend out of sight.
    if (bad != m_edges.end()) {
        const QRectF label = (*bad)->edge().labelRect;
        ensureVisible((*bad)->mapRectToScene(label.isEmpty() ? (*bad)->boundingRect() : label), 24, 24);
    }
}

void DependenceGraphView::updateHighlights()
{
    const QStringList &stmts = m_selection->statements();
    for (auto *n : m_nodes)
        n->setSelected(stmts.contains(n->node().statement));
    // An overview edge lights up for any of the report edges it stands for.
    const int selected = m_selection->edge();
    const GraphEdgeItem *shown = nullptr;
    for (auto *e : m_edges) {
        const auto &r = e->edge().reportEdges;
        const bool on = selected >= 0
            && (r.empty() ? e->index() == selected : std::find(r.begin(), r.end(), std::size_t(selected)) != r.end());
        e->setSelected(on);
        if (on && !shown)
            shown = e;
    }
    if (shown)
        ensureVisible(
            shown->mapRectToScene(shown->edge().labelRect.isEmpty() ? shown->boundingRect() : shown->edge().labelRect),
            24, 24);
}

void DependenceGraphView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem *i : items(event->position().toPoint())) {
            if (i->type() == GraphNodeItem::Type) {
                m_selection->selectStatements({static_cast<GraphNodeItem *>(i)->node().statement});
                return;
            }
            if (i->type() == GraphEdgeItem::Type) {
                const auto *e = static_cast<GraphEdgeItem *>(i);
                const auto &fig = m_snapshot->graphFigure;
                m_selection->selectEdge(e->index(),
                                        {fig.nodes[static_cast<std::size_t>(e->edge().src)].statement,
                                         fig.nodes[static_cast<std::size_t>(e->edge().dst)].statement});
                return;
            }
        }
    }
    ZoomableView::mousePressEvent(event);
}

void DependenceGraphView::contextMenuEvent(QContextMenuEvent *event)
{
    for (QGraphicsItem *i : items(event->pos()))
        if (i->type() == GraphEdgeItem::Type) {
            Q_EMIT edgeMenuRequested(static_cast<GraphEdgeItem *>(i)->index(), event->globalPos());
            event->accept();
            return;
        }
    ZoomableView::contextMenuEvent(event);
}

} // namespace se
