// SPDX-License-Identifier: MIT
#pragma once

#include "IterationSpace.h"
#include "core/deps/Dependence.h"
#include "core/legality/DependenceOverride.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

class PolyhedralModel;

/// Computes one slice of the iteration space for the teaching plot (Clint's
/// and islplot's picture): the instances of up to two statements with the
/// query's fixed dimensions, every parameter at its concrete value (fixed,
/// else the kernel's value, else its minimum), their flat times under
/// `schedule` and their order, every dependence pair of `deps` with both
/// ends in the slice (violated when dst's time is not after src's), and the
/// tiles of the outermost tiled band (a band whose members take a floor,
/// with a band below it): two instances share a tile when the schedule
/// above that inner band gives them the same values.
///
/// Huge slices are refused with a message (before enumerating anything),
/// as are dependence pairs beyond the query's bound. Runs under the
/// model's quota: ResourceLimitError, CancelledError.
class IterationSpaceBuilder {
public:
    /// `deps` are in CheckReport::edges order (Pair::edge indexes both).
    static IterationSpace build(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                const isl::schedule &schedule, const IterationSpaceQuery &query,
                                const std::vector<DependenceOverride> &assumeNoDep = {});
};

} // namespace se
