// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/MovesResult.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace se {

class Explorer;
class MovesModel;

/// The legal-moves panel: the candidate edits at the selected tree node,
/// each with its verdict on the current schedule. Double-click applies one.
/// Follows the selection and every new snapshot.
class MovesView : public QWidget {
    Q_OBJECT
public:
    explicit MovesView(Explorer *explorer, QWidget *parent = nullptr);
    MovesModel *movesModel() const { return m_model; }
    QTableView *table() const { return m_table; }

private:
    void refresh();
    void apply(const QModelIndex &index);

    Explorer *m_explorer;
    MovesModel *m_model;
    QTableView *m_table;
    QLabel *m_header;
    /// A list asked for while the shown snapshot's loop nest is on its
    /// way: made once the nest is there (the moves job would take a core
    /// from the nest's thread, which runs at idle priority).
    bool m_afterNest = false;
};

} // namespace se
