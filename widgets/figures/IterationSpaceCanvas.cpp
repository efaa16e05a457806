// SPDX-License-Identifier: MIT
#include "IterationSpaceCanvas.h"
#include "widgets/common/QtString.h"

#include "GraphEdgeItem.h"
#include "IterationSpaceItems.h"
#include "StatementPalette.h"

#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <map>

namespace se {

namespace {

constexpr double Left = 64; // room for the y ticks and name

QString count(std::size_t n, const char *one, const char *many)
{
    return QString::number(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

QString instanceText(const IterationSpace &sp, const IterationSpace::Instance &in)
{
    return q(sp.statements[static_cast<std::size_t>(in.statement)]) + pointText(in.point);
}

// Pale tints for tiles; neighbours in execution order always differ.
QColor tileTint(int tile)
{
    static const QRgb tints[] = {0xd8ebfa, 0xffe8c8, 0xdcefdc, 0xeedcf3, 0xfff4bf, 0xd0eff3};
    return QColor::fromRgb(tints[static_cast<std::size_t>(tile) % (sizeof tints / sizeof *tints)]);
}

QGraphicsSimpleTextItem *text(QGraphicsScene *scene, const QString &s, const QFont &f, QColor c, QPointF at)
{
    auto *t = scene->addSimpleText(s, f);
    t->setBrush(c);
    t->setPos(at);
    return t;
}

} // namespace

IterationSpaceCanvas::IterationSpaceCanvas(QWidget *parent) : ZoomableView(parent), m_fonts(FigureFonts::defaults())
{
    m_followPalette = false; // axes and legend are drawn in dark inks
    setScene(new QGraphicsScene(this));
}

QPointF IterationSpaceCanvas::pointPos(std::size_t instance) const
{
    return instance < m_pos.size() ? m_pos[instance] : QPointF();
}

double IterationSpaceCanvas::addLegend(double width)
{
    const IterationSpace &sp = m_snapshot->space;
    const QColor ink(0x33, 0x38, 0x40), muted(0x6b, 0x72, 0x80);
    const QFontMetricsF fm(m_fonts.small), tm(m_fonts.title);
    double y = 8;

    // Title: what is plotted, where the other loops and the parameters stand.
    QStringList where;
    for (const auto &o : sp.others)
        where << QStringLiteral("%1 = %2").arg(q(o.name)).arg(o.value);
    QStringList params;
    for (const auto &[n, v] : sp.params)
        params << QStringLiteral("%1 = %2").arg(q(n)).arg(v);
    QStringList names;
    for (const auto &s : sp.statements)
        names << q(s);
    QString axes;
    if (sp.hasX && sp.hasY)
        axes = QStringLiteral(" over (%1, %2)").arg(q(sp.x.name), q(sp.y.name));
    else if (sp.hasX)
        axes = QStringLiteral(" over %1").arg(q(sp.x.name));
    QString title = names.join(QStringLiteral(", ")) + axes;
    if (!where.isEmpty())
        title += QStringLiteral(" at ") + where.join(QStringLiteral(", "));
    text(scene(), title, m_fonts.title, ink, QPointF(Margin, y));
    y += tm.height() + 2;
    QString facts = params.join(QStringLiteral(", "));
    if (!sp.refused) {
        facts += (facts.isEmpty() ? QString() : QStringLiteral(" \u00b7 "))
            + count(sp.instances.size(), "instance", "instances") + QStringLiteral(" \u00b7 ")
            + count(sp.pairTotal, "dependence pair", "dependence pairs");
        if (!sp.tileBand.empty())
            facts += QStringLiteral(" \u00b7 ") + count(static_cast<std::size_t>(sp.tiles), "tile", "tiles")
                + QStringLiteral(" of band ") + q(sp.tileBand);
    }
    text(scene(), facts, m_fonts.body, muted, QPointF(Margin, y));
    if (sp.violatedTotal > 0) {
        const double w = QFontMetricsF(m_fonts.body).horizontalAdvance(facts);
        QFont bold = m_fonts.body;
        bold.setBold(true);
        text(scene(), QStringLiteral(" \u00b7 %1 violated").arg(sp.violatedTotal), bold, GraphEdgeItem::violatedColor(),
             QPointF(Margin + w, y));
    }
    y += QFontMetricsF(m_fonts.body).height() + 6;

    // Swatches: statements, dependence types, tiles.
    const double row = fm.height() + 6;
    double x = Margin;
    y += fm.height() / 2;
    const auto place = [&](double w) {
        if (x > Margin && x + w > std::max(width, 380.0)) {
            x = Margin;
            y += row;
        }
    };
    for (std::size_t k = 0; k < sp.statements.size(); ++k) {
        const QString label = q(sp.statements[k]);
        const double w = 18 + fm.horizontalAdvance(label) + 16;
        place(w);
        const QColor c = StatementPalette::color(m_snapshot->statementIndex(sp.statements[k]));
        scene()->addEllipse(x, y - 6, 12, 12, QPen(c.darker(125)), c);
        text(scene(), label, m_fonts.small, ink, QPointF(x + 18, y - fm.height() / 2));
        x += w;
    }
    bool assumed = false;
    for (const auto &p : sp.pairs)
        assumed = assumed || p.assumed;
    struct Entry {
        QColor color;
        QString label;
        double width;
        Qt::PenStyle style;
    };
    std::vector<Entry> entries = {
        {GraphEdgeItem::typeColor(QStringLiteral("RAW")), tr("RAW"), 1.4, Qt::SolidLine},
        {GraphEdgeItem::typeColor(QStringLiteral("WAR")), tr("WAR"), 1.4, Qt::SolidLine},
        {GraphEdgeItem::typeColor(QStringLiteral("WAW")), tr("WAW"), 1.4, Qt::SolidLine},
        {GraphEdgeItem::violatedColor(), tr("violated"), 2.6, Qt::SolidLine},
    };
    if (assumed)
        entries.push_back({QColor(0x60, 0x60, 0x60), tr("assumed absent"), 1.4, Qt::DashLine});
    for (const auto &e : entries) {
        const double w = 26 + fm.horizontalAdvance(e.label) + 16;
        place(w);
        scene()->addLine(x, y, x + 20, y, QPen(e.color, e.width, e.style, Qt::RoundCap));
        text(scene(), e.label, m_fonts.small, ink, QPointF(x + 26, y - fm.height() / 2));
        x += w;
    }
    if (!sp.tileBand.empty()) {
        const QString label = tr("tile");
        const double w = 22 + fm.horizontalAdvance(label) + 16;
        place(w);
        scene()->addRect(x, y - 7, 14, 14, QPen(QColor(0x37, 0x47, 0x4f), 2), tileTint(0));
        text(scene(), label, m_fonts.small, ink, QPointF(x + 20, y - fm.height() / 2));
        x += w;
    }
    y += fm.height() / 2 + 6;
    if (!sp.message.empty()) {
        auto *m = text(scene(), q(sp.message), m_fonts.body, QColor(0xb2, 0x4a, 0x00), QPointF(Margin, y));
        y += m->boundingRect().height() + 4;
    }
    return y;
}

void IterationSpaceCanvas::addAxes(const QRectF &plot)
{
    const IterationSpace &sp = m_snapshot->space;
    const QColor axis(0x8a, 0x93, 0x9e), ink(0x4a, 0x50, 0x5a);
    const QFontMetricsF fm(m_fonts.small);
    const QPen pen(axis, 1);
    // Label every column while they fit, else every few.
    const int every = std::max(1, static_cast<int>(std::ceil(fm.horizontalAdvance(QStringLiteral("-000")) / Cell)));
    scene()->addLine(plot.left(), plot.bottom() + 4, plot.right(), plot.bottom() + 4, pen);
    for (std::int64_t v = m_xmin; v <= m_xmax; ++v) {
        const double cx = plot.left() + (static_cast<double>(v - m_xmin) + 0.5) * Cell;
        scene()->addLine(cx, plot.bottom() + 4, cx, plot.bottom() + 8, pen);
        if ((v - m_xmin) % every == 0) {
            const QString s = QString::number(v);
            text(scene(), s, m_fonts.small, ink, QPointF(cx - fm.horizontalAdvance(s) / 2, plot.bottom() + 9));
        }
    }
    if (sp.hasX) {
        const QString name = q(sp.x.name) + QStringLiteral(" \u2192");
        text(scene(), name, m_fonts.title, ink,
             QPointF(plot.center().x() - QFontMetricsF(m_fonts.title).horizontalAdvance(name) / 2,
                     plot.bottom() + 10 + fm.height()));
    }
    scene()->addLine(plot.left() - 4, plot.top(), plot.left() - 4, plot.bottom(), pen);
    for (std::int64_t v = m_ymin; v <= m_ymax; ++v) {
        const double cy = plot.top() + (static_cast<double>(m_ymax - v) + 0.5) * Cell;
        scene()->addLine(plot.left() - 8, cy, plot.left() - 4, cy, pen);
        const QString s = QString::number(v);
        text(scene(), s, m_fonts.small, ink, QPointF(plot.left() - 11 - fm.horizontalAdvance(s), cy - fm.height() / 2));
    }
    if (sp.hasY) {
        const QString name = q(sp.y.name) + QStringLiteral(" \u2191");
        auto *t = text(scene(), name, m_fonts.title, ink, QPointF());
        t->setRotation(-90);
        const double w = QFontMetricsF(m_fonts.title).horizontalAdvance(name);
        t->setPos(plot.left() - 40 - QFontMetricsF(m_fonts.title).height() / 2, plot.center().y() + w / 2);
    }
}

void IterationSpaceCanvas::addTiles()
{
    const IterationSpace &sp = m_snapshot->space;
    if (sp.tileBand.empty())
        return;
    // One cell per (x, y); with two statements the first instance names it.
    std::map<std::pair<std::int64_t, std::int64_t>, int> cells;
    for (const auto &in : sp.instances)
        if (in.tile >= 0)
            cells.emplace(std::make_pair(in.x, in.y), in.tile);
    const auto rectOf = [&](std::int64_t x, std::int64_t y) {
        return QRectF(m_origin.x() + static_cast<double>(x - m_xmin) * Cell,
                      m_origin.y() + static_cast<double>(m_ymax - y) * Cell, Cell, Cell);
    };
    QPainterPath outline;
    for (const auto &[xy, tile] : cells) {
        const QRectF r = rectOf(xy.first, xy.second);
        scene()->addRect(r, Qt::NoPen, tileTint(tile))->setZValue(-1);
        // A side is a tile border when the cell across it is another tile's or none.
        const auto other = [&](std::int64_t dx, std::int64_t dy) {
            const auto it = cells.find({xy.first + dx, xy.second + dy});
            return it == cells.end() || it->second != tile;
        };
        const auto side = [&](QPointF a, QPointF b) {
            outline.moveTo(a);
            outline.lineTo(b);
            ++m_tileSegments;
        };
        if (other(-1, 0))
            side(r.topLeft(), r.bottomLeft());
        if (other(1, 0))
            side(r.topRight(), r.bottomRight());
        if (other(0, 1))
            side(r.topLeft(), r.topRight());
        if (other(0, -1))
            side(r.bottomLeft(), r.bottomRight());
    }
    auto *item = scene()->addPath(outline, QPen(QColor(0x37, 0x47, 0x4f), 2.2, Qt::SolidLine, Qt::SquareCap));
    item->setZValue(0.5);
}

void IterationSpaceCanvas::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    scene()->clear();
    m_witnessItems.clear();
    m_points.clear();
    m_arrows.clear();
    m_pos.clear();
    m_tileSegments = 0;
    m_maxOrder = 0;
    if (!snapshot)
        return;
    const IterationSpace &sp = snapshot->space;

    // Axis ranges: the whole domain's, so the picture holds still while the
    // other loops move, widened to any instance drawn at 0 for want of a dimension.
    m_xmin = sp.hasX ? sp.x.min : 0;
    m_xmax = sp.hasX ? sp.x.max : 0;
    m_ymin = sp.hasY ? sp.y.min : 0;
    m_ymax = sp.hasY ? sp.y.max : 0;
    for (const auto &in : sp.instances) {
        m_xmin = std::min(m_xmin, in.x);
        m_xmax = std::max(m_xmax, in.x);
        m_ymin = std::min(m_ymin, in.y);
        m_ymax = std::max(m_ymax, in.y);
        m_maxOrder = std::max(m_maxOrder, in.order);
    }
    const double plotW = static_cast<double>(m_xmax - m_xmin + 1) * Cell;
    const double plotH = static_cast<double>(m_ymax - m_ymin + 1) * Cell;
    const double legend = addLegend(Left + plotW);
    if (sp.refused || sp.instances.empty()) {
        if (sp.message.empty())
            text(scene(), tr("Nothing to plot"), m_fonts.body, QColor(0x6b, 0x72, 0x80), QPointF(Margin, legend));
        drawWitness();
        scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-Margin, -Margin, Margin, Margin));
        if (m_autoFit)
            fit();
        return;
    }
    m_origin = QPointF(Left, legend + 14);
    const QRectF plot(m_origin, QSizeF(plotW, plotH));
    addTiles();
    addAxes(plot);

