// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"

#include <QMetaType>
#include <QString>

#include <vector>

namespace se {

/// The best repair of a schedule (Repair::find's first proposal), as plain
/// data: the edits to append, or why there is none.
struct RepairResult {
    quint64 job = 0;
    QString goal; ///< legal, permutable, parallel
    std::vector<Edit> edits; ///< empty: no proposal
    QString summary;
    QString reason; ///< why there is none (or none is needed)
};

} // namespace se

Q_DECLARE_METATYPE(se::RepairResult)
