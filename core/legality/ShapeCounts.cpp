// SPDX-License-Identifier: MIT
#include "ShapeCounts.h"

#include "core/deps/DependenceSummary.h"
#include "core/isl/IslUtil.h"

namespace se {

namespace {

// A bound on a long session's memory, far above any candidate list's sets.
constexpr std::size_t MaxPartCounts = 1u << 14;

} // namespace

std::optional<std::int64_t> ShapeCounts::count(const PolyhedralModel &model, const Dependence &dep, const isl::map &bad)
{
    // The pairs' text without the statements' names says everything the
    // count depends on (the fixed parameters included); it is looked up
    // before isl compares the pairs with the whole relation.
    return memoized(islutil::str(islutil::anonymous(bad)), [&] {
        const bool whole = dep.shape >= 0 && !dep.shapeRelation.is_null() && bad.is_equal(dep.relation());
        return whole ? this->whole(model, dep) : DependenceSummary::countPairs(model, bad);
    });
}

std::optional<std::int64_t> ShapeCounts::countPieces(const PolyhedralModel &model, const std::vector<isl::set> &pieces)
{
    std::string key = "pieces";
    for (const isl::set &p : pieces)
        key += "\n" + islutil::str(p);
    return memoized(std::move(key), [&] {
        std::optional<std::int64_t> total = 0;
        for (const isl::set &p : pieces) {
            const auto c = DependenceSummary::countPairs(model, p.unwrap());
            if (!c || __builtin_add_overflow(*total, *c, &*total))
                return std::optional<std::int64_t>();
        }
        return total;
    });
}

std::optional<std::int64_t> ShapeCounts::memoized(std::string key,
                                                  const std::function<std::optional<std::int64_t>()> &count)
{
    if (const auto it = m_partCounts.find(key); it != m_partCounts.end())
        return it->second;
    if (m_partCounts.size() >= MaxPartCounts)
        m_partCounts.clear();
    const auto counted = count();
    m_partCounts.emplace(std::move(key), counted);
    return counted;
}

std::optional<std::int64_t> ShapeCounts::whole(const PolyhedralModel &model, const Dependence &dep)
{
    auto it = m_counts.find(dep.shape);
    if (it == m_counts.end())
        it = m_counts.emplace(dep.shape, DependenceSummary::countPairs(model, dep.shapeRelation)).first;
    return it->second;
}

} // namespace se