    const bool two = sp.statements.size() > 1;
    const double radius = two ? 11 : 14.5;
    QFont number = m_fonts.small;
    number.setPixelSize(m_maxOrder >= 1000 ? 8 : (two || m_maxOrder >= 100 ? 10 : 12));
    number.setBold(true);
    m_pos.resize(sp.instances.size());
    for (std::size_t k = 0; k < sp.instances.size(); ++k) {
        const auto &in = sp.instances[k];
        QPointF c(m_origin.x() + (static_cast<double>(in.x - m_xmin) + 0.5) * Cell,
                  m_origin.y() + (static_cast<double>(m_ymax - in.y) + 0.5) * Cell);
        if (two) // side by side within the cell: first statement up-left
            c += (in.statement == 0 ? QPointF(-0.2, -0.2) : QPointF(0.2, 0.2)) * Cell;
        m_pos[k] = c;
        auto *item = new IterationPointItem(
            static_cast<int>(k), snapshot->statementIndex(sp.statements[static_cast<std::size_t>(in.statement)]),
            in.order, radius, number);
        item->setPos(c);
        item->setShowNumber(m_showNumbers);
        QString tip = QStringLiteral("<b>%1</b><br>time %2<br>order %3 of %4")
                          .arg(instanceText(sp, in), pointText(in.time))
                          .arg(in.order)
                          .arg(m_maxOrder);
        if (in.tile >= 0)
            tip += QStringLiteral("<br>tile %1 of %2 (in execution order)").arg(in.tile + 1).arg(sp.tiles);
        item->setToolTip(tip);
        scene()->addItem(item);
        m_points.push_back(item);
    }
    for (std::size_t k = 0; k < sp.pairs.size(); ++k) {
        const auto &p = sp.pairs[k];
        const auto &a = sp.instances[p.src], &b = sp.instances[p.dst];
        auto *item = new IterationArrowItem(static_cast<int>(k), m_pos[p.src], m_pos[p.dst], radius, q(p.type),
                                            p.violated, p.assumed, static_cast<int>(p.edge));
        const auto &edges = snapshot->report.edges;
        const QString alloc = p.edge < edges.size() ? q(edges[p.edge].allocation) : QString();
        QString tip = QStringLiteral("<b>%1</b> %2 \u2192 %3 on %4")
                          .arg(q(p.type), instanceText(sp, a), instanceText(sp, b), alloc);
        if (p.violated)
            tip +=
                QStringLiteral("<br><font color=\"#b00020\"><b>%1</b> %2 runs at %3, %4 %5 at %6</font>")
                    .arg(p.assumed ? tr("would be violated:") : tr("violated:"), instanceText(sp, b), pointText(b.time),
                         a.time == b.time ? tr("with") : tr("before"), instanceText(sp, a), pointText(a.time));
        if (p.assumed && p.edge < edges.size())
            tip += QStringLiteral("<br><i>assumed absent: %1</i>").arg(q(edges[p.edge].assumedAbsent).toHtmlEscaped());
        item->setToolTip(tip);
        scene()->addItem(item);
        m_arrows.push_back(item);
    }
    drawWitness();
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-Margin, -Margin / 2, Margin, Margin));
    if (m_step > m_maxOrder)
        m_step = 0;
    applyStep();
    if (m_autoFit)
        fit();
}

