// SPDX-License-Identifier: MIT
#include "ViolationsModel.h"
#include "widgets/common/QtString.h"

#include "widgets/common/KernelText.h"

#include "widgets/figures/GraphEdgeItem.h"

#include <QColor>
#include <QFont>

namespace se {

namespace {

QString vec(const std::vector<std::int64_t> &v)
{
    QStringList parts;
    for (auto x : v)
        parts << QString::number(x);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

ViolationsModel::ViolationsModel(QObject *parent)
    : TableModel({tr("Type"), tr("src \u2192 dst"), tr("Allocation"), tr("Witness instances"), tr("Times (src vs dst)"),
                  tr("Breaks at"), tr("Pairs"), tr("Message")},
                 parent)
{
}

int ViolationsModel::rows() const
{
    return !m_snapshot ? 0 : static_cast<int>(m_snapshot->report.violations.size());
}

void ViolationsModel::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    replace([&] {
        m_snapshot = snapshot;
        m_texts.assign(static_cast<std::size_t>(rows()) * NUM_COLUMNS, std::nullopt);
    });
}

const ViolationReport *ViolationsModel::violation(int row) const
{
    if (!m_snapshot || row < 0 || row >= static_cast<int>(m_snapshot->report.violations.size()))
        return nullptr;
    return &m_snapshot->report.violations[static_cast<std::size_t>(row)];
}

QString ViolationsModel::witnessText(const ViolationReport &v)
{
    QString s = q(v.src) + vec(v.witness.src) + QStringLiteral(" \u2192 ") + q(v.dst) + vec(v.witness.dst);
    if (!v.witness.params.empty()) {
        QStringList ps;
        for (const auto &[n, x] : v.witness.params)
            ps << q(n) + QStringLiteral(" = ") + QString::number(x);
        s += QStringLiteral("  (") + ps.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    return s;
}

QString ViolationsModel::timesText(const ViolationReport &v)
{
    return QString::fromStdString(integersText(v.witness.srcTime)) + QStringLiteral(" vs ")
        + QString::fromStdString(integersText(v.witness.dstTime));
}

QVariant ViolationsModel::data(const QModelIndex &index, int role) const
{
    const ViolationReport *v = index.isValid() ? violation(index.row()) : nullptr;
    if (!v)
        return {};
    switch (role) {
    case Qt::DisplayRole: {
        if (index.column() < 0 || index.column() >= NUM_COLUMNS)
            return {};
        if (index.column() == Pairs) // (a number: sorted as one)
            return v->count ? QVariant(qlonglong(*v->count)) : QVariant(QStringLiteral("\u2014"));
        const std::size_t at =
            static_cast<std::size_t>(index.row()) * NUM_COLUMNS + static_cast<std::size_t>(index.column());
        if (!m_texts[at])
            m_texts[at] = display(*v, index.column());
        return *m_texts[at];
    }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Level:
            if (v->acrossSet)
                return tr("The two instances are in different children of the set at tree node %1 (schedule "
                          "dimension t%2): a set may run its children in either order, so the dependence "
                          "breaks whichever way it points")
                    .arg(v->node.empty() ? tr("(root)") : q(v->node))
                    .arg(v->level);
            return v->level >= 0 ? tr("The destination runs before the source from schedule dimension t%1 on; "
                                      "that dimension belongs to tree node %2")
                                       .arg(v->level)
                                       .arg(q(v->node))
                                 : tr("Both instances run at the same time");
        case Times: return tr("time of %1 vs time of %2").arg(q(v->src), q(v->dst));
        case Pairs: return tr("Violating instance pairs (known when every parameter is fixed)");
        default: return KernelText::withBufferNames(m_snapshot->kernel.get(), v->message);
        }
    case Qt::ForegroundRole:
        if (index.column() == Type)
            return GraphEdgeItem::typeColor(q(v->type));
        return {};
    case Qt::FontRole:
        if (index.column() == Type) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case EdgeRole: return qulonglong(v->edge);
    case NodePathRole: return q(v->node);
    case StatementsRole: return QStringList{q(v->src), q(v->dst)};
    default: return {};
    }
}

QString ViolationsModel::display(const ViolationReport &v, int column) const
{
    switch (column) {
    case Type: return q(v.type);
    case Edge: return QString(q(v.src) + QStringLiteral(" \u2192 ") + q(v.dst));
    case Allocation: return KernelText::withBufferNames(m_snapshot->kernel.get(), v.allocation);
    case Witness: return witnessText(v);
    case Times: return timesText(v);
    case Level:
        if (v.acrossSet)
            return tr("t%1 (set)").arg(v.level);
        return v.level >= 0 ? QStringLiteral("t%1").arg(v.level) : tr("same time");
    case Message: return KernelText::withBufferNames(m_snapshot->kernel.get(), v.message);
    default: return {};
    }
}

} // namespace se
