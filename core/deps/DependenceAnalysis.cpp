// SPDX-License-Identifier: MIT
#include "DependenceAnalysis.h"

#include "ProgramOrder.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/OriginalSchedule.h"

#include <isl/map.h>
#include <isl/union_map.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace se {

namespace {

using Key = std::tuple<DepType, std::size_t, std::size_t, std::string>;

class EdgeSet {
public:
    void add(DepType type, std::size_t src, std::size_t dst, const std::string &alloc, const isl::map &rel)
    {
        if (rel.is_empty())
            return;
        auto [it, fresh] = m_edges.emplace(Key{type, src, dst, alloc}, rel);
        if (!fresh)
            it->second = it->second.unite(rel);
    }

    std::vector<Dependence> take(const PolyhedralModel &model)
    {
        std::vector<Dependence> out;
        for (auto &[key, rel] : m_edges)
            out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), std::get<3>(key), rel.coalesce()});
        // Sorted as the oracle sorts: by type, then statement names, then allocation.
        std::sort(out.begin(), out.end(), [&](const Dependence &a, const Dependence &b) {
            const auto &sa = model.statements()[a.src].name, &sb = model.statements()[b.src].name;
            const auto &da = model.statements()[a.dst].name, &db = model.statements()[b.dst].name;
            return std::tie(a.type, sa, da, a.allocation) < std::tie(b.type, sb, db, b.allocation);
        });
        return out;
    }

private:
    std::map<Key, isl::map> m_edges;
};

} // namespace

std::vector<Dependence> DependenceAnalysis::compute(const PolyhedralModel &model, DepMode mode)
{
    return QuotaScope::run(model.islContext(), "computing dependences",
                           [&] { return mode == DepMode::May ? may(model) : flow(model); });
}

std::vector<Dependence> DependenceAnalysis::may(const PolyhedralModel &model)
{
    // Accesses grouped by allocation: only those can conflict.
    std::map<std::string, std::vector<const AccessModel *>> byAlloc;
    for (const auto &a : model.accesses())
        byAlloc[a.allocation].push_back(&a);

    std::map<std::pair<std::size_t, std::size_t>, isl::map> orders;
    auto before = [&](std::size_t s, std::size_t t) -> const isl::map & {
        auto it = orders.find({s, t});
        if (it == orders.end())
            it = orders.emplace(std::make_pair(s, t), ProgramOrder::before(model, s, t)).first;
        return it->second;
    };

    EdgeSet edges;
    for (const auto &[alloc, list] : byAlloc) {
        std::vector<isl::set> ranges;
        for (const auto *a : list)
            ranges.push_back(a->relation.range());
        for (std::size_t i = 0; i < list.size(); ++i) {
            const AccessModel &a = *list[i];
            if (!a.write)
                continue;
            for (std::size_t j = 0; j < list.size(); ++j) {
                const AccessModel &b = *list[j];
                if (ranges[i].is_disjoint(ranges[j]))
                    continue;
                // { a[i] -> b[j] : a and b touch the same element }
                const isl::map conflict = a.relation.apply_range(b.relation.reverse());
                if (b.write) {
                    edges.add(DepType::WAW, a.statement, b.statement, alloc,
                              conflict.intersect(before(a.statement, b.statement)));
                } else {
                    edges.add(DepType::RAW, a.statement, b.statement, alloc,
                              conflict.intersect(before(a.statement, b.statement)));
                    edges.add(DepType::WAR, b.statement, a.statement, alloc,
                              conflict.reverse().intersect(before(b.statement, a.statement)));
                }
            }
        }
    }
    return edges.take(model);
}

std::vector<Dependence> DependenceAnalysis::flow(const PolyhedralModel &model)
{
    const isl::schedule original = OriginalSchedule::build(model);
    std::map<std::string, std::pair<isl::union_map, isl::union_map>> byAlloc; // reads, writes
    for (const auto &a : model.accesses()) {
        auto &[reads, writes] = byAlloc[a.allocation];
        isl::union_map &u = a.write ? writes : reads;
        u = u.is_null() ? isl::union_map(a.relation) : u.unite(isl::union_map(a.relation));
    }
    EdgeSet edges;
    for (const auto &[alloc, rw] : byAlloc) {
        const auto &[reads, writes] = rw;
        if (reads.is_null() || writes.is_null())
            continue;
        // { write[...] -> read[...] : the read sees the value that write stored }
        const isl::union_map dep = isl::union_access_info(reads)
                                       .set_must_source(writes)
                                       .set_schedule(original)
                                       .compute_flow()
                                       .must_dependence();
        dep.foreach_map([&](isl::map m) {
            const int s = model.statementIndex(isl_map_get_tuple_name(m.get(), isl_dim_in));
            const int t = model.statementIndex(isl_map_get_tuple_name(m.get(), isl_dim_out));
            edges.add(DepType::RAW, static_cast<std::size_t>(s), static_cast<std::size_t>(t), alloc, m);
        });
    }
    return edges.take(model);
}

} // namespace se
