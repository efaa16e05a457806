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

TensorsModel::TensorsModel(QObject *parent)
    : TableModel({tr("Tensor"), tr("Shape"), tr("Space"), tr("Allocation")}, parent)
{
}

int TensorsModel::rows() const
{
    return !m_kernel ? 0 : static_cast<int>(m_kernel->tensors.size());
}

void TensorsModel::setKernel(const KernelPtr &kernel)
{
    replace([&] { m_kernel = kernel; });
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

} // namespace se
