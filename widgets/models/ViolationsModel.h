// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include "TableModel.h"

namespace se {

/// The violated dependence edges of a snapshot, one row each, with the
/// witness pair and the schedule dimension where the order breaks.
class ViolationsModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Type, Edge, Allocation, Witness, Times, Level, Pairs, Message, NUM_COLUMNS };
    enum Role { EdgeRole = Qt::UserRole, NodePathRole, StatementsRole };

    explicit ViolationsModel(QObject *parent = nullptr);

    /// Replaces everything (a model reset).
    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    const ViolationReport *violation(int row) const;
    const AnalysisSnapshotPtr &snapshot() const { return m_snapshot; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    /// `s0[1, 2] -> s0[2, 1]` (with `N = 6` when parameters were chosen).
    static QString witnessText(const ViolationReport &v);
    /// `[2, 1, 0] vs [1, 2, 0]`
    static QString timesText(const ViolationReport &v);

private:
    int rows() const override;
    AnalysisSnapshotPtr m_snapshot;
};

} // namespace se
