// SPDX-License-Identifier: MIT
#pragma once

#include "BandFlags.h"
#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

class FlagCache;
class PolyhedralModel;

/// Recomputes the permutable and coincident flags of every band of a
/// schedule from the dependences, so flags stay true after any edit. Runs
/// under the model's operation quota.
class FlagAnalysis {
public:
    /// `cache`, when given, reuses the results of its last compute over the
    /// same `deps` for dependences whose statements' instances and times at
    /// a band did not change (the app's worker keeps one per Analyzer).
    static FlagReport compute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                              const isl::schedule &schedule, FlagCache *cache = nullptr);
    /// `last` (the flags of the tree `schedule` was made from by one band
    /// edit at `band`, of any kind) with the flags of the bands at and below
    /// `band` computed again. A band's flags depend only on the times, at its own
    /// and outer dimensions, of the instances that reach it: the edit
    /// changes none of that for any other band (a band edit that reaches
    /// outside its subtree would leave stale backward lists, which a
    /// later tile's check trusts: BandFlags::backwardEdges).
    static FlagReport recompute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                const isl::schedule &schedule, const FlagReport &last, const std::vector<int> &band,
                                FlagCache *cache = nullptr);
    /// The tree with every band's flags set to the computed ones.
    static isl::schedule withComputedFlags(const isl::schedule &schedule, const FlagReport &flags);
};

} // namespace se
