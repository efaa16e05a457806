// SPDX-License-Identifier: MIT
#include "MovesView.h"

#include "widgets/document/Explorer.h"
#include "widgets/models/MovesModel.h"
#include "widgets/document/Selection.h"

#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace se {

MovesView::MovesView(Explorer *explorer, QWidget *parent)
    : QWidget(parent), m_explorer(explorer), m_model(new MovesModel(this)), m_table(new QTableView(this)),
      m_header(new QLabel(this))
{
    m_header->setWordWrap(true);
    m_header->setContentsMargins(4, 2, 4, 2);
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(MovesModel::Move, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(MovesModel::Verdict, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MovesModel::Range, QHeaderView::ResizeToContents);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(m_table, 1);

    connect(m_table, &QTableView::doubleClicked, this, &MovesView::apply);
    connect(m_explorer->selection(), &Selection::changed, this, &MovesView::refresh);
    connect(m_explorer, &Explorer::snapshotChanged, this, &MovesView::refresh);
    connect(m_explorer, &Explorer::nestReady, this, [this] {
        if (m_afterNest)
            refresh();
    });
    // A list is only ever of the schedule shown: when the moves job or the
    // analysis stops, say so and why rather than "checking" forever.
    connect(m_explorer, &Explorer::movesFailed, this, [this](const AnalysisError &e) {
        m_model->clear();
        m_header->setText(tr("Stopped: %1").arg(e.message));
    });
    connect(m_explorer, &Explorer::analysisStopped, this, [this](const QString &reason) {
        m_model->clear();
        m_header->setText(tr("Stopped: the analysis of this schedule did not finish (%1).").arg(reason));
    });
    // A rejected change rolls back to the schedule shown: check its moves again.
    connect(m_explorer, &Explorer::analysisFailed, this, &MovesView::refresh);
    connect(m_explorer, &Explorer::movesReady, this, [this](const MovesResult &m) {
        m_model->setMoves(m);
        m_table->resizeRowsToContents();
        QString text = tr("Moves at %1 %2 (double-click to apply)")
                           .arg(m.nodeKind)
                           .arg(QString::fromStdString(nodePathText(m.node)));
        if (m.nodeKind == QLatin1String("band"))
            text += m.withRanges ? QStringLiteral("\n") + m.rangeNotes.join(QStringLiteral("\n"))
                                 : tr("\nComputing the exact legal ranges\u2026");
        m_header->setText(text);
    });
    refresh();
}

void MovesView::refresh()
{
    const Selection *sel = m_explorer->selection();
    // Whatever happens next, the old list belonged to another schedule or node.
    m_model->clear();
    m_afterNest = false;
    if (!sel->hasTreeNode() || !m_explorer->snapshot()) {
        m_explorer->dropMoves(); // a list still on its way would show the old node's moves
        m_header->setText(tr("Select a node of the schedule tree to see the edits that fit it."));
        return;
    }
    // A selected violation selects the node where the order breaks: its
    // moves are the candidate repairs.
    const QString node = QString::fromStdString(nodePathText(sel->treeNode()));
    // The loop nest first: it is a view of the schedule shown, the moves
    // list a search from it (on a first tile by 32 of tiled_matmul_64's
    // band, listing the moves first delayed the nest).
    if (m_explorer->snapshot()->nestPending) {
        m_header->setText(tr("Checking the moves at %1 once the loop nest is made\u2026").arg(node));
        m_explorer->dropMoves(); // (a list on its way is of another schedule)
        m_afterNest = true;
        return;
    }
    m_header->setText(tr("Checking the moves at %1\u2026").arg(node));
    m_explorer->requestMoves(sel->treeNode());
}

void MovesView::apply(const QModelIndex &index)
{
    const MovesResult::Move *m = m_model->move(index.row());
    if (!m || m->verdict == MovesResult::Move::Verdict::DoesNotApply)
        return;
    Edit e = m->edit;
    if (!m->range.isEmpty() && !m->rangeEmpty) {
        // Choose the argument; the legal values are said, and a value
        // outside them is still allowed (its verdict then says why not).
        const bool shift = e.kind == EditKind::Shift;
        const std::int64_t now = shift ? std::stoll(e.offsets.front().second) : e.factor;
        const std::int64_t start = m->min && now < *m->min ? *m->min : m->max && now > *m->max ? *m->max : now;
        bool ok = false;
        const int value = QInputDialog::getInt(
            this, m->description, tr("%1\nLegal values: %2").arg(shift ? tr("Offset:") : tr("Factor:"), m->range),
            static_cast<int>(start), e.kind == EditKind::Scale ? 1 : -1000000, 1000000, 1, &ok);
        if (!ok)
            return;
        if (shift)
            e.offsets.front().second = std::to_string(value);
        else
            e.factor = value;
        if ((m->min && value < *m->min) || (m->max && value > *m->max))
            m_header->setText(tr("%1 is outside the legal values (%2): applied anyway.").arg(value).arg(m->range));
    }
    m_explorer->applyEdit(e);
}

} // namespace se
