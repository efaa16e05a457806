// SPDX-License-Identifier: MIT
// IterationSpaceCanvas's witness mark (issue 12): a selected violation's two
// instances ringed and joined by a bold arrow, or a note that they lie
// outside the slice shown.
#include "IterationSpaceCanvas.h"
#include "widgets/common/QtString.h"

#include "GraphEdgeItem.h"

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace se {

namespace {

} // namespace

void IterationSpaceCanvas::setWitness(const std::optional<WitnessMark> &witness)
{
    m_witness = witness;
    drawWitness();
}

void IterationSpaceCanvas::drawWitness()
{
    for (QGraphicsItem *i : m_witnessItems) {
        scene()->removeItem(i);
        delete i;
    }
    m_witnessItems.clear();
    m_witnessShown = false;
    m_witnessNote.clear();
    if (!m_witness || !m_snapshot)
        return;
    const IterationSpace &sp = m_snapshot->space;
    // QString, not auto: with QT_USE_QSTRINGBUILDER `a + b` is a builder that
    // refers to the temporaries q(s) and pointText(p), gone once the lambda returns.
    const auto text = [](const std::string &s, const std::vector<std::int64_t> &p) -> QString {
        return q(s) + pointText(p);
    };
    const QString pair = text(m_witness->src, m_witness->srcPoint) + QStringLiteral(" \u2192 ")
        + text(m_witness->dst, m_witness->dstPoint);
    const auto slot = [&](const std::string &name) {
        const auto it = std::find(sp.statements.begin(), sp.statements.end(), name);
        return it == sp.statements.end() ? -1 : static_cast<int>(it - sp.statements.begin());
    };
    const int a = slot(m_witness->src) < 0 ? -1 : sp.find(slot(m_witness->src), m_witness->srcPoint);
    const int b = slot(m_witness->dst) < 0 ? -1 : sp.find(slot(m_witness->dst), m_witness->dstPoint);
    // Where the picture's parameter values differ from the witness's.
    QStringList params;
    for (const auto &[n, v] : m_witness->params)
        for (const auto &[m, w] : sp.params)
            if (n == m && v != w)
                params << QStringLiteral("%1 = %2 (shown: %3)").arg(q(n)).arg(v).arg(w);
    if (a < 0 || b < 0 || sp.refused) {
        m_witnessNote = tr("The witness %1 lies outside this slice").arg(pair);
        if (!params.isEmpty())
            m_witnessNote += tr(": it needs %1").arg(params.join(QStringLiteral(", ")));
        else if (sp.refused)
            m_witnessNote += QStringLiteral(": ") + q(sp.message);
        else
            m_witnessNote += tr(" (move the sliders to its values)");
    } else {
        m_witnessShown = true;
        const QColor red = GraphEdgeItem::violatedColor();
        const double r = (sp.statements.size() > 1 ? 11 : 14.5) + 5;
        for (int k : {a, b}) {
            auto *ring = scene()->addEllipse(QRectF(m_pos[std::size_t(k)] - QPointF(r, r), QSizeF(2 * r, 2 * r)),
                                             QPen(red, 3, k == a ? Qt::SolidLine : Qt::DashLine));
            ring->setZValue(5);
            ring->setToolTip(
                tr("witness %1").arg(k == a ? tr("source (must run first)") : tr("sink (runs too early)")));
            m_witnessItems.push_back(ring);
        }
        const QPointF p = m_pos[std::size_t(a)], d = m_pos[std::size_t(b)];
        if (p != d) {
            const QLineF line(p, d);
            QLineF cut = line;
            cut.setLength(std::max(0.0, line.length() - r));
            QLineF from(cut.p2(), cut.p1());
            from.setLength(std::max(0.0, cut.length() - r));
            const QLineF shaft(from.p2(), from.p1());
            auto *l = scene()->addLine(shaft, QPen(red, 3.5, Qt::SolidLine, Qt::RoundCap));
            l->setZValue(5);
            m_witnessItems.push_back(l);
            // Arrow head at the sink.
            const double ang = std::atan2(-(shaft.p2().y() - shaft.p1().y()), shaft.p2().x() - shaft.p1().x());
            const QPointF tip = shaft.p2();
            QPolygonF head;
            head << tip << tip + QPointF(std::sin(ang - M_PI / 3) * 11, std::cos(ang - M_PI / 3) * 11)
                 << tip + QPointF(std::sin(ang - M_PI + M_PI / 3) * 11, std::cos(ang - M_PI + M_PI / 3) * 11);
            auto *h = scene()->addPolygon(head, QPen(red), red);
            h->setZValue(5);
            m_witnessItems.push_back(h);
        }
        m_witnessNote.clear();
        if (!params.isEmpty())
            m_witnessNote = tr("Witness values differ: %1").arg(params.join(QStringLiteral(", ")));
    }
    // The note sits under the legend, above the plot, so exports carry it too.
    const QString caption =
        m_witnessShown ? tr("Witness: %1 (ringed; dashed: runs too early)").arg(pair) : m_witnessNote;
    auto *t = scene()->addSimpleText(caption, m_fonts.body);
    t->setBrush(m_witnessShown ? GraphEdgeItem::violatedColor() : QColor(0xef, 0x6c, 0x00));
    const QRectF bounds = scene()->itemsBoundingRect();
    t->setPos(Margin, bounds.bottom() + 6);
    t->setZValue(5);
    m_witnessItems.push_back(t);
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-Margin, -Margin / 2, Margin, Margin));
}

} // namespace se
