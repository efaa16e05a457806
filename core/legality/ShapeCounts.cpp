// SPDX-License-Identifier: MIT
#include "ShapeCounts.h"

#include "core/deps/DependenceSummary.h"

namespace se {

std::optional<std::int64_t> ShapeCounts::count(const PolyhedralModel &model, const Dependence &dep, const isl::map &bad)
{
    if (dep.shape < 0 || dep.shapeRelation.is_null() || !bad.is_equal(dep.relation()))
        return DependenceSummary::countPairs(model, bad);
    auto it = m_counts.find(dep.shape);
    if (it == m_counts.end())
        it = m_counts.emplace(dep.shape, DependenceSummary::countPairs(model, dep.shapeRelation)).first;
    return it->second;
}

} // namespace se
