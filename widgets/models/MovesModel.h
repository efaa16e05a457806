// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/MovesResult.h"

#include "TableModel.h"

namespace se {

/// The legal-moves list of one node: each candidate edit with its verdict
/// (legal; illegal with the edges and pairs it would violate and the
/// dependence it breaks first; or why it does not apply) and, for a shift,
/// skew or scale, the exact legal values of its argument once known.
class MovesModel : public TableModel {
    Q_OBJECT
public:
    enum Column { Move, Verdict, Range, NUM_COLUMNS };
    enum Role { ApplicableRole = Qt::UserRole };

    explicit MovesModel(QObject *parent = nullptr);

    void setMoves(const MovesResult &moves);
    void clear();
    const MovesResult &moves() const { return m_moves; }
    const MovesResult::Move *move(int row) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override;
    MovesResult m_moves;
};

} // namespace se
