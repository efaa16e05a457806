// SPDX-License-Identifier: MIT
#include "DependencesModel.h"
#include "widgets/common/QtString.h"

#include "widgets/common/KernelText.h"

#include "widgets/figures/GraphEdgeItem.h"

#include <QFont>

namespace se {

DependencesModel::DependencesModel(QObject *parent)
    : TableModel({tr("Type"), tr("src \u2192 dst"), tr("Allocation"), tr("Pairs"), tr("Direction"), tr("Distance"),
                  tr("Override"), tr("Relation")},
                 parent)
{
}

int DependencesModel::rows() const
{
    return !m_snapshot ? 0 : static_cast<int>(m_snapshot->report.edges.size());
}

bool DependencesModel::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    std::vector<bool> violated(snapshot ? snapshot->report.edges.size() : 0, false);
    if (snapshot)
        for (const auto &v : snapshot->report.violations)
            if (v.edge < violated.size())
                violated[v.edge] = true;
    const bool sameEdges = m_snapshot && snapshot && m_snapshot->kernel == snapshot->kernel
        && snapshot->report.edges.sharesWith(m_snapshot->report.edges);
    if (!sameEdges) {
        replace([&] {
            m_snapshot = snapshot;
            m_violated = std::move(violated);
        });
        return true;
    }
    // Another schedule of the same kernel: the edges are the same (they do
    // not depend on the schedule), only which are violated changes. A reset
    // would sort 11,000 rows again and lose the view's scroll position.
    m_snapshot = snapshot;
    std::swap(m_violated, violated);
    const QList<int> roles{Qt::ForegroundRole, Qt::FontRole, ViolatedRole};
    for (std::size_t r = 0; r < m_violated.size();) {
        if (m_violated[r] == violated[r]) {
            ++r;
            continue;
        }
        const std::size_t first = r;
        while (r < m_violated.size() && m_violated[r] != violated[r])
            ++r;
        Q_EMIT dataChanged(index(static_cast<int>(first), 0), index(static_cast<int>(r - 1), NUM_COLUMNS - 1), roles);
    }
    return false;
}

namespace {

// Why a part of an edge's description is missing (a limit stopped it: the
// verdict never waits on it), or nothing.
QString stoppedReason(const EdgeReport &e, const char *part)
{
    for (const auto &[p, reason] : e.stopped)
        if (p == part)
            return q(reason);
    return {};
}

} // namespace

QVariant DependencesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_snapshot || index.row() >= rowCount())
        return {};
    const std::size_t row = static_cast<std::size_t>(index.row());
    const EdgeReport &e = m_snapshot->report.edges[row];
    const bool violated = m_violated[row];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Type: return q(e.type);
        case Edge: return QString(q(e.src) + QStringLiteral(" \u2192 ") + q(e.dst));
        case Allocation: return KernelText::withBufferNames(m_snapshot->kernel.get(), e.allocation);
        case Pairs:
            if (e.count)
                return qlonglong(*e.count);
            return stoppedReason(e, "count").isEmpty() ? QStringLiteral("\u2014") : tr("stopped");
        case Direction: return stoppedReason(e, "distance").isEmpty() ? q(e.directionText()) : tr("stopped");
        case Distance: return stoppedReason(e, "distance").isEmpty() ? q(e.distance) : tr("stopped");
        case Assumption:
            return e.assumedAbsent.empty() ? QString() : QStringLiteral("\u2298 assumed absent: ") + q(e.assumedAbsent);
        case Relation: return q(e.relation);
        default: return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == Assumption && !e.assumedAbsent.empty())
            return tr("The check ignores this edge: %1").arg(q(e.assumedAbsent));
        if (const QString why = stoppedReason(e, index.column() == Pairs ? "count" : "distance");
            !why.isEmpty() && (index.column() == Pairs || index.column() == Direction || index.column() == Distance))
            return tr("Not computed: %1. The verdict does not depend on it.").arg(why);
        return index.column() == Relation || index.column() == Distance ? data(index, Qt::DisplayRole) : QVariant();
    case Qt::ForegroundRole:
        if (violated)
            return GraphEdgeItem::violatedColor();
        if (index.column() == Type)
            return GraphEdgeItem::typeColor(q(e.type));
        if (index.column() == Assumption)
            return QColor(0x8a, 0x60, 0x00);
        return {};
    case Qt::FontRole:
        if (violated || index.column() == Type) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case ViolatedRole: return violated;
    case StatementsRole: return QStringList{q(e.src), q(e.dst)};
    case AssumedRole: return q(e.assumedAbsent);
    default: return {};
    }
}

} // namespace se
