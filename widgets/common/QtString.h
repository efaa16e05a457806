// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <vector>

namespace se {

/// The core's UTF-8 text as a QString (every view shows core strings).
inline QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// An instance's point or time as the views print it: `[3, 1]`.
inline QString pointText(const std::vector<std::int64_t> &v)
{
    QStringList parts;
    for (auto x : v)
        parts << QString::number(x);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace se
