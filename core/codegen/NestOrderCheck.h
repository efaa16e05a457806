// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace se {

class PolyhedralModel;
struct GenNode;
class InputError;

/// Checks that a regenerated nest runs the instances in the schedule's
/// order. isl 0.25 can generate a nest that runs every instance once but not
/// in order (a band whose times are piecewise: s4[1] at [2, 1] before s3[0]
/// at [2, 0], tests/differential/regressions/piecewise_band_order).
///
/// Each statement of the nest becomes `{ [a] -> [t] }`: its place in the nest
/// (block positions and loop counters, `[p0, c0, p1, ..., pd]`) to the
/// schedule's time of the instance it runs. The nest is in order when no two
/// of them run in one order while their times say the other.
///
/// The check compares every pair of the nest's statements in one isl
/// relation: it runs on nests of at most MaxStatements statements, outside
/// set nodes (whose children have no order), and is skipped when it hits the
/// operation quota (a check that cannot finish refuses nothing).
class NestOrderCheck {
public:
    static constexpr std::size_t MaxStatements = 64;

    /// Two times the nest's `body` runs the wrong way round, as words
    /// ("an instance at time [2, 1] before one at [2, 0]"); nothing when it
    /// is in order or cannot be checked.
    static std::optional<std::string> wrongPair(const PolyhedralModel &model, const isl::schedule &schedule,
                                                const std::vector<GenNode> &body);
    /// The refusal of a nest whose order is wrong.
    static InputError refusal(const std::string &file, const std::string &wrongPair);
};

} // namespace se
