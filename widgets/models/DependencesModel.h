// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include "TableModel.h"

namespace se {

/// Every dependence edge of a snapshot: type, statements, allocation, pair
/// count, direction and distance; violated edges in red.
class DependencesModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Type, Edge, Allocation, Pairs, Direction, Distance, Assumption, Relation, NUM_COLUMNS };
    enum Role { ViolatedRole = Qt::UserRole, StatementsRole, AssumedRole };

    explicit DependencesModel(QObject *parent = nullptr);

    /// False when only the violated flags changed (the same kernel's edges,
    /// another schedule): rows stay, no reset.
    bool setSnapshot(const AnalysisSnapshotPtr &snapshot);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override;
    AnalysisSnapshotPtr m_snapshot;
    std::vector<bool> m_violated;
};

} // namespace se
