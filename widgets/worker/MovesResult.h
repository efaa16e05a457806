// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace se {

/// The legal-moves list of one node, as plain data (MoveFinder's verdicts
/// without its isl-facing header).
struct MovesResult {
    struct Move {
        enum class Verdict { Legal, Illegal, DoesNotApply };
        Edit edit;
        QString description;
        Verdict verdict = Verdict::DoesNotApply;
        std::size_t violatedEdges = 0;
        std::optional<std::int64_t> violatingPairs;
        QString reason; ///< DoesNotApply: why; Illegal: the dependence it breaks first
        /// The exact legal values of its own argument (shift of one
        /// statement, skew, scale), when the ranges are known.
        QString range;
        std::optional<std::int64_t> min, max; ///< the range's bounds, when it has no parameter
        bool rangeEmpty = false;
    };
    quint64 generation = 0;
    std::vector<int> node;
    QString nodeKind;
    std::vector<Move> moves;
    /// The band's exact ranges are in (a list comes first without them).
    bool withRanges = false;
    QStringList rangeNotes; ///< permutations, permutable members, a blocked band: one line each
};

} // namespace se

Q_DECLARE_METATYPE(se::MovesResult)
