// SPDX-License-Identifier: MIT
#pragma once

#include "FlagCache.h"

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace se {

/// A band's flags of one dependence from the ranges of its time
/// difference, without a question to isl per edge. With affine times
/// t = L(x) + c the difference of a pair is dL + (cT - cS), and dL takes
/// values [lo, hi] in each dimension over the edge shape's pairs, both
/// attained (isl's exact minimum and maximum). Kept per shape and pair of
/// linear parts (tiles of a kernel share a handful), so the edges between
/// tiles (11,360 on tiled_matmul_64, a few hundred distinct constants'
/// differences) are settled by comparing integers where the ranges decide:
/// - an outer dimension whose range, shifted, leaves out 0: no pair has
///   equal outer times, no question to ask;
/// - every outer dimension identically 0 on every pair: the band's members
///   see every pair, so a member goes backwards exactly when its shifted
///   minimum is negative, and a member is crossed where every earlier one
///   is identically 0 and it is not.
class DifferenceRanges {
public:
    /// The flags of an edge of `shape` ({ [a] -> [b] }, anonymous) whose
    /// times are `src` and `dst` (linear parts, anonymous, ids `srcPart`
    /// and `dstPart`) with constants differing by `diff` (dst's - src's),
    /// for a band of `members` after `outer` dimensions; nullopt when the
    /// ranges do not decide them.
    std::optional<DependenceFlags> flags(int shapeId, const isl::map &shape, int srcPart, const isl::multi_aff &src,
                                         int dstPart, const isl::multi_aff &dst, const std::vector<long> &diff,
                                         int outer, unsigned members);

private:
    struct Range {
        std::optional<long> lo, hi; ///< of dL (no constants); none: unbounded, no pairs or too large
    };
    struct Ranges {
        isl::multi_aff delta; ///< { [a -> b] -> [dL] } on the shape's pairs, made on first use
        std::vector<Range> dims; ///< the ranges made so far, outermost first
    };
    /// Dimension k's range (made on first use).
    const Range &range(Ranges &ranges, std::size_t k, const isl::map &shape, const isl::multi_aff &src,
                       const isl::multi_aff &dst);
    /// shape, src part, dst part -> its ranges
    std::map<std::tuple<int, int, int>, Ranges> m_ranges;
};

} // namespace se
