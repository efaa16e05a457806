// SPDX-License-Identifier: MIT
#include "DifferenceRanges.h"

#include "core/isl/IslUtil.h"

namespace se {

namespace {

std::optional<long> integer(const isl::val &v)
{
    if (v.is_null() || !v.is_int() || !islutil::fitsInt64(v))
        return std::nullopt; // infinite, NaN (no pairs) or too large: no bound
    return v.get_num_si();
}

// `v` + `by`, or nothing (unknown or beyond 64 bits).
std::optional<long> add(const std::optional<long> &v, long by)
{
    long out = 0;
    if (!v || __builtin_add_overflow(*v, by, &out))
        return std::nullopt;
    return out;
}

} // namespace

const DifferenceRanges::Range &DifferenceRanges::range(Ranges &ranges, std::size_t k, const isl::map &shape,
                                                       const isl::multi_aff &src, const isl::multi_aff &dst)
{
    if (ranges.delta.is_null())
        ranges.delta = islutil::pairDifference(shape, src, dst); // { [a -> b] -> [dst(b) - src(a)] }
    const isl::set pairs = shape.wrap();
    while (ranges.dims.size() <= k) {
        const isl::aff d = ranges.delta.at(static_cast<int>(ranges.dims.size()));
        ranges.dims.push_back({integer(pairs.min_val(d)), integer(pairs.max_val(d))});
    }
    return ranges.dims[k];
}

std::optional<DependenceFlags> DifferenceRanges::flags(int shapeId, const isl::map &shape, int srcPart,
                                                       const isl::multi_aff &src, int dstPart,
                                                       const isl::multi_aff &dst, const std::vector<long> &diff,
                                                       int outer, unsigned members)
{
    const std::size_t n = static_cast<std::size_t>(outer) + members;
    if (outer < 0 || diff.size() < n || static_cast<std::size_t>(src.size()) < n
        || static_cast<std::size_t>(dst.size()) < n)
        return std::nullopt;
    Ranges &ranges = m_ranges[{shapeId, srcPart, dstPart}];
    DependenceFlags out;
    out.crosses.assign(members, false);
    // The outer dimensions: one that is never 0 leaves no pair to ask about.
    bool allZero = true;
    for (std::size_t k = 0; k < static_cast<std::size_t>(outer); ++k) {
        const Range &r = range(ranges, k, shape, src, dst);
        const auto lo = add(r.lo, diff[k]), hi = add(r.hi, diff[k]);
        if ((lo && *lo > 0) || (hi && *hi < 0))
            return out;
        allZero = allZero && lo && hi && *lo == 0 && *hi == 0;
    }
    if (!allZero)
        return std::nullopt; // some pairs equal outside the band, others not: isl decides
    // Every pair is equal outside the band: the members see all of them.
    enum class Open { All, None, Some } open = Open::All; // pairs equal in the members so far
    for (unsigned m = 0; m < members; ++m) {
        const std::size_t k = static_cast<std::size_t>(outer) + m;
        const Range &r = range(ranges, k, shape, src, dst);
        const auto lo = add(r.lo, diff[k]), hi = add(r.hi, diff[k]);
        if (!lo || !hi)
            return std::nullopt;
        out.backwards = out.backwards || *lo < 0; // the minimum is some pair's
        const bool zero = *lo == 0 && *hi == 0;
        if (open == Open::All)
            out.crosses[m] = !zero;
        else if (open == Open::Some)
            return std::nullopt;
        if (open == Open::All && !zero)
            open = *lo > 0 || *hi < 0 ? Open::None : Open::Some;
    }
    return out;
}

} // namespace se
