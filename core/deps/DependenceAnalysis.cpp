// SPDX-License-Identifier: MIT
#include "DependenceAnalysis.h"

#include "core/support/VerifyMode.h"

#include "ProgramOrder.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslLimits.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/OriginalSchedule.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace se {

namespace {

using EdgeKey = std::tuple<DepType, std::size_t, std::size_t, std::string>;

// Collects the pieces of each edge and gives edges made of the same pieces
// the same shape.
class EdgeSet {
public:
    explicit EdgeSet(const PolyhedralModel &model) : m_model(model) { }

    void add(DepType type, std::size_t src, std::size_t dst, const std::string &alloc, int piece)
    {
        auto &pieces = m_edges[EdgeKey{type, src, dst, alloc}];
        if (std::find(pieces.begin(), pieces.end(), piece) == pieces.end())
            pieces.push_back(piece);
    }

    /// A piece's anonymous relation; returns its id.
    int piece(const isl::map &anon)
    {
        m_pieces.push_back(anon);
        return static_cast<int>(m_pieces.size()) - 1;
    }

    std::vector<Dependence> take()
    {
        std::map<std::vector<int>, std::pair<int, isl::map>> shapes;
        std::vector<Dependence> out;
        for (auto &[key, pieces] : m_edges) {
            QuotaScope::nextStep(m_model.islContext());
            std::sort(pieces.begin(), pieces.end());
            auto it = shapes.find(pieces);
            if (it == shapes.end()) {
                isl::map u = m_pieces[static_cast<std::size_t>(pieces.front())];
                for (std::size_t k = 1; k < pieces.size(); ++k)
                    u = u.unite(m_pieces[static_cast<std::size_t>(pieces[k])]);
                it =
                    shapes.emplace(pieces, std::make_pair(static_cast<int>(shapes.size()), islutil::coalesce(u))).first;
            }
            const auto &[type, src, dst, alloc] = key;
            Dependence d;
            d.type = type;
            d.src = src;
            d.dst = dst;
            d.allocation = alloc;
            d.shape = it->second.first;
            d.shapeRelation = it->second.second; // shared: named on use
            d.srcName = m_model.statements()[src].name;
            d.dstName = m_model.statements()[dst].name;
            out.push_back(std::move(d));
        }
        sort(out);
        return out;
    }

    // Sorted as the oracle sorts: by type, then statement names, then allocation.
    void sort(std::vector<Dependence> &deps) const
    {
        std::sort(deps.begin(), deps.end(), [&](const Dependence &a, const Dependence &b) {
            const auto &sa = m_model.statements()[a.src].name, &sb = m_model.statements()[b.src].name;
            const auto &da = m_model.statements()[a.dst].name, &db = m_model.statements()[b.dst].name;
            return std::tie(a.type, sa, da, a.allocation) < std::tie(b.type, sb, db, b.allocation);
        });
    }

private:
    const PolyhedralModel &m_model;
    std::map<EdgeKey, std::vector<int>> m_edges;
    std::vector<isl::map> m_pieces;
};

// What the conflict of two accesses depends on, apart from statement names:
// both access relations (domains included) and the program order between
// their statements. Statements that repeat a pattern share keys.
struct AccessShape {
    std::string key; // the relation printed with anonymous tuples (both sides share the allocation)
    bool empty = false; // touches no element for any parameter value
    // Bounds of the touched elements per allocation dimension, over every
    // parameter value; kUnbounded where there is none (or beyond 64 bits).
    std::vector<std::pair<long, long>> box;
};

constexpr long kUnboundedBelow = std::numeric_limits<long>::min();
constexpr long kUnboundedAbove = std::numeric_limits<long>::max();

AccessShape shapeOf(const AccessModel &a)
{
    AccessShape s;
    s.key = islutil::str(islutil::anonymous(a.relation));
    // Disjoint boxes cannot conflict. Over every parameter value the boxes
    // are wider than at any one, so they still separate what they separate:
    // a chain of statements on rows k and k + 1 of one array, N free.
    const isl::set range = a.relation.range().project_out_all_params();
    s.empty = range.is_empty();
    const unsigned n = static_cast<unsigned>(isl_set_dim(range.get(), isl_dim_set));
    for (unsigned d = 0; d < n && !s.empty; ++d) {
        const isl::val lo = range.dim_min_val(static_cast<int>(d));
        const isl::val hi = range.dim_max_val(static_cast<int>(d));
        s.box.emplace_back(islutil::fitsInt64(lo) ? lo.get_num_si() : kUnboundedBelow,
                           islutil::fitsInt64(hi) ? hi.get_num_si() : kUnboundedAbove);
    }
    return s;
}

bool disjoint(const AccessShape &a, const AccessShape &b)
{
    if (a.empty || b.empty)
        return true;
    if (a.box.size() != b.box.size())
        return false;
    for (std::size_t d = 0; d < a.box.size(); ++d)
        if (a.box[d].second < b.box[d].first || b.box[d].second < a.box[d].first)
            return true;
    return false;
}

// For each access, the accesses whose boxes meet its box, in list order:
// a sweep over the first dimension's lower bounds, so that a chain of n
// statements asks about O(n) pairs, not n * n.
std::vector<std::vector<std::size_t>> meeting(const std::vector<AccessShape> &shapes,
                                              const std::vector<const AccessModel *> &list)
{
    const std::size_t n = shapes.size();
    std::vector<std::size_t> byLow(n);
    for (std::size_t k = 0; k < n; ++k)
        byLow[k] = k;
    auto low = [&](std::size_t k) { return shapes[k].box.empty() ? kUnboundedBelow : shapes[k].box[0].first; };
    std::stable_sort(byLow.begin(), byLow.end(), [&](std::size_t x, std::size_t y) { return low(x) < low(y); });
    std::vector<std::vector<std::size_t>> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!list[i]->write || shapes[i].empty)
            continue;
        const long high = shapes[i].box.empty() ? kUnboundedAbove : shapes[i].box[0].second;
        for (const std::size_t j : byLow) {
            if (low(j) > high)
                break; // sorted: no later box starts at or below this one's end
            if (!disjoint(shapes[i], shapes[j]))
                out[i].push_back(j);
        }
        std::sort(out[i].begin(), out[i].end());
    }
    return out;
}

