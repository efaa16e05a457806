// SPDX-License-Identifier: MIT
#include "MovesModel.h"

#include <QColor>

namespace se {

using Verdict = MovesResult::Move::Verdict;

MovesModel::MovesModel(QObject *parent) : TableModel({tr("Move"), tr("Verdict"), tr("Range")}, parent)
{
}

int MovesModel::rows() const
{
    return static_cast<int>(m_moves.moves.size());
}

void MovesModel::setMoves(const MovesResult &moves)
{
    replace([&] {
        m_moves = moves;
        // Legal first, then illegal, then those that do not apply.
        std::stable_sort(m_moves.moves.begin(), m_moves.moves.end(),
                         [](const auto &a, const auto &b) { return int(a.verdict) < int(b.verdict); });
    });
}

void MovesModel::clear()
{
    replace([&] { m_moves = MovesResult{}; });
}

const MovesResult::Move *MovesModel::move(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_moves.moves.size()))
        return nullptr;
    return &m_moves.moves[static_cast<std::size_t>(row)];
}

QVariant MovesModel::data(const QModelIndex &index, int role) const
{
    const MovesResult::Move *m = index.isValid() ? move(index.row()) : nullptr;
    if (!m)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Move)
            return m->description;
        if (index.column() == Range) {
            // Short (the dock is narrow): the interval; the tooltip says it in words.
            if (m->range.isEmpty())
                return {};
            if (m->rangeEmpty)
                return tr("none");
            if (m->min && m->max)
                return *m->min == *m->max ? QStringLiteral("= %1").arg(*m->min)
                                          : QStringLiteral("%1 \u2026 %2").arg(*m->min).arg(*m->max);
            if (m->min)
                return QStringLiteral("\u2265 %1").arg(*m->min);
            if (m->max)
                return QStringLiteral("\u2264 %1").arg(*m->max);
            return m->range.startsWith(tr("any")) ? tr("any") : tr("symbolic");
        }
        // Short: the panel is narrow; the tooltip says it all.
        switch (m->verdict) {
        case Verdict::Legal: return tr("legal");
        case Verdict::Illegal:
            return m->violatedEdges == 1 ? tr("illegal (1 edge)") : tr("illegal (%1 edges)").arg(m->violatedEdges);
        case Verdict::DoesNotApply: return tr("n/a");
        }
        return {};
    case Qt::ToolTipRole: {
        const QString range = m->range.isEmpty() ? QString() : tr("\nLegal values: %1.").arg(m->range);
        const QString pick = m->range.isEmpty() ? QString() : tr(" Double-click to choose the value.");
        switch (m->verdict) {
        case Verdict::Legal:
            return QString(tr("%1: legal.").arg(m->description) + range
                           + (pick.isEmpty() ? tr(" Double-click to apply.") : pick));
        case Verdict::Illegal:
            return QString((m->violatingPairs
                                ? tr("%1: violates %2 dependence edges (%3 instance pairs).")
                                      .arg(m->description)
                                      .arg(m->violatedEdges)
                                      .arg(*m->violatingPairs)
                                : tr("%1: violates %2 dependence edges.").arg(m->description).arg(m->violatedEdges))
                           + (m->reason.isEmpty() ? QString() : tr("\nFirst: %1").arg(m->reason)) + range
                           + (pick.isEmpty() ? tr(" Double-click to apply anyway.") : pick));
        case Verdict::DoesNotApply: return tr("%1: does not apply here: %2").arg(m->description, m->reason);
        }
        return {};
    }
    case Qt::ForegroundRole:
        if (index.column() == Range)
            return m->rangeEmpty ? QColor(0xc6, 0x28, 0x28) : QColor(0x2e, 0x7d, 0x32);
        switch (m->verdict) {
        case Verdict::Legal: return QColor(0x2e, 0x7d, 0x32);
        case Verdict::Illegal: return QColor(0xc6, 0x28, 0x28);
        case Verdict::DoesNotApply: return QColor(0x90, 0x90, 0x90);
        }
        return {};
    case ApplicableRole: return m->verdict != Verdict::DoesNotApply;
    default: return {};
    }
}

} // namespace se
