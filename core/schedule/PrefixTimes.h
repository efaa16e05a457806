// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>
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
    /// statement, a large part of a tiled 257-statement band's flags. False
    /// (nothing filled) under a node kind this does not follow.
    static bool build(const PolyhedralModel &model, const isl::schedule_node &band, const std::vector<isl::set> &reach,
                      std::vector<isl::map> &times, std::vector<isl::multi_aff> &fn);

    /// The partial schedules of `band` and its ancestor bands, outermost
    /// first; nothing under a node kind this does not follow (expansion,
    /// extension, context, guard: isl's prefix schedule then).
    static std::optional<std::vector<isl::multi_union_pw_aff>> bandsFrom(const isl::schedule_node &band);
    /// One statement's prefix times from `bands` (on the space of `instances`),
    /// one piecewise expression per dimension.
    static std::vector<isl::pw_aff> timeOf(const std::vector<isl::multi_union_pw_aff> &bands,
                                           const isl::set &instances);
    /// The number of dimensions of `bands`.
    static std::size_t dims(const std::vector<isl::multi_union_pw_aff> &bands);
};

} // namespace se
