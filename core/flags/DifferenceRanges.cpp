// SPDX-License-Identifier: MIT
#include "DifferenceRanges.h"

#include "core/isl/IslUtil.h"

#include <isl/aff.h>

namespace se {

namespace {

// `v` + `by`, or nothing (unknown or beyond 64 bits).
std::optional<long> add(const std::optional<long> &v, long by)
{
    long out = 0;
    if (!v || __builtin_add_overflow(*v, by, &out))
        return std::nullopt;
    return out;
}

// Far more than a big kernel's shapes times dimension pairs (a tiled
// 257-statement band: a few hundred): a bound on a long session's memory
// (a few MB), not a size.
constexpr std::size_t kMaxRanges = 1u << 16;

} // namespace

std::vector<int> DifferenceRanges::dimensionIds(const isl::multi_aff &linear)
{
    std::vector<int> out;
    for (int k = 0; k < static_cast<int>(linear.size()); ++k)
        out.push_back(idOf(linear.at(k)));
    return out;
}

int DifferenceRanges::idOf(const isl::aff &a)
{
    // raw isl: the text is the key
    std::string text = islutil::take(isl_aff_to_str(a.get()));
    return m_dimensionIds.emplace(std::move(text), static_cast<int>(m_dimensionIds.size())).first->second;
}

DifferenceRanges::Range DifferenceRanges::range(int shapeId, const isl::map &shape, const Side &src, const Side &dst,
                                                std::size_t k)
{
    const int at = static_cast<int>(k);
    return measured(std::make_tuple(shapeId, src.dims[k], dst.dims[k]), shape, src.linear.at(at), dst.linear.at(at));
}

DifferenceRanges::Range DifferenceRanges::difference(int shapeId, const isl::map &shape, const isl::aff &src,
                                                     const isl::aff &dst)
{
    return measured(std::make_tuple(shapeId, idOf(src), idOf(dst)), shape, src, dst);
}

DifferenceRanges::Range DifferenceRanges::measured(const std::tuple<int, int, int> &key, const isl::map &shape,
                                                   const isl::aff &src, const isl::aff &dst)
{
    if (const auto it = m_ranges.find(key); it != m_ranges.end())
        return it->second;
    Range r;
    // Two constant parts (a stage's member, whose position is in the
    // caller's constants, leaves 0 and 0): their difference on every pair,
    // where the shape has one (a fifth of a first tile's integer programmes).
    if (src.is_cst() && dst.is_cst()) {
        auto has = m_hasPairs.find(std::get<0>(key));
        if (has == m_hasPairs.end())
            has = m_hasPairs.emplace(std::get<0>(key), !shape.is_empty()).first;
        const auto a = islutil::int64(src.get_constant_val()), b = islutil::int64(dst.get_constant_val());
        long out = 0;
        if (has->second && a && b && !__builtin_sub_overflow(*b, *a, &out))
            r = {out, out};
    }
    const auto a = r.lo ? std::nullopt : islutil::floorForm(src);
    const auto b = r.lo ? std::nullopt : islutil::floorForm(dst);
    if (a && b && a->size == b->size) {
        // A tile member on both sides, floor(e / s) + c: where eB - eA is
        // one multiple of s on every pair, so is the floors' difference,
        // and no integer programme over the divisions is needed (most of a
        // first tile's flags on tiled_matmul_64).
        const Range e = difference(std::get<0>(key), shape, a->numerator, b->numerator);
        if (e.lo && e.hi && *e.lo == *e.hi && *e.lo % a->size == 0) {
            const auto v = add(std::optional<long>(*e.lo / a->size), b->constant);
            long out = 0;
            if (v && !__builtin_sub_overflow(*v, a->constant, &out)) // (beyond 64 bits: isl's way)
                r = {out, out};
        }
    }
    if (!r.lo || !r.hi) {
        // { [a -> b] -> [dst(b) - src(a)] }
        const isl::aff d = islutil::pairDifference(shape, isl::multi_aff(src), isl::multi_aff(dst)).at(0);
        const isl::set pairs = shape.wrap();
        // (infinite, NaN for no pairs, or too large: no bound)
        r = {islutil::int64(pairs.min_val(d)), islutil::int64(pairs.max_val(d))};
    }
    // Only exact bounds are kept: a missing one may be the quota's.
    if (r.lo && r.hi) {
        if (m_ranges.size() >= kMaxRanges)
            m_ranges.clear();
        m_ranges.emplace(key, r);
    }
    return r;
}

std::optional<DependenceFlags> DifferenceRanges::flags(int shapeId, const isl::map &shape, const Side &src,
                                                       const Side &dst, const std::vector<std::int64_t> &diff,
                                                       int outer, unsigned members)
{
    const std::size_t n = static_cast<std::size_t>(outer) + members;
    if (outer < 0 || diff.size() < n || src.dims.size() < n || dst.dims.size() < n)
        return std::nullopt;
    DependenceFlags out;
    out.crosses.assign(members, false);
    // The outer dimensions: one that is never 0 leaves no pair to ask about.
    bool allZero = true;
    for (std::size_t k = 0; k < static_cast<std::size_t>(outer); ++k) {
        const Range r = range(shapeId, shape, src, dst, k);
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
        const Range r = range(shapeId, shape, src, dst, k);
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

void DifferenceRanges::trim()
{
    if (m_dimensionIds.size() >= kMaxRanges)
        clear();
}

void DifferenceRanges::clear()
{
    m_dimensionIds.clear();
    m_ranges.clear();
    m_hasPairs.clear();
}

} // namespace se
