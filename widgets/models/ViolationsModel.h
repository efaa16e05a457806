// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include "TableModel.h"

#include <optional>
#include <vector>

namespace se {

/// The violated dependence edges of a snapshot, one row each, with the
/// witness pair and the schedule dimension where the order breaks; then the
/// accesses that leave their tensor's shape (type "Bounds": a warning of
/// its own category, never a violation), with the instance that does.
class ViolationsModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Type, Edge, Allocation, Witness, Times, Level, Pairs, Message, NUM_COLUMNS };
    /// EdgeRole: -1 on a bounds row. AccessPathRole: the access's JSON path
    /// on a bounds row, empty on a violation.
    enum Role { EdgeRole = Qt::UserRole, NodePathRole, StatementsRole, AccessPathRole };

    explicit ViolationsModel(QObject *parent = nullptr);

    /// Replaces everything (a model reset).
    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    const ViolationReport *violation(int row) const;
    /// The out-of-shape access of a bounds row (after the violations).
    const BoundsReport *bounds(int row) const;
    const AnalysisSnapshotPtr &snapshot() const { return m_snapshot; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    /// `s0[1, 2] -> s0[2, 1]` (with `N = 6` when parameters were chosen).
    static QString witnessText(const ViolationReport &v);
    /// `[2, 1, 0] vs [1, 2, 0]`
    static QString timesText(const ViolationReport &v);
    /// `s0[4] \u2192 A[5]` (with `N = 5` when parameters were chosen).
    static QString witnessText(const BoundsReport &b);

private:
    int rows() const override;
    QString display(const ViolationReport &v, int column) const;
    QString display(const BoundsReport &b, int column) const;
    QVariant boundsData(const BoundsReport &b, int column, int role) const;
    AnalysisSnapshotPtr m_snapshot;
    /// Display texts made so far, by row and column: fitting the columns
    /// reads each cell once, painting reads the visible ones again and
    /// again (1,008 rows on a first tile by 32 of tiled_matmul_64).
    mutable std::vector<std::optional<QString>> m_texts;
};

} // namespace se
