// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QTableView>

namespace se {

class Selection;
class NaturalSortProxy;
class ViolationsModel;

/// The violations table. Selecting a row selects the violation everywhere:
/// its edge in the graph, its two statements in the nests and the tree node
/// where the order breaks. Selecting a bounds row (an access that leaves its
/// shape) selects its statement.
class ViolationsView : public QTableView {
    Q_OBJECT
public:
    explicit ViolationsView(Selection *selection, QWidget *parent = nullptr);

    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    ViolationsModel *violationsModel() const { return m_model; }
    /// Selects row `row` as a user click would.
    void selectViolation(int row);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void onCurrentChanged(const QModelIndex &current);
    void followSelection();

    Selection *m_selection;
    ViolationsModel *m_model;
    NaturalSortProxy *m_proxy;
    bool m_updating = false;
    int m_boundsRow = -1; ///< the selected bounds row (source row), or -1
};

} // namespace se
