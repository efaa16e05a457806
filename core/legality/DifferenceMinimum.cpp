// SPDX-License-Identifier: MIT
#include "DifferenceMinimum.h"

#include "core/isl/IslUtil.h"

#include <isl/set.h>

namespace se {

DifferenceMinimum DifferenceMinimum::of(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                                        bool greatest)
{
    DifferenceMinimum out;
    // { [a -> b] -> [dst(b) - src(a)] }
    const isl::multi_aff delta = islutil::pairDifference(shape, src, dst);
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
    for (const Integer &c : islutil::exactCoordinates(extreme.sample_point())) {
        const auto v = c.toInt64();
        if (!v)
            return out;
        out.m_point.push_back(*v);
    }
    out.m_kind = Kind::Point;
    return out;
}

bool DifferenceMinimum::violated(const std::vector<std::int64_t> &diff) const
{
    if (m_kind == Kind::NoPairs)
        return false;
    for (std::size_t k = 0; k < m_point.size() && k < diff.size(); ++k) {
        std::int64_t d = 0;
        if (__builtin_add_overflow(m_point[k], diff[k], &d))
            return m_point[k] < 0; // both of one sign, beyond 64 bits
        if (d != 0)
            return d < 0;
    }
    return true; // equal times: not strictly forward
}

} // namespace se
