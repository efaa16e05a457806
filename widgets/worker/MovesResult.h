// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"

#include <QMetaType>
#include <QString>

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
        QString reason;
    };
    quint64 generation = 0;
    std::vector<int> node;
    QString nodeKind;
    std::vector<Move> moves;
};

} // namespace se

Q_DECLARE_METATYPE(se::MovesResult)
