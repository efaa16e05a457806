// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <vector>

namespace se {

class PolyhedralModel;

/// Instances of one statement that pass a set node, whose child position is
/// time dimension `dim`: a set promises no order among its children, so two
/// instances whose times first differ there are not ordered by the schedule.
struct SetLevel {
    unsigned dim = 0;
    isl::set instances; ///< { s[...] }
};

/// Flattens a schedule tree into one time map per statement by walking it
/// once: band members contribute their partial schedules, sequence and set
/// nodes the child position, filters restrict the instances, and shorter
/// times are padded with zeros at the end (isl's own layout). isl's
/// `isl_schedule_get_map` does the same on whole-kernel union objects and
/// costs ~50 ms on a 400-statement tree; per statement it is a few ms.
class ScheduleFlattener {
public:
    /// { s[...] -> [t0, ..., tn-1] } per model statement (empty maps for
    /// statements the tree does not reach); `dims` receives n; `setLevels`
    /// (when given) the set nodes each statement passes; `functions` (when
    /// given) each statement's times as one affine function, where they are
    /// one piece (the map is that function on the statement's instances).
    static std::vector<isl::map> flatten(const PolyhedralModel &model, const isl::schedule &schedule, unsigned *dims,
                                         std::vector<std::vector<SetLevel>> *setLevels = nullptr,
                                         std::vector<std::optional<isl::multi_aff>> *functions = nullptr);
    /// The same for the given statements only, padded to `dims`: null maps
    /// for the others. False (and `out` unspecified) when a statement's
    /// times are longer than `dims`.
    static bool flattenSome(const PolyhedralModel &model, const isl::schedule &schedule,
                            const std::vector<std::size_t> &statements, unsigned dims, std::vector<isl::map> &out,
                            std::vector<std::optional<isl::multi_aff>> *functions = nullptr);
    /// { s[...] -> [t0, ..., tn-1] }: `time` (one piecewise expression per
    /// dimension, n >= its size; zeros after it) on `instances`; `function`
    /// (when given) receives it as one affine function where every
    /// dimension is one.
    static isl::map timesOf(const isl::set &instances, const std::vector<isl::pw_aff> &time, std::size_t n,
                            std::optional<isl::multi_aff> *function = nullptr);
    /// The same as one affine function on `instances`' space (not
    /// restricted to them), or nullopt where a dimension is not one.
    static std::optional<isl::multi_aff> functionOf(const isl::set &instances, const std::vector<isl::pw_aff> &time,
                                                    std::size_t n);
};

} // namespace se
