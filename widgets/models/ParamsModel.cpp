// SPDX-License-Identifier: MIT
#include "ParamsModel.h"

namespace se {

ParamsModel::ParamsModel(QObject *parent)
    : TableModel({tr("Parameter"), tr("Value"), tr("Fixed"), tr("Bounds")}, parent)
{
}

int ParamsModel::rows() const
{
    return static_cast<int>(m_rows.size());
}

void ParamsModel::setKernel(const KernelPtr &kernel, const ParamValues &fixed)
{
    replace([&] {
        m_rows.clear();
        if (kernel) {
            for (const auto &p : kernel->params) {
                Row r;
                r.name = p.name;
                r.min = p.min;
                r.max = p.max;
                r.value = p.value.value_or(p.min.value_or(0));
                m_rows.push_back(r);
            }
            for (const auto &name : kernel->rankParams)
                m_rows.push_back(Row{name, 0, std::nullopt, 0, false});
        }
    });
    setFixed(fixed);
}

void ParamsModel::setFixed(const ParamValues &fixed)
{
    for (std::size_t k = 0; k < m_rows.size(); ++k) {
        auto &r = m_rows[k];
        const auto it = fixed.find(r.name);
        const bool on = it != fixed.end();
        const std::int64_t value = on ? it->second : r.value;
        if (on != r.fixed || value != r.value) {
            r.fixed = on;
            r.value = value;
            Q_EMIT dataChanged(index(static_cast<int>(k), 0), index(static_cast<int>(k), NUM_COLUMNS - 1));
        }
    }
}

ParamValues ParamsModel::fixed() const
{
    ParamValues out;
    for (const auto &r : m_rows)
        if (r.fixed)
            out[r.name] = r.value;
    return out;
}

QVariant ParamsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case Name: return QString::fromStdString(r.name);
        case Value: return qlonglong(r.value);
        case Bounds: {
            const QString lo = r.min ? QString::number(*r.min) + QStringLiteral(" \u2264 ") : QString();
            const QString hi = r.max ? QStringLiteral(" \u2264 ") + QString::number(*r.max) : QString();
            return QString(lo + QString::fromStdString(r.name) + hi);
        }
        default: return {};
        }
    }
    if (role == Qt::CheckStateRole && index.column() == Fixed)
        return r.fixed ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::ToolTipRole) {
        if (index.column() == Fixed)
            return tr("Fix %1 to its value in the analysis (pair counts need every parameter fixed)")
                .arg(QString::fromStdString(r.name));
        if (index.column() == Value)
            return tr("Edit to fix the parameter at a new value");
    }
    return {};
}

bool ParamsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= rowCount())
        return false;
    Row &r = m_rows[static_cast<std::size_t>(index.row())];
    if (index.column() == Value && role == Qt::EditRole) {
        bool ok = false;
        const qlonglong v = value.toLongLong(&ok);
        if (!ok || (r.min && v < *r.min) || (r.max && v > *r.max))
            return false; // out of the parameter's declared bounds
        r.value = v;
        r.fixed = true;
    } else if (index.column() == Fixed && role == Qt::CheckStateRole) {
        r.fixed = value.toInt() == Qt::Checked;
    } else {
        return false;
    }
    Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), NUM_COLUMNS - 1));
    Q_EMIT fixedParamsEdited(fixed());
    return true;
}

Qt::ItemFlags ParamsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Value)
        f |= Qt::ItemIsEditable;
    if (index.column() == Fixed)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

} // namespace se
