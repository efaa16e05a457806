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

/// One statement's flat times: a map, or one affine function on the
/// statement's whole domain whose map FlatSchedule makes only when asked
/// (most checks read the function alone: making the map of a function
/// with divisions costs more than the rest of a check).
struct StatementTimes {
    isl::map map; ///< { s[...] -> [t0, ..., tn-1] }; null while `function` stands for it
    /// { s[...] -> [t0, ..., tn-1] } where the times are one piece over all of `instances`
    std::optional<isl::multi_aff> function;
    isl::set instances; ///< { s[...] }: where `function` holds (the statement's domain)
};

/// Flattens a schedule tree into one time map per statement by walking it
/// once: band members contribute their partial schedules, sequence and set
/// nodes the child position, filters restrict the instances, and shorter
/// times are padded with zeros at the end (isl's own layout). isl's
/// `isl_schedule_get_map` does the same on whole-kernel union objects,
/// which is slow on a 400-statement tree; per statement it is much cheaper.
class ScheduleFlattener {
public:
    /// { s[...] -> [t0, ..., tn-1] } per model statement (neither map nor
    /// function for statements the tree does not reach); `dims` receives
    /// n; `setLevels` (when given) the set nodes each statement passes.
    static std::vector<StatementTimes> flatten(const PolyhedralModel &model, const isl::schedule &schedule,
                                               unsigned *dims, std::vector<std::vector<SetLevel>> *setLevels = nullptr);
    /// The same for the given statements only, padded to `dims`: nothing
    /// for the others. False (and `out` unspecified) when a statement's
    /// times are longer than `dims`.
    static bool flattenSome(const PolyhedralModel &model, const isl::schedule &schedule,
                            const std::vector<std::size_t> &statements, unsigned dims,
                            std::vector<StatementTimes> &out);
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
