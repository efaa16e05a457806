// SPDX-License-Identifier: MIT
#include "TableModel.h"

namespace se {

TableModel::TableModel(QStringList titles, QObject *parent) : QAbstractTableModel(parent), m_titles(std::move(titles))
{
}

int TableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : rows();
}

int TableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_titles.size());
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= m_titles.size())
        return {};
    return m_titles[section];
}

int TableModel::rowOf(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this && index.row() < rows() ? index.row() : -1;
}

} // namespace se
