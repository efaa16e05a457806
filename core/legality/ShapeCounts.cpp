// SPDX-License-Identifier: MIT
#include "ShapeCounts.h"

#include "core/deps/DependenceSummary.h"
#include "core/isl/IslUtil.h"

#include <isl/map.h>

namespace se {

namespace {

// A bound on a long session's memory, far above any candidate list's sets.
constexpr std::size_t MaxPartCounts = 1u << 14;

// The pairs' text without the statements' names: it says everything the
// count depends on (the fixed parameters included).
std::string anonymousText(const isl::map &pairs)
{
    // raw isl: no tuple-reset method in cpp.h 0.25
    return islutil::str(
        isl::manage(isl_map_reset_tuple_id(isl_map_reset_tuple_id(pairs.copy(), isl_dim_in), isl_dim_out)));
}

} // namespace

std::optional<std::int64_t> ShapeCounts::count(const PolyhedralModel &model, const Dependence &dep, const isl::map &bad)
{
    if (dep.shape < 0 || dep.shapeRelation.is_null() || !bad.is_equal(dep.relation())) {
        std::string key = anonymousText(bad);
        if (const auto it = m_partCounts.find(key); it != m_partCounts.end())
            return it->second;
        if (m_partCounts.size() >= MaxPartCounts)
            m_partCounts.clear();
        const auto counted = DependenceSummary::countPairs(model, bad);
        m_partCounts.emplace(std::move(key), counted);
        return counted;
    }
    return whole(model, dep);
}

std::optional<std::int64_t> ShapeCounts::whole(const PolyhedralModel &model, const Dependence &dep)
{
    auto it = m_counts.find(dep.shape);
    if (it == m_counts.end())
        it = m_counts.emplace(dep.shape, DependenceSummary::countPairs(model, dep.shapeRelation)).first;
    return it->second;
}

} // namespace se
