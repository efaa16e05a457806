// SPDX-License-Identifier: MIT
#pragma once

#include "BandFlags.h"
#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

class PolyhedralModel;

/// Recomputes the permutable and coincident flags of every band of a
/// schedule from the dependences, so flags stay true after any edit. Runs
/// under the model's operation quota.
class FlagAnalysis {
public:
    static FlagReport compute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                              const isl::schedule &schedule);
    /// The tree with every band's flags set to the computed ones.
    static isl::schedule withComputedFlags(const isl::schedule &schedule, const FlagReport &flags);
};

} // namespace se
