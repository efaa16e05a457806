// SPDX-License-Identifier: MIT
#include "BandStatementsDialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace se {

BandStatementsDialog::BandStatementsDialog(const ScheduleTreeSnapshot::Node &band, int firstDimension,
                                           const std::vector<std::string> &programOrder, QWidget *parent)
    : QDialog(parent), m_filter(new QLineEdit(this)), m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("bandStatements"));
    std::vector<std::string> rows;
    for (const auto &m : band.members)
        for (const auto &p : m.parts)
            if (std::find(rows.begin(), rows.end(), p.statement) == rows.end())
                rows.push_back(p.statement);
    const auto order = [&](const std::string &s) {
        return std::find(programOrder.begin(), programOrder.end(), s) - programOrder.begin();
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const auto &a, const auto &b) { return order(a) < order(b); });
    setWindowTitle(tr("Band %1: %2 statements")
                       .arg(QString::fromStdString(ScheduleTreeSnapshot::pathText(band.path)))
                       .arg(rows.size()));

    m_table->setColumnCount(static_cast<int>(band.members.size()) + 1);
    QStringList heads{tr("statement")};
    for (std::size_t m = 0; m < band.members.size(); ++m)
        heads << QStringLiteral("t%1").arg(firstDimension + static_cast<int>(m));
    m_table->setHorizontalHeaderLabels(heads);
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        m_table->setItem(static_cast<int>(r), 0, new QTableWidgetItem(QString::fromStdString(rows[r])));
        for (std::size_t m = 0; m < band.members.size(); ++m)
            for (const auto &p : band.members[m].parts)
                if (p.statement == rows[r])
                    m_table->setItem(static_cast<int>(r), static_cast<int>(m) + 1,
                                     new QTableWidgetItem(QString::fromStdString(p.expr)));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();

    m_filter->setPlaceholderText(tr("Filter statements or expressions\u2026"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        for (int r = 0; r < m_table->rowCount(); ++r) {
            bool match = text.isEmpty();
            for (int c = 0; !match && c < m_table->columnCount(); ++c)
                match = m_table->item(r, c) && m_table->item(r, c)->text().contains(text, Qt::CaseInsensitive);
            m_table->setRowHidden(r, !match);
        }
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(640, 480);
}

} // namespace se
