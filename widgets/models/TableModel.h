// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

namespace se {

/// The shared base of the app's table models: a flat table with fixed,
/// titled columns over data the subclass holds (an immutable snapshot or a
/// copy of plain rows). New data replaces the old in one model reset:
/// snapshots are never patched in place (a model may instead say which
/// cells of the same rows read differently in the new snapshot).
class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    int rowCount(const QModelIndex &parent = {}) const final;
    int columnCount(const QModelIndex &parent = {}) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    /// One title per column, in column order.
    TableModel(QStringList titles, QObject *parent);

    /// The number of rows of the data shown now.
    virtual int rows() const = 0;
    /// The index's row when it is a cell of this model, else -1.
    int rowOf(const QModelIndex &index) const;
    /// Installs new data inside one model reset.
    template <class Install> void replace(Install &&install)
    {
        beginResetModel();
        install();
        endResetModel();
    }

private:
    QStringList m_titles;
};

} // namespace se
