// SPDX-License-Identifier: MIT
#include "TensorsModel.h"

namespace se {

namespace {

QString list(const std::vector<ExprPtr> &exprs)
{
    QStringList out;
    for (const auto &e : exprs)
        out << QString::fromStdString(e->str());
    return QLatin1Char('[') + out.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

void TensorsModel::setKernel(const KernelPtr &kernel)
{
    beginResetModel();
    m_kernel = kernel;
    endResetModel();
}

int TensorsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_kernel ? 0 : static_cast<int>(m_kernel->tensors.size());
}

int TensorsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant TensorsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const Tensor &t = m_kernel->tensors[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case Name: return QString::fromStdString(t.name);
    case Shape: return list(t.shape);
    case Space: return QString::fromStdString(t.space);
    case Allocation:
        if (!t.alloc)
            return QStringLiteral("\u2014");
        return QString(QString::fromStdString(t.alloc->buffer) + list(t.alloc->index));
    default: return {};
    }
}

QVariant TensorsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Tensor");
    case Shape: return tr("Shape");
    case Space: return tr("Space");
    case Allocation: return tr("Allocation");
    default: return {};
    }
}

} // namespace se
