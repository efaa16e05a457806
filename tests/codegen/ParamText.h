// SPDX-License-Identifier: MIT
// Test helper: parameter values written as a data row writes them.
#pragma once

#include "core/model/ParamValues.h"

#include <QString>
#include <QStringList>

namespace se::test {

/// `{"N=10", "T=4"}` as parameter values.
inline ParamValues paramValues(const QStringList &assignments)
{
    ParamValues out;
    for (const QString &p : assignments)
        out[p.section(QLatin1Char('='), 0, 0).toStdString()] = p.section(QLatin1Char('='), 1).toLongLong();
    return out;
}

/// `"N=10,T=4"` (or "" for none) as parameter values.
inline ParamValues paramValues(const QString &assignments)
{
    return paramValues(assignments.split(QLatin1Char(','), Qt::SkipEmptyParts));
}

} // namespace se::test
