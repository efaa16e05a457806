// SPDX-License-Identifier: MIT
#pragma once

#include "AnalysisSnapshot.h"

#include <QAbstractTableModel>

namespace se {

/// Every dependence edge of a snapshot: type, statements, allocation, pair
/// count, direction and distance; violated edges in red.
class DependencesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Type, Edge, Allocation, Pairs, Direction, Distance, Assumption, Relation, NUM_COLUMNS };
    enum Role { ViolatedRole = Qt::UserRole, StatementsRole, AssumedRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AnalysisSnapshotPtr m_snapshot;
    std::vector<bool> m_violated;
};

} // namespace se
