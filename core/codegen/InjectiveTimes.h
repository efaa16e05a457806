// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <vector>

namespace se {

class FlatSchedule;
struct StatementTimes;
class PolyhedralModel;

/// isl's AST generator runs one instance per schedule point and statement:
/// where a statement's schedule maps several instances to one time, the
/// others are never run (a piecewise schedule with a constant piece lost
/// instances that way). When some statement's times are not injective, a
/// band of its instance coordinates (padded with zeros to the deepest
/// statement) goes under every leaf: instances sharing a time then run one
/// after the other, in their own lexicographic order, and the nest of an
/// injective schedule stays as it was.
class InjectiveTimes {
public:
    /// True when every statement's times are injective on its domain.
    /// `times`: the schedule's map (isl_schedule_get_map flattens the whole
    /// tree: computed once per nest).
    static bool all(const PolyhedralModel &model, const isl::union_map &times);
    /// The same of a flat schedule: a statement whose function keeps each
    /// of its dimensions as an output is injective without isl's test.
    static bool all(const FlatSchedule &flat);
    /// The same of a tree's flattened times (ScheduleFlattener::flatten):
    /// the statements it does not reach are left out.
    static bool all(const std::vector<StatementTimes> &times);
    /// `schedule`, with the band of instance coordinates under every leaf
    /// when some statement's times are not injective.
    static isl::schedule apply(const PolyhedralModel &model, const isl::schedule &schedule,
                               const isl::union_map &times);
};

} // namespace se
