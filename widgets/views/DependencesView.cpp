// SPDX-License-Identifier: MIT
#include "DependencesView.h"

#include "widgets/models/DependencesModel.h"
#include "widgets/models/NaturalSortProxy.h"
#include "widgets/document/Selection.h"

#include <QHeaderView>

namespace se {

DependencesView::DependencesView(Selection *selection, QWidget *parent)
    : QTableView(parent), m_selection(selection), m_model(new DependencesModel(this)),
      m_proxy(new NaturalSortProxy(this))
{
    m_proxy->setSourceModel(m_model);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(DependencesModel::Edge, Qt::AscendingOrder); // s2 before s10
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = indexAt(pos);
        if (index.isValid())
            Q_EMIT edgeMenuRequested(m_proxy->mapToSource(index).row(), viewport()->mapToGlobal(pos));
    });
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (m_updating || !current.isValid())
            return;
        const QModelIndex source = m_proxy->mapToSource(current);
        m_selection->selectEdge(source.row(), m_model->data(source, DependencesModel::StatementsRole).toStringList());
    });
    connect(m_selection, &Selection::changed, this, [this] {
        m_updating = true;
        const int row = m_selection->edge();
        if (row >= 0 && row < m_model->rowCount())
            selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
        else
            clearSelection();
        m_updating = false;
    });
}

void DependencesView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_updating = true;
    if (m_model->setSnapshot(snapshot)) {
        resizeColumnsToContents();
        for (int c = 0; c < DependencesModel::Relation; ++c)
            setColumnWidth(c, std::min(columnWidth(c), 260));
    }
    m_updating = false;
}

} // namespace se
