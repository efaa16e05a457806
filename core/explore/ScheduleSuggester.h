// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class PolyhedralModel;

/// isl's scheduler (Pluto-like) on the kernel: every dependence is a
/// validity, proximity and coincidence constraint. The result is a tree
/// over the kernel's domain with isl's own permutable/coincident flags.
class ScheduleSuggester {
public:
    /// Coefficients are bounded by 4 (isl's schedule_max_coefficient).
    /// Runs under the model's operation quota (ResourceLimitError). On a
    /// dense dependence graph, or when isl's scheduler exceeds the quota,
    /// isl's option for large graphs (schedule_serialize_sccs) makes the
    /// schedule, and `note` says so.
    static isl::schedule suggest(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                 std::string *note = nullptr);
};

} // namespace se
