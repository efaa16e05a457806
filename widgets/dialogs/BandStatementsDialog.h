// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTreeSnapshot.h"

#include <QDialog>

#include <string>
#include <vector>

class QLineEdit;
class QTableWidget;

namespace se {

/// Every statement of a band with its member expressions, in program
/// order, filterable: what the tree's "+249 more statements" stands for,
/// expanded on demand (the figure itself stays small).
class BandStatementsDialog : public QDialog {
    Q_OBJECT
public:
    BandStatementsDialog(const ScheduleTreeSnapshot::Node &band, int firstDimension,
                         const std::vector<std::string> &programOrder, QWidget *parent = nullptr);
    QTableWidget *table() const { return m_table; }
    QLineEdit *filter() const { return m_filter; }

private:
    QLineEdit *m_filter;
    QTableWidget *m_table;
};

} // namespace se
