// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <vector>

namespace se {

class PolyhedralModel;

/// A band's prefix times per statement, for its flags.
class PrefixTimes {
public:
    /// Per statement reaching `band` (`reach`, by model index), its times in
    /// the outer dimensions and the band's members: in `fn` as one affine
    /// function (on the statement's space) where they are one, otherwise in
    /// `times` as { s[i] -> [outer..., members...] } on its instances (as
    /// isl's prefix schedule below the band); the other one stays null. Built statement by
    /// statement from the partial schedules of the band and its ancestor
    /// bands: isl's prefix_schedule_union_map works on the union of every
    /// statement, a third of a tiled 257-statement band's flags. False
    /// (nothing filled) under a node kind this does not follow.
    static bool build(const PolyhedralModel &model, const isl::schedule_node &band, const std::vector<isl::set> &reach,
                      std::vector<isl::map> &times, std::vector<isl::multi_aff> &fn);
};

} // namespace se
