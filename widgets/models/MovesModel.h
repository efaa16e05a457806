// SPDX-License-Identifier: MIT
#pragma once

#include "MovesResult.h"

#include <QAbstractTableModel>

namespace se {

/// The legal-moves list of one node: each candidate edit with its verdict
/// (legal; illegal with the edges and pairs it would violate; or why it
/// does not apply).
class MovesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Move, Verdict, NUM_COLUMNS };
    enum Role { ApplicableRole = Qt::UserRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setMoves(const MovesResult &moves);
    void clear();
    const MovesResult &moves() const { return m_moves; }
    const MovesResult::Move *move(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    MovesResult m_moves;
};

} // namespace se
