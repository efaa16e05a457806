// SPDX-License-Identifier: MIT
#include "DependencesView.h"

#include "DependencesModel.h"
#include "Selection.h"

#include <QHeaderView>

namespace se {

DependencesView::DependencesView(Selection *selection, QWidget *parent)
    : QTableView(parent), m_selection(selection), m_model(new DependencesModel(this))
{
    setModel(m_model);
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
            Q_EMIT edgeMenuRequested(index.row(), viewport()->mapToGlobal(pos));
    });
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (m_updating || !current.isValid())
            return;
        m_selection->selectEdge(current.row(), m_model->data(current, DependencesModel::StatementsRole).toStringList());
    });
    connect(m_selection, &Selection::changed, this, [this] {
        m_updating = true;
        const int row = m_selection->edge();
        if (row >= 0 && row < m_model->rowCount())
            selectRow(row);
        else
            clearSelection();
        m_updating = false;
    });
}

void DependencesView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_updating = true;
    m_model->setSnapshot(snapshot);
    resizeColumnsToContents();
    for (int c = 0; c < DependencesModel::Relation; ++c)
        setColumnWidth(c, std::min(columnWidth(c), 260));
    m_updating = false;
}

} // namespace se