void IterationSpaceCanvas::setStep(int step)
{
    m_step = std::clamp(step, 0, m_maxOrder);
    applyStep();
}

void IterationSpaceCanvas::setShowNumbers(bool on)
{
    m_showNumbers = on;
    for (auto *p : m_points)
        p->setShowNumber(on);
}

void IterationSpaceCanvas::setArrows(Arrows which)
{
    m_arrowFilter = which;
    applyStep();
}

void IterationSpaceCanvas::setSelectedEdge(int edge)
{
    m_selectedEdge = edge;
    applyStep();
}

void IterationSpaceCanvas::applyStep()
{
    const bool playing = m_step > 0;
    for (auto *p : m_points)
        p->setState(!playing                   ? IterationPointItem::State::Still
                        : p->order() < m_step  ? IterationPointItem::State::Done
                        : p->order() == m_step ? IterationPointItem::State::Current
                                               : IterationPointItem::State::Pending);
    if (!m_snapshot)
        return;
    const auto &sp = m_snapshot->space;
    bool anySelected = false;
    for (auto *a : m_arrows)
        anySelected = anySelected || a->edge() == m_selectedEdge;
    for (auto *a : m_arrows) {
        const auto &pair = sp.pairs[static_cast<std::size_t>(a->pair())];
        const bool pending = playing && sp.instances[pair.dst].order > m_step;
        a->setFaded(pending || (anySelected && a->edge() != m_selectedEdge));
        const QString type = QString::fromStdString(pair.type);
        switch (m_arrowFilter) {
        case Arrows::All: a->setVisible(true); break;
        case Arrows::Violated: a->setVisible(pair.violated && !pair.assumed); break;
        case Arrows::RAW: a->setVisible(type == QLatin1String("RAW")); break;
        case Arrows::WAR: a->setVisible(type == QLatin1String("WAR")); break;
        case Arrows::WAW: a->setVisible(type == QLatin1String("WAW")); break;
        case Arrows::None: a->setVisible(false); break;
        }
        a->setEmphasised(anySelected && a->edge() == m_selectedEdge);
    }
}

void IterationSpaceCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem *i : items(event->position().toPoint())) {
            if (i->type() == IterationPointItem::Type) {
                Q_EMIT instanceClicked(static_cast<IterationPointItem *>(i)->instance());
                return;
            }
            if (i->type() == IterationArrowItem::Type) {
                Q_EMIT edgeClicked(static_cast<IterationArrowItem *>(i)->edge());
                return;
            }
        }
    }
    ZoomableView::mousePressEvent(event);
}

} // namespace se