// The reference path of meeting(): every pair it leaves out touches no
// common element (the relation of both accesses is empty).
void verifyDisjoint(const PolyhedralModel &model, const std::vector<const AccessModel *> &list,
                    const std::vector<AccessShape> &shapes, const std::vector<std::vector<std::size_t>> &candidates)
{
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i]->write)
            continue;
        for (std::size_t j = 0; j < list.size(); ++j) {
            const bool asked = std::binary_search(candidates[i].begin(), candidates[i].end(), j);
            VerifyMode::check(asked == !disjoint(shapes[i], shapes[j]), "access boxes: the sweep");
            if (!asked) {
                QuotaScope::nextStep(model.islContext());
                VerifyMode::check(list[i]->relation.apply_range(list[j]->relation.reverse()).is_empty(),
                                  "access boxes: disjoint boxes");
            }
        }
    }
}

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

    EdgeSet edges(model);
    // The loop below makes no isl call for pairs whose shapes it has seen:
    // the time and memory limits are looked at here instead.
    const auto stopped = IslLimits::memoryFlag(model.islContext());
    // (src access shape, dst access shape, order) -> piece id, or -1 when empty
    std::map<std::tuple<std::string, std::string, unsigned, bool, bool>, int> cache;
    // { x's statement -> y's statement : both touch one element, x's instance first }
    auto piece = [&](const AccessModel &x, const AccessShape &xs, const AccessModel &y, const AccessShape &ys) {
        IslLimits::throwIfStopped(model.islContext(), *stopped); // n * n pairs, most of them cached
        const std::size_t src = x.statement, dst = y.statement;
        const unsigned k = ProgramOrder::sharedLoops(model, src, dst);
        const bool same = src == dst;
        const bool srcFirst =
            !same && model.statements()[src].place->positions[k] < model.statements()[dst].place->positions[k];
        if (k == 0 && !srcFirst)
            return -1; // dst's whole nest runs before src's
        const auto key = std::make_tuple(xs.key, ys.key, k, srcFirst, same);
        auto it = cache.find(key);
        if (it == cache.end()) {
            QuotaScope::nextStep(model.islContext());
            const isl::map rel =
                x.relation.apply_range(y.relation.reverse()).intersect(ProgramOrder::before(model, src, dst));
            it =
                cache.emplace(key, rel.is_empty() ? -1 : edges.piece(islutil::anonymous(islutil::coalesce(rel)))).first;
        }
        return it->second;
    };

    for (const auto &[alloc, list] : byAlloc) {
        std::vector<AccessShape> shapes;
        bool anyWrite = false;
        for (const auto *a : list)
            anyWrite = anyWrite || a->write;
        if (!anyWrite)
            continue;
        for (const auto *a : list) {
            QuotaScope::nextStep(model.islContext());
            shapes.push_back(shapeOf(*a));
        }
        const auto candidates = meeting(shapes, list);
        if (VerifyMode::on())
            verifyDisjoint(model, list, shapes, candidates);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const AccessModel &a = *list[i];
            if (!a.write)
                continue;
            for (const std::size_t j : candidates[i]) {
                const AccessModel &b = *list[j];
                if (b.write) {
                    if (int p = piece(a, shapes[i], b, shapes[j]); p >= 0)
                        edges.add(DepType::WAW, a.statement, b.statement, alloc, p);
                } else {
                    if (int p = piece(a, shapes[i], b, shapes[j]); p >= 0)
                        edges.add(DepType::RAW, a.statement, b.statement, alloc, p);
                    if (int p = piece(b, shapes[j], a, shapes[i]); p >= 0)
                        edges.add(DepType::WAR, b.statement, a.statement, alloc, p);
                }
            }
        }
    }
    return edges.take();
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
    EdgeSet edges(model);
    std::map<std::string, int> shapes; // anonymous relation text -> piece
    for (const auto &entry : byAlloc) {
        // Not a structured binding: clang 14 cannot capture one in the lambda below.
        const std::string &alloc = entry.first;
        const auto &[reads, writes] = entry.second;
        if (reads.is_null() || writes.is_null())
            continue;
        QuotaScope::nextStep(model.islContext());
        // { write[...] -> read[...] : the read sees the value that write stored }
        const isl::union_map dep = isl::union_access_info(reads)
                                       .set_must_source(writes)
                                       .set_schedule(original)
                                       .compute_flow()
                                       .must_dependence();
        dep.foreach_map([&](isl::map m) {
            const int s = model.statementIndex(isl_map_get_tuple_name(m.get(), isl_dim_in));
            const int t = model.statementIndex(isl_map_get_tuple_name(m.get(), isl_dim_out));
            const isl::map anon = islutil::anonymous(islutil::coalesce(m));
            // Self edges and cross edges of one text are different shapes.
            const std::string key = std::to_string(s == t) + islutil::str(anon);
            auto it = shapes.find(key);
            if (it == shapes.end())
                it = shapes.emplace(key, edges.piece(anon)).first;
            edges.add(DepType::RAW, static_cast<std::size_t>(s), static_cast<std::size_t>(t), alloc, it->second);
        });
    }
    return edges.take();
}

} // namespace se
