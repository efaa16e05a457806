// SPDX-License-Identifier: MIT
#include "ViolationsView.h"

#include "ColumnFit.h"

#include "widgets/models/NaturalSortProxy.h"
#include "widgets/document/Selection.h"
#include "widgets/models/ViolationsModel.h"
#include "core/edit/Edit.h"

#include <QHeaderView>
#include <QPainter>

namespace se {

ViolationsView::ViolationsView(Selection *selection, QWidget *parent)
    : QTableView(parent), m_selection(selection), m_model(new ViolationsModel(this)),
      m_proxy(new NaturalSortProxy(this))
{
    m_proxy->setSourceModel(m_model);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(ViolationsModel::Edge, Qt::AscendingOrder); // s2 before s10
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(m_selection, &Selection::changed, this, &ViolationsView::followSelection);
}

void ViolationsView::setSnapshot(const AnalysisSnapshotPtr &snapshot)
{
    m_updating = true;
    m_model->setSnapshot(snapshot);
    // Long messages stay one line; the tooltip has them whole.
    ColumnFit::fit(*this, ViolationsModel::Message, 260);
    m_updating = false;
    followSelection();
}

void ViolationsView::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    const AnalysisSnapshotPtr &s = m_model->snapshot();
    if (!s || m_model->rowCount() > 0)
        return;
    // An empty table says why it is empty.
    QPainter p(viewport());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(viewport()->rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
               tr("No violations: every one of the %1 dependence edges is respected, and every access stays "
                  "within its tensor's shape.")
                   .arg(s->report.edges.size()));
}

void ViolationsView::selectViolation(int row)
{
    setCurrentIndex(m_proxy->mapFromSource(m_model->index(row, 0)));
}

void ViolationsView::onCurrentChanged(const QModelIndex &current)
{
    if (m_updating)
        return;
    const int row = m_proxy->mapToSource(current).row();
    if (const BoundsReport *b = m_model->bounds(row)) {
        m_boundsRow = row;
        m_selection->selectStatements({QString::fromStdString(b->statement)});
        return;
    }
    m_boundsRow = -1;
    const ViolationReport *v = m_model->violation(row);
    if (!v)
        return;
    m_selection->selectViolation(row, static_cast<int>(v->edge),
                                 {QString::fromStdString(v->src), QString::fromStdString(v->dst)}, !v->node.empty(),
                                 parseNodePath(v->node).value_or(NodePath{}));
}

void ViolationsView::followSelection()
{
    // Keep the table's row in step when the selection comes from elsewhere.
    int row = m_selection->violation();
    // A bounds row stays selected while its statement alone is.
    const BoundsReport *b = m_model->bounds(m_boundsRow);
    if (row < 0 && b && m_selection->statements() == QStringList{QString::fromStdString(b->statement)})
        row = m_boundsRow;
    else
        m_boundsRow = -1;
    m_updating = true;
    if (row >= 0 && row < m_model->rowCount())
        selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
    else
        clearSelection();
    m_updating = false;
}

} // namespace se
