// SPDX-License-Identifier: MIT
#include "GraphFigureBuilder.h"
#include "widgets/common/QtString.h"

#include "FigureText.h"
#include "GraphOverview.h"
#include "core/layout/GraphLayoutMemo.h"

#include <QTransform>

#include <algorithm>
#include <cmath>
#include <map>

namespace se {

namespace {

using Font = FigureLabel::Font;
using Tone = FigureLabel::Tone;

constexpr double NodePad = 8;
constexpr double LabelPad = 3;
constexpr double MaxNodeText = 240;
constexpr double LoopGap = 3;
constexpr double MaxEdgeText = 200; ///< an edge label's line, elided beyond

QString access(const Access &a)
{
    QStringList idx;
    for (const auto &e : a.index)
        idx << q(e->str());
    return q(a.tensor) + QLatin1Char('[') + idx.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString accessList(const std::vector<Access> &list)
{
    QStringList out;
    for (const auto &a : list)
        out << access(a);
    return out.join(QStringLiteral(", "));
}

QString nodeTooltip(const Statement &s)
{
    QString t = QStringLiteral("<b>%1</b>").arg(q(s.tupleName()));
    if (!s.op.empty())
        t += QStringLiteral(" (%1)").arg(q(s.op).toHtmlEscaped());
    if (!s.text.empty())
        t += QStringLiteral("<br><tt>%1</tt>").arg(q(s.text).toHtmlEscaped());
    if (!s.iterators.empty()) {
        QStringList its;
        for (const auto &i : s.iterators)
            its << q(i);
        t += QStringLiteral("<br>loops: ") + its.join(QStringLiteral(", "));
    }
    if (!s.writes.empty())
        t += QStringLiteral("<br>writes: <tt>%1</tt>").arg(accessList(s.writes).toHtmlEscaped());
    if (!s.reads.empty())
        t += QStringLiteral("<br>reads: <tt>%1</tt>").arg(accessList(s.reads).toHtmlEscaped());
    return t;
}

QString edgeTooltip(const EdgeReport &e, const ViolationReport *v)
{
    QString t = QStringLiteral("<b>%1</b> %2 &rarr; %3 on <b>%4</b>")
                    .arg(q(e.type), q(e.src), q(e.dst), q(e.allocation).toHtmlEscaped());
    if (e.count)
        t += QStringLiteral("<br>%1 instance pairs").arg(*e.count);
    t += QStringLiteral("<br>direction over shared loops: <tt>%1</tt>").arg(q(e.directionText()).toHtmlEscaped());
    if (!e.distance.empty())
        t += QStringLiteral("<br>distance: <tt>%1</tt>").arg(q(e.distance).toHtmlEscaped());
    t += QStringLiteral("<br>relation: <tt>%1</tt>").arg(q(e.relation).toHtmlEscaped());
    if (v)
        t +=
            QStringLiteral("<br><font color=\"#b00020\"><b>violated:</b> %1</font>").arg(q(v->message).toHtmlEscaped());
    if (!e.assumedAbsent.empty())
        t += QStringLiteral("<br><b>assumed absent:</b> <i>%1</i> (ignored by the check)")
                 .arg(q(e.assumedAbsent).toHtmlEscaped());
    return t;
}

/// "violated" for a pair of one edge, else how many of its edges are.
QString violatedText(std::size_t edges, std::size_t bad)
{
    return edges == 1 ? QStringLiteral("violated") : QStringLiteral("%1 violated").arg(bad);
}

/// One line for a pair of the overview (`RAW · A +3`), and how many of its
/// edges are violated.
template <typename Line>
std::size_t overviewLabel(const GraphOverview::Group &group, const CheckReport &report,
                          const std::vector<const ViolationReport *> &violationOf, const Line &line, Tone tone)
{
    const EdgeReport &e = report.edges[group.edges.front()];
    QString head = q(e.type) + QStringLiteral(" \u00b7 ") + q(e.allocation);
    if (group.edges.size() > 1)
        head += QStringLiteral(" +%1").arg(group.edges.size() - 1);
    line(head, Font::Small, tone);
    const auto bad =
        std::count_if(group.edges.begin(), group.edges.end(), [&](std::size_t i) { return violationOf[i]; });
    if (bad)
        line(violatedText(group.edges.size(), static_cast<std::size_t>(bad)), Font::Small, Tone::Bad);
    return static_cast<std::size_t>(bad);
}

/// Every edge of an overview pair, one line each (up to a screenful).
QString groupTooltip(const GraphOverview::Group &group, const CheckReport &report,
                     const std::vector<const ViolationReport *> &violationOf)
{
    constexpr std::size_t MaxRows = 16;
    const EdgeReport &first = report.edges[group.edges.front()];
    QString t =
        QStringLiteral("<b>%1 &rarr; %2</b>: %3 dependences").arg(q(first.src), q(first.dst)).arg(group.edges.size());
    for (std::size_t n = 0; n < group.edges.size() && n < MaxRows; ++n) {
        const EdgeReport &e = report.edges[group.edges[n]];
        QString row = QStringLiteral("<b>%1</b> on %2 <tt>%3</tt>")
                          .arg(q(e.type), q(e.allocation).toHtmlEscaped(), q(e.directionText()).toHtmlEscaped());
        if (e.count)
            row += QStringLiteral(", %1 pairs").arg(*e.count);
        if (!e.assumedAbsent.empty())
            row += QStringLiteral(", <b>assumed absent:</b> <i>%1</i>").arg(q(e.assumedAbsent).toHtmlEscaped());
        if (violationOf[group.edges[n]])
            row = QStringLiteral("<font color=\"#b00020\">%1, <b>violated</b></font>").arg(row);
        t += QStringLiteral("<br>") + row;
    }
    if (group.edges.size() > MaxRows)
        t += QStringLiteral("<br>&hellip; and %1 more (see the Dependences table)").arg(group.edges.size() - MaxRows);
    return t;
}

QPainterPath pathOf(const GraphLayout::Edge &e, QPointF offset)
{
    QPainterPath p;
    if (e.points.empty())
        return p;
    const auto pt = [&](const GraphLayout::Point &g) { return QPointF(g.x, g.y) + offset; };
    p.moveTo(pt(e.points[0]));
    for (std::size_t k = 1; k + 2 < e.points.size(); k += 3)
        p.cubicTo(pt(e.points[k]), pt(e.points[k + 1]), pt(e.points[k + 2]));
    return p;
}

// Where the segment from r's centre towards `toward` leaves r.
QPointF border(const QRectF &r, QPointF toward)
{
    const QPointF c = r.center(), d = toward - c;
    double f = 1;
    if (d.x() != 0)
        f = std::min(f, r.width() / 2 / std::abs(d.x()));
    if (d.y() != 0)
        f = std::min(f, r.height() / 2 / std::abs(d.y()));
    return c + d * f;
}

// A pair drawn over the layout (GraphOverview::Group::laidOut): a curve from
// box to box, bent to one side so that it does not run through the nodes of
// a straight chain between them, with its arrow and its label at its middle.
void placeOver(GraphFigure::Edge &fe, const QRectF &from, const QRectF &to)
{
    constexpr double ArrowLength = 10;
    const QPointF a = border(from, to.center()), tip = border(to, from.center());
    const QPointF d = tip - a;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1)
        return; // overlapping boxes: nothing sensible to draw
    QPointF side(-d.y() / len, d.x() / len);
    if (side.x() < 0 || (side.x() == 0 && side.y() < 0))
        side = -side; // to the right (or down): the layout starts at the top left
    const QPointF base = tip - d / len * ArrowLength;
    const QPointF control = (a + base) / 2 + side * (0.25 * len);
    QPainterPath path(a);
    path.quadTo(control, base);
    fe.path.path = path;
    fe.path.hasArrow = true;
    fe.path.arrowBase = base;
    fe.path.arrowTip = tip;
    // The control point is on the perpendicular bisector of a and base: the
    // curve is symmetric, so half its length is at half its parameter
    // (QPainterPath::pointAtPercent measured the length of each of a
    // thousand edges numerically).
    fe.labelRect.moveCenter((a + 2 * control + base) / 4);
}

} // namespace

QString GraphFigureBuilder::accessSummary(const Statement &s)
{
    QString out = accessList(s.writes);
    const QString reads = accessList(s.reads);
    if (!reads.isEmpty())
        out += (out.isEmpty() ? QString() : QStringLiteral(" ")) + QStringLiteral("\u2190 ") + reads;
    return out;
}

GraphFigure GraphFigureBuilder::build(const Kernel &kernel, const CheckReport &report, const FigureFonts &fonts,
                                      GraphLayoutMemo *memo)
{
    GraphFigure fig;
    const FigureText ft(fonts);
    LayoutGraph g;
    g.nodeSeparation = 36;
    g.rankSeparation = 40;

    std::map<std::string, int> nodeOf;
    const auto &places = kernel.statements();
    for (std::size_t k = 0; k < places.size(); ++k) {
        const Statement &s = *places[k].statement;
        GraphFigure::Node n;
        n.statement = q(s.tupleName());
        n.index = static_cast<int>(k);
        double y = NodePad;
        const FigureLabel name = ft.label(n.statement, Font::Title, NodePad, y, 120, Tone::Statement, n.index);
        n.labels.push_back(name);
        double w = name.rect.right();
        if (!s.op.empty()) {
            n.labels.push_back(ft.label(q(s.op), Font::Body, name.rect.right() + 6, y, 160));
            w = n.labels.back().rect.right();
        }
        y += ft.lineHeight(Font::Title) + 2;
        const QString text = s.text.empty() ? accessSummary(s) : q(s.text);
        if (!text.isEmpty()) {
            n.labels.push_back(ft.label(text, Font::Mono, NodePad, y, MaxNodeText, Tone::Muted));
            w = std::max(w, n.labels.back().rect.right());
            y += ft.lineHeight(Font::Mono);
        }
        n.tooltip = nodeTooltip(s);
        n.rect = QRectF(0, 0, std::max(w + NodePad, 60.0), y + NodePad);
        g.nodes.push_back({n.rect.width(), n.rect.height()});
        nodeOf[s.tupleName()] = n.index;
        fig.nodes.push_back(std::move(n));
    }

    std::vector<const ViolationReport *> violationOf(report.edges.size(), nullptr);
    for (const auto &v : report.violations)
        if (v.edge < violationOf.size())
            violationOf[v.edge] = &v;

    // Which edges to draw: all of them, or for a big graph an overview of
    // statement pairs (see GraphOverview).
    std::vector<GraphOverview::Input> inputs(report.edges.size());
    for (std::size_t k = 0; k < report.edges.size(); ++k) {
        const EdgeReport &e = report.edges[k];
        const auto src = nodeOf.find(e.src), dst = nodeOf.find(e.dst);
        if (src == nodeOf.end() || dst == nodeOf.end())
            continue; // a report of another kernel: nothing sensible to draw
        inputs[k] = {src->second, dst->second, violationOf[k] != nullptr, !e.assumedAbsent.empty()};
    }
    const GraphOverview::Plan plan = GraphOverview::plan(fig.nodes.size(), inputs);
    fig.note = plan.note;

    // Graphviz routes several self-loops of one node as nested loops whose
    // outer ones cross the inner ones' labels: give it one loop per node with
    // one label holding every row, and draw the loops nested inside it.
    std::map<int, std::vector<std::size_t>> loopsOf; // node -> figure edges
    std::vector<std::size_t> over; // figure edges drawn over the layout
    for (const GraphOverview::Group &group : plan.groups) {
        const std::size_t k = group.edges.front();
        const EdgeReport &e = report.edges[k];
        GraphFigure::Edge edge;
        edge.src = group.src;
        edge.dst = group.dst;
        edge.type = q(e.type);
        edge.reportEdges = group.edges;
        edge.violated = violationOf[k] != nullptr;
        const Tone tone = edge.violated ? Tone::Bad : Tone::Normal;
        double y = LabelPad, w = 0;
        const auto line = [&](const QString &text, Font f, Tone t) {
            edge.labels.push_back(ft.label(text, f, LabelPad, y, MaxEdgeText, t));
            w = std::max(w, edge.labels.back().rect.right());
            y += ft.lineHeight(f);
        };
        if (plan.overview) {
            const auto firstAssumed = std::find_if(group.edges.begin(), group.edges.end(), [&](std::size_t i) {
                return !report.edges[i].assumedAbsent.empty();
            });
            if (firstAssumed != group.edges.end())
                edge.assumed = q(report.edges[*firstAssumed].assumedAbsent);
            if (group.laidOut ? plan.labels : plan.extraLabels) {
                const std::size_t bad = overviewLabel(group, report, violationOf, line, tone);
                if (group.laidOut) {
                    // Room for the "violated" line whether it is there or not:
                    // the label's size, and so the layout, stays the same when
                    // an edit breaks or mends the pair.
                    const QString most = violatedText(group.edges.size(), group.edges.size());
                    w = std::max(w, LabelPad + std::min(ft.width(most, Font::Small), MaxEdgeText));
                    if (!bad) { // the head line in the middle of the room
                        edge.labels.back().rect.translate(0, ft.lineHeight(Font::Small) / 2);
                        y += ft.lineHeight(Font::Small);
                    }
                }
            }
            edge.tooltip =
                group.edges.size() == 1 ? edgeTooltip(e, violationOf[k]) : groupTooltip(group, report, violationOf);
        } else {
            line(q(e.type) + QStringLiteral(" \u00b7 ") + q(e.allocation), Font::Small, tone);
            line(q(e.directionText()), Font::Small, Tone::Muted);
            if (edge.violated) {
                const auto &v = *violationOf[k];
                line(v.count ? QStringLiteral("violated (%1 pairs)").arg(*v.count) : QStringLiteral("violated"),
                     Font::Small, Tone::Bad);
            } else if (e.count) {
                line(QStringLiteral("%1 pairs").arg(*e.count), Font::Small, Tone::Muted);
            }
            if (!e.assumedAbsent.empty())
                edge.assumed = q(e.assumedAbsent);
            edge.tooltip = edgeTooltip(e, violationOf[k]);
        }
        if (!edge.assumed.isEmpty()
            && (!plan.overview || plan.labels)) { // the override's badge, a pill around its line
            y += 2;
            line(QStringLiteral("assumed absent"), Font::Small, Tone::Normal);
            edge.badgeRect = edge.labels.back().rect.adjusted(-2, -1, 3, 1);
            w = std::max(w, edge.badgeRect.right());
            y += 2;
        }
        // No label at all: a zero-sized rect, which Graphviz takes as none.
        edge.labelRect = edge.labels.empty() ? QRectF() : QRectF(0, 0, w + LabelPad, y + LabelPad);
        if (edge.src == edge.dst)
            loopsOf[edge.src].push_back(fig.edges.size());
        else if (!group.laidOut)
            over.push_back(fig.edges.size());
        else
            g.edges.push_back({static_cast<std::size_t>(edge.src), static_cast<std::size_t>(edge.dst),
                               edge.labelRect.width(), edge.labelRect.height()});
        fig.edges.push_back(std::move(edge));
    }
    const std::size_t firstLoop = g.edges.size();
    for (const auto &[node, loops] : loopsOf) {
        double w = 0, h = 0;
        for (std::size_t k : loops) {
            w = std::max(w, fig.edges[k].labelRect.width());
            h += fig.edges[k].labelRect.height() + LoopGap;
        }
        g.edges.push_back({static_cast<std::size_t>(node), static_cast<std::size_t>(node), w, h - LoopGap});
    }

    if (g.nodes.empty())
        return fig;
    try {
        GraphLayoutMemo own; // none given: one for this figure
        const GraphLayout &l = (memo ? *memo : own).compute(g);
        const QPointF margin(16, 16);
        fig.size = QSizeF(l.width + 32, l.height + 32);
        for (std::size_t k = 0; k < l.nodes.size(); ++k)
            fig.nodes[k].rect =
                QRectF(l.nodes[k].x, l.nodes[k].y, l.nodes[k].width, l.nodes[k].height).translated(margin);
        const auto place = [&](GraphFigure::Edge &fe, const GraphLayout::Edge &le, const QTransform &t) {
            fe.path.path = t.map(pathOf(le, margin));
            fe.path.hasArrow = le.hasArrow;
            if (!le.points.empty())
                fe.path.arrowBase = t.map(QPointF(le.points.back().x, le.points.back().y) + margin);
            fe.path.arrowTip = t.map(QPointF(le.arrowTip.x, le.arrowTip.y) + margin);
        };
        std::size_t li = 0, oi = 0;
        for (std::size_t k = 0; k < fig.edges.size(); ++k) {
            auto &fe = fig.edges[k];
            if (fe.src == fe.dst)
                continue;
            if (oi < over.size() && over[oi] == k) {
                ++oi;
                placeOver(fe, fig.nodes[static_cast<std::size_t>(fe.src)].rect,
                          fig.nodes[static_cast<std::size_t>(fe.dst)].rect);
                const QRectF reach = fe.path.path.boundingRect().united(fe.labelRect);
                fig.size = fig.size.expandedTo(QSizeF(reach.right() + 16, reach.bottom() + 16));
                continue;
            }
            const auto &le = l.edges[li++];
            place(fe, le, QTransform());
            fe.labelRect.moveCenter(QPointF(le.labelCenter.x, le.labelCenter.y) + margin);
        }
        std::size_t gi = firstLoop;
        for (const auto &[node, loops] : loopsOf) {
            const auto &le = l.edges[gi++];
            const QRectF box = fig.nodes[static_cast<std::size_t>(node)].rect;
            const QPointF c = QPointF(le.labelCenter.x, le.labelCenter.y) + margin;
            const double total = g.edges[gi - 1].labelHeight;
            double top = c.y() - total / 2;
            for (std::size_t n = 0; n < loops.size(); ++n) {
                auto &fe = fig.edges[loops[n]];
                // Loop n shrinks towards the node's right side, inside loop 0.
                const double s = 1.0 - 0.5 * static_cast<double>(n) / static_cast<double>(loops.size());
                QTransform t;
                t.translate(box.right(), box.center().y());
                t.scale(s, s);
                t.translate(-box.right(), -box.center().y());
                place(fe, le, t);
                fe.labelRect.moveTopLeft(QPointF(c.x() - g.edges[gi - 1].labelWidth / 2, top));
                top += fe.labelRect.height() + LoopGap;
            }
        }
    } catch (const std::exception &e) {
        fig.error = QStringLiteral("could not lay out the graph: ") + QString::fromUtf8(e.what());
    }
    return fig;
}

} // namespace se
