// SPDX-License-Identifier: MIT
#pragma once

#include <QSortFilterProxyModel>

namespace se {

/// Sorts a table as a person counts: `s2` before `s10` before `s102`
/// (numbers inside text compare by value), numbers by value. Views keep
/// their selection in source rows and map through this proxy.
class NaturalSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit NaturalSortProxy(QObject *parent = nullptr);
    /// -1, 0 or 1: `s2` < `s10` < `s102`, case ignored.
    static int compare(const QString &a, const QString &b);

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace se
