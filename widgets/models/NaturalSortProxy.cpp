// SPDX-License-Identifier: MIT
#include "NaturalSortProxy.h"

namespace se {

NaturalSortProxy::NaturalSortProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(Qt::DisplayRole);
}

int NaturalSortProxy::compare(const QString &a, const QString &b)
{
    // Chunks of digits compare by value, the rest as text (QCollator's
    // numeric mode needs ICU, which a plain Qt build may lack).
    int i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            int ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit())
                ++ei;
            while (ej < b.size() && b[ej].isDigit())
                ++ej;
            const qulonglong x = QStringView(a).mid(i, ei - i).toULongLong(),
                             y = QStringView(b).mid(j, ej - j).toULongLong();
            if (x != y)
                return x < y ? -1 : 1;
            i = ei;
            j = ej;
            continue;
        }
        // One character each, case folded: no string made per character
        // (sorting 11,000 rows compares a few hundred thousand times).
        const char16_t x = a[i].toCaseFolded().unicode(), y = b[j].toCaseFolded().unicode();
        if (x != y)
            return x < y ? -1 : 1;
        ++i;
        ++j;
    }
    return (a.size() - i) - (b.size() - j) < 0 ? -1 : ((a.size() - i) == (b.size() - j) ? 0 : 1);
}

bool NaturalSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(sortRole()), b = right.data(sortRole());
    const bool numbers = a.typeId() != QMetaType::QString && b.typeId() != QMetaType::QString && a.isValid()
        && b.isValid() && a.canConvert<double>() && b.canConvert<double>();
    if (numbers)
        return a.toDouble() < b.toDouble();
    const int c = compare(a.toString(), b.toString());
    if (c != 0)
        return c < 0;
    return left.row() < right.row(); // ties keep the report's order
}

} // namespace se
