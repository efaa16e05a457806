// SPDX-License-Identifier: MIT
#pragma once

#include "DependenceFlags.h"

#include <isl/cpp.h>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace se {

/// A band's flags of one dependence from the ranges of its time
/// difference, without a question to isl per edge. With affine times
/// t = L(x) + c the difference of a pair is dL + (cT - cS), and dL takes
/// values [lo, hi] in each dimension over the edge shape's pairs, both
/// attained (isl's exact minimum and maximum). Kept per shape and pair of
/// time dimensions (the affine functions, by isl's text): tiles of a kernel
/// share a handful, and a tile's point band meets again its tile band's
/// dimensions and the untiled band's. So the edges between tiles (11,360
/// on tiled_matmul_64, a few hundred distinct constants' differences) are
/// settled by comparing integers where the ranges decide:
/// - an outer dimension whose range, shifted, leaves out 0: no pair has
///   equal outer times, no question to ask;
/// - every outer dimension identically 0 on every pair: the band's members
///   see every pair, so a member goes backwards exactly when its shifted
///   minimum is negative, and a member is crossed where every earlier one
///   is identically 0 and it is not.
/// Plain data (texts and integers): it may outlive a computation, not the
/// dependence list its shape ids come from.
class DifferenceRanges {
public:
    /// One statement's times at an edge: the linear part (anonymous) and
    /// its dimensions' ids.
    struct Side {
        const isl::multi_aff &linear;
        const std::vector<int> &dims;
    };

    /// Ids of `linear`'s dimensions: equal ids, equal affine functions.
    std::vector<int> dimensionIds(const isl::multi_aff &linear);

    /// The flags of an edge of `shape` ({ [a] -> [b] }, anonymous, id
    /// `shapeId`) whose times have linear parts `src` and `dst` and
    /// constants differing by `diff` (dst's - src's), for a band of
    /// `members` after `outer` dimensions; nullopt when the ranges do not
    /// decide them.
    std::optional<DependenceFlags> flags(int shapeId, const isl::map &shape, const Side &src, const Side &dst,
                                         const std::vector<std::int64_t> &diff, int outer, unsigned members);

    /// The least and greatest dst(b) - src(a) over `shape`'s pairs (both
    /// attained), kept under the shape's id and the two functions' texts.
    struct Range {
        std::optional<long> lo, hi; ///< none: unbounded, no pairs or too large
    };
    Range difference(int shapeId, const isl::map &shape, const isl::aff &src, const isl::aff &dst);

    void clear();
    /// Empties the store when it has grown beyond any kernel's need; only
    /// between computations (ids handed out stay valid until then).
    void trim();

private:
    /// Dimension k's range of dL (no constants; made on first use).
    Range range(int shapeId, const isl::map &shape, const Side &src, const Side &dst, std::size_t k);
    /// difference() kept under `key` (shape id, src's and dst's ids).
    Range measured(const std::tuple<int, int, int> &key, const isl::map &shape, const isl::aff &src,
                   const isl::aff &dst);
    /// An affine function's id (by its text).
    int idOf(const isl::aff &a);

    std::unordered_map<std::string, int> m_dimensionIds; ///< an affine function's text -> id
    std::map<std::tuple<int, int, int>, Range> m_ranges; ///< shape, src and dst dimension ids -> range
    std::map<int, bool> m_hasPairs; ///< shape id -> whether it has a pair
};

} // namespace se
