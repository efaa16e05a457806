// SPDX-License-Identifier: MIT
#pragma once

#include "Dependence.h"
#include "core/analysis/CheckReport.h"

namespace se {

class PolyhedralModel;

/// Describes an edge for people: its relation as text, the pair count (when
/// every parameter is fixed and `count` is asked for), and its distance over
/// the loops the two statements share: the distance set (isl `deltas`) and
/// a direction per loop: `0` (always equal), `+`, `-`, `0+`, `0-` or `*`.
class DependenceSummary {
public:
    static EdgeReport describe(const PolyhedralModel &model, const Dependence &dep, bool count);
    /// The number of instance pairs of a relation, when every parameter is
    /// fixed; nullopt otherwise.
    static std::optional<std::int64_t> countPairs(const PolyhedralModel &model, const isl::map &relation);
};

} // namespace se
