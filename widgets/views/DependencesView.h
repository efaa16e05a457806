// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QTableView>

namespace se {

class DependencesModel;
class NaturalSortProxy;
class Selection;

/// Every dependence edge in a table; selecting a row selects the edge.
class DependencesView : public QTableView {
    Q_OBJECT
public:
    explicit DependencesView(Selection *selection, QWidget *parent = nullptr);
    void setSnapshot(const AnalysisSnapshotPtr &snapshot);
    DependencesModel *dependencesModel() const { return m_model; }

Q_SIGNALS:
    /// Right click on a row (report edge index): its context menu.
    void edgeMenuRequested(int edge, const QPoint &globalPos);

private:
    Selection *m_selection;
    DependencesModel *m_model;
    NaturalSortProxy *m_proxy;
    bool m_updating = false;
};

} // namespace se
