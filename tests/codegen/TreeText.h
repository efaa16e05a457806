// SPDX-License-Identifier: MIT
// Test helper: a schedule tree's YAML without its expansions' relations
// (GroupedTree lists their pieces in another order than isl's grouping;
// the tests compare the relations themselves).
#pragma once

#include "core/schedule/SchedulePrinter.h"

#include <isl/cpp.h>

#include <QString>
#include <QStringList>

namespace se::test {

inline QString withoutRelations(const isl::schedule &s)
{
    QStringList kept;
    for (const QString &line : QString::fromStdString(SchedulePrinter::blockYaml(s)).split(QLatin1Char('\n')))
        if (!line.trimmed().startsWith(QStringLiteral("expansion:"))
            && !line.trimmed().startsWith(QStringLiteral("contraction:")))
            kept << line;
    return kept.join(QLatin1Char('\n'));
}

} // namespace se::test
