// SPDX-License-Identifier: MIT
#include "DifferenceMinimum.h"

#include <algorithm>

#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/set.h>

namespace se {

DifferenceMinimum DifferenceMinimum::of(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                                        bool greatest)
{
    DifferenceMinimum out;
    // { [a -> b] -> [dst(b) - src(a)] }
    isl::multi_aff delta = islutil::pairDifference(shape, src, dst);
    // A dimension that is one integer in delta is that integer at every
    // pair and orders no pair before another: it is left out of the
    // projection (the tile and stage levels of a tiled band, four of its
    // ten) and put back into the extreme point.
    const int n = static_cast<int>(delta.size());
    std::vector<std::optional<std::int64_t>> fixed(static_cast<std::size_t>(n));
    for (int k = n - 1; k >= 0; --k) {
        const isl::aff a = delta.at(k);
        const auto v = a.is_cst() ? islutil::int64(a.get_constant_val()) : std::nullopt;
        if (!v)
            continue;
        fixed[static_cast<std::size_t>(k)] = *v;
        // raw isl: dropping an output dimension (not in cpp.h 0.25)
        delta = isl::manage(isl_multi_aff_drop_dims(delta.release(), isl_dim_out, static_cast<unsigned>(k), 1));
    }
    // { [δ] }: every pair's difference, for some parameter value
    const isl::set differences = shape.wrap().apply(delta.as_map()).project_out_all_params();
    if (differences.is_empty()) {
        out.m_kind = Kind::NoPairs;
        return out;
    }
    // raw isl: boundedness (not in cpp.h 0.25); lexmin is exact only on a bounded set
    if (isl_set_is_bounded(differences.get()) != isl_bool_true)
        return out;
    const isl::set extreme = greatest ? differences.lexmax() : differences.lexmin();
    const std::vector<Integer> coords = islutil::exactCoordinates(extreme.sample_point());
    std::size_t next = 0;
    for (const auto &f : fixed) {
        if (f) {
            out.m_point.push_back(*f);
            continue;
        }
        const auto v = next < coords.size() ? coords[next++].toInt64() : std::nullopt;
        if (!v)
            return out;
        out.m_point.push_back(*v);
    }
    out.m_kind = Kind::Point;
    return out;
}

std::optional<std::size_t> DifferenceMinimum::firstNonZero(const std::vector<std::int64_t> &diff, bool *negative) const
{
    for (std::size_t k = 0; k < m_point.size() && k < diff.size(); ++k) {
        std::int64_t d = 0;
        if (__builtin_add_overflow(m_point[k], diff[k], &d)) {
            *negative = m_point[k] < 0; // both of one sign, beyond 64 bits
            return k;
        }
        if (d != 0) {
            *negative = d < 0;
            return k;
        }
    }
    return std::nullopt;
}

bool DifferenceMinimum::violated(const std::vector<std::int64_t> &diff) const
{
    if (m_kind == Kind::NoPairs)
        return false;
    bool negative = false;
    return firstNonZero(diff, &negative) ? negative : true; // equal times: not strictly forward
}

std::vector<isl::set> DifferenceMinimum::violatingPieces(const isl::map &shape, const isl::multi_aff &src,
                                                         const isl::multi_aff &dst,
                                                         const std::vector<std::int64_t> &diff) const
{
    // { [a -> b] -> [dst(b) - src(a) + diff] }, one aff per dimension
    const isl::multi_aff delta = islutil::pairDifference(shape, src, dst);
    const std::size_t n = std::min(diff.size(), static_cast<std::size_t>(delta.size()));
    std::vector<isl::aff> shifted;
    for (std::size_t k = 0; k < n; ++k)
        shifted.push_back(delta.at(static_cast<int>(k)).add_constant(static_cast<long>(diff[k])));
    // Below the least difference plus `diff`, whose first non-zero
    // dimension is `first`, every pair's is 0 before `first` or positive at
    // one dimension there: only the pairs 0 up to `first` can be violated.
    bool negative = false;
    const std::size_t first = std::min(n, firstNonZero(diff, &negative).value_or(n));
    isl::set prefix = shape.wrap();
    std::vector<isl::set> pieces;
    if (n == 0) {
        pieces.push_back(prefix);
        return pieces;
    }
    const isl::aff zero = shifted.front().sub(shifted.front()); // 0 on the pairs' space
    for (std::size_t k = 0; k < first; ++k)
        prefix = prefix.intersect(shifted[k].eq_set(zero));
    for (std::size_t k = first; k < n; ++k) {
        pieces.push_back(prefix.intersect(shifted[k].lt_set(zero)));
        prefix = prefix.intersect(shifted[k].eq_set(zero));
    }
    pieces.push_back(prefix); // equal times: not strictly forward
    return pieces;
}

} // namespace se
