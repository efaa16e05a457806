// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

class PolyhedralModel;

/// isl's scheduler (Pluto-like) on the kernel: every dependence is a
/// validity, proximity and coincidence constraint. The result is a tree
/// over the kernel's domain with isl's own permutable/coincident flags.
class ScheduleSuggester {
public:
    /// Runs under the model's operation quota (ResourceLimitError).
    static isl::schedule suggest(const PolyhedralModel &model, const std::vector<Dependence> &deps);
};

} // namespace se
