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
    return !m_snapshot ? 0 : static_cast<int>(m_snapshot->report.violations.size() + m_snapshot->report.bounds.size());
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

const BoundsReport *ViolationsModel::bounds(int row) const
{
    if (!m_snapshot)
        return nullptr;
    const auto &r = m_snapshot->report;
    const auto k = static_cast<std::size_t>(row) - r.violations.size();
    if (row < static_cast<int>(r.violations.size()) || k >= r.bounds.size())
        return nullptr;
    return &r.bounds[k];
}

QString ViolationsModel::witnessText(const BoundsReport &b)
{
    QString s = q(b.statement) + QString::fromStdString(integersText(b.instance)) + QStringLiteral(" \u2192 ")
        + q(b.tensor) + QString::fromStdString(integersText(b.index));
    if (!b.witnessParams.empty()) {
        QStringList ps;
        for (const auto &[n, x] : b.witnessParams)
            ps << q(n) + QStringLiteral(" = ") + QString::number(x);
        s += QStringLiteral("  (") + ps.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    return s;
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
    if (!index.isValid())
        return {};
    if (const BoundsReport *b = bounds(index.row()))
        return boundsData(*b, index.column(), role);
    const ViolationReport *v = violation(index.row());
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
    case AccessPathRole: return QString();
    default: return {};
    }
}

QVariant ViolationsModel::boundsData(const BoundsReport &b, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole: return display(b, column);
    case Qt::ToolTipRole:
        switch (column) {
        case Type:
            return tr("An access whose index can leave its tensor's shape (0 \u2264 index < extent in each "
                      "dimension). A warning: it does not change the verdict");
        case Level: return tr("The tensor dimension that the witness's index leaves");
        case Witness: return tr("An instance that leaves the shape, and the element it touches there");
        default:
            return tr("%1\nAt %2 in the kernel; it happens for the parameter values %3")
                .arg(q(b.message), q(b.path), q(b.params));
        }
    case Qt::ForegroundRole:
        if (column == Type)
            return QColor(0xc0, 0x6a, 0x00); // a warning, not a broken dependence
        return {};
    case Qt::FontRole:
        if (column == Type) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case EdgeRole: return -1;
    case NodePathRole: return QString();
    case StatementsRole: return QStringList{q(b.statement)};
    case AccessPathRole: return q(b.path);
    default: return {};
    }
}

QString ViolationsModel::display(const BoundsReport &b, int column) const
{
    switch (column) {
    case Type: return tr("Bounds");
    case Edge: return q(b.statement);
    case Allocation: return q(b.tensor);
    case Witness: return witnessText(b);
    case Times: return QStringLiteral("\u2014");
    case Level: return tr("index %1").arg(b.dim);
    case Pairs: return QStringLiteral("\u2014");
    case Message: return q(b.message);
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
