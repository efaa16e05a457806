// SPDX-License-Identifier: MIT
#include "IterationSpaceBuilder.h"

#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>

#include <algorithm>
#include <map>
#include <set>

namespace se {

namespace {

using Point = std::vector<std::int64_t>;

// The concrete parameter values as a parameter set, `[N] -> { : N = 8 }`:
// fixed values, else the kernel's value, else its minimum (rank
// parameters: 0). Empty when they break the kernel's context.
isl::set paramValues(const PolyhedralModel &model, IterationSpace &out)
{
    const ParamValues concrete = model.concreteParams();
    std::string names, cons;
    for (const auto &name : model.paramNames()) {
        std::int64_t v = 0;
        if (const auto it = concrete.find(name); it != concrete.end())
            v = it->second;
        else
            for (const auto &p : model.kernel()->params)
                if (p.name == name && p.min)
                    v = *p.min;
        out.params.emplace_back(name, v);
        names += (names.empty() ? "" : ", ") + name;
        cons += (cons.empty() ? "" : " and ") + name + " = " + std::to_string(v);
    }
    const isl::set fix(model.islContext().ctx(), "[" + names + "] -> { : " + (cons.empty() ? "true" : cons) + " }");
    return model.context().intersect(fix);
}

isl::set fixDim(const isl::set &s, int dim, std::int64_t v)
{
    isl::val val(s.ctx(), static_cast<long>(v));
    return isl::manage(isl_set_fix_val(s.copy(), isl_dim_set, static_cast<unsigned>(dim), val.release()));
}

std::optional<std::int64_t> toInt(const isl::val &v)
{
    if (v.is_null() || !v.is_int())
        return std::nullopt;
    return v.get_num_si();
}

// True when some member of the band takes a floor (a tile band).
bool takesFloor(const isl::schedule_node &band)
{
    // raw isl begin: each piece's aff (for its div count); cpp.h 0.25 walks pieces only as
    // multi_aff through pw_multi_aff, and has no div count
    isl_multi_union_pw_aff *mupa = isl_schedule_node_band_get_partial_schedule(band.get());
    bool found = false;
    const isl_size n = isl_multi_union_pw_aff_size(mupa);
    for (isl_size k = 0; k < n && !found; ++k) {
        isl_union_pw_aff *upa = isl_multi_union_pw_aff_get_at(mupa, k);
        isl_union_pw_aff_foreach_pw_aff(
            upa,
            [](isl_pw_aff *pa, void *user) {
                isl_pw_aff_foreach_piece(
                    pa,
                    [](isl_set *set, isl_aff *aff, void *u) {
                        if (isl_aff_dim(aff, isl_dim_div) > 0)
                            *static_cast<bool *>(u) = true;
                        isl_set_free(set);
                        isl_aff_free(aff);
                        return isl_stat_ok;
                    },
                    user);
                isl_pw_aff_free(pa);
                return isl_stat_ok;
            },
            &found);
        isl_union_pw_aff_free(upa);
    }
    isl_multi_union_pw_aff_free(mupa);
    // raw isl end
    return found;
}

bool isBand(const isl::schedule_node &n)
{
    return n.isa<isl::schedule_node_band>();
}

// Visits each (instance, values) pair of a map over the slice.
template <typename F> void forEachPair(const isl::map &m, unsigned inDims, F &&f)
{
    m.wrap().foreach_point([&](const isl::point &p) {
        const Point all = islutil::coordinates(p);
        f(Point(all.begin(), all.begin() + inDims), Point(all.begin() + inDims, all.end()));
    });
}

} // namespace

IterationSpace IterationSpaceBuilder::build(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                            const isl::schedule &schedule, const IterationSpaceQuery &query,
                                            const std::vector<DependenceOverride> &assumeNoDep)
{
    IterationSpace out;
    if (model.statements().empty()) {
        out.refused = true;
        out.message = "the kernel has no statements";
        return out;
    }
    // The statements: the query's that exist (at most two), else the first.
    std::vector<std::size_t> stmts;
    for (const auto &name : query.statements) {
        const int k = model.statementIndex(name);
        if (k >= 0 && stmts.size() < 2 && std::find(stmts.begin(), stmts.end(), std::size_t(k)) == stmts.end())
            stmts.push_back(static_cast<std::size_t>(k));
    }
    if (stmts.empty())
        stmts.push_back(0);
    unsigned depth = 0;
    for (std::size_t s : stmts) {
        out.statements.push_back(model.statements()[s].name);
        depth = std::max(depth, model.statements()[s].depth());
    }
    const int D = static_cast<int>(depth);

    // The axes: the query's when valid, else the two innermost dimensions.
    int x = query.xDim, y = query.yDim;
    if (x < 0 || x >= D || y == x || y >= D) {
        x = D >= 2 ? D - 2 : D - 1;
        y = D >= 2 ? D - 1 : -1;
    }
    out.hasX = x >= 0;
    out.hasY = y >= 0;

    return QuotaScope::run(model.islContext(), "plotting the iteration space", [&]() -> IterationSpace {
        const isl::set params = paramValues(model, out);
        if (params.is_empty()) {
            out.refused = true;
            out.message = "the parameter values break the kernel's context: fix valid values for the parameters";
            return out;
        }
        std::vector<isl::set> domains;
        for (std::size_t s : stmts)
            domains.push_back(model.statements()[s].domain.intersect_params(params).project_out_all_params());

        // Each dimension's name and range over the plotted statements.
        std::vector<IterationSpace::Dim> dims(depth);
        for (int k = 0; k < D; ++k) {
            auto &d = dims[static_cast<std::size_t>(k)];
            d.dim = k;
            std::set<std::string> seen;
            bool any = false;
            for (std::size_t n = 0; n < stmts.size(); ++n) {
                const StatementModel &sm = model.statements()[stmts[n]];
                if (static_cast<int>(sm.depth()) <= k || domains[n].is_empty())
                    continue;
                const std::string &it = sm.statement().iterators[static_cast<std::size_t>(k)];
                if (seen.insert(it).second)
                    d.name += (d.name.empty() ? "" : " / ") + it;
                const auto lo = toInt(domains[n].dim_min_val(k)), hi = toInt(domains[n].dim_max_val(k));
                if (!lo || !hi) {
                    out.refused = true;
                    out.message = "the domain of " + sm.name + " is unbounded in " + it;
                    return out;
                }
                d.min = any ? std::min(d.min, *lo) : *lo;
                d.max = any ? std::max(d.max, *hi) : *hi;
                any = true;
            }
            if (k == x || k == y)
                continue;
            const auto f = query.fixed.find(k);
            d.value = f == query.fixed.end() ? d.min : std::clamp(f->second, d.min, d.max);
            out.others.push_back(d);
        }
        if (out.hasX)
            out.x = dims[static_cast<std::size_t>(x)];
        if (out.hasY)
            out.y = dims[static_cast<std::size_t>(y)];

        // The slice of each statement: its other dimensions fixed.
        std::vector<isl::set> slices;
        std::int64_t points = 0;
        for (std::size_t n = 0; n < stmts.size(); ++n) {
            isl::set s = domains[n];
            for (const auto &o : out.others)
                if (o.dim < static_cast<int>(model.statements()[stmts[n]].depth()))
                    s = fixDim(s, o.dim, o.value);
            const auto c = islutil::count(s);
            if (!c) {
                out.refused = true;
                out.message = "cannot count the instances of " + out.statements[n];
                return out;
            }
            points += *c;
            slices.push_back(s);
        }
        if (points > static_cast<std::int64_t>(query.maxPoints)) {
            out.refused = true;
            out.message = "this slice has " + std::to_string(points) + " instances, more than the "
                + std::to_string(query.maxPoints) + " that can be drawn: fix more loops or lower the parameters";
            return out;
        }
        if (points == 0) {
            out.refused = true;
            out.message = "no instance in this slice";
            return out;
        }

        // The instances, in isl's (lexicographic) order per statement.
        std::vector<std::map<Point, std::size_t>> index(stmts.size());
        for (std::size_t n = 0; n < stmts.size(); ++n) {
            slices[n].foreach_point([&](const isl::point &p) {
                IterationSpace::Instance in;
                in.statement = static_cast<int>(n);
                in.point = islutil::coordinates(p);
                const auto at = [&](int k) {
                    return k >= 0 && k < static_cast<int>(in.point.size()) ? in.point[static_cast<std::size_t>(k)] : 0;
                };
                in.x = at(x);
                in.y = at(y);
                index[n][in.point] = out.instances.size();
                out.instances.push_back(std::move(in));
            });
        }

        // Times under the schedule, and the order they give.
        QuotaScope::nextStep(model.islContext());
        const FlatSchedule flat(model, schedule);
        for (std::size_t n = 0; n < stmts.size(); ++n) {
            QuotaScope::nextStep(model.islContext());
            // { s0[i, j] -> [t0, ...] } on the slice
            const isl::map times =
                flat.of(stmts[n]).intersect_params(params).project_out_all_params().intersect_domain(slices[n]);
            forEachPair(times, model.statements()[stmts[n]].depth(), [&](const Point &p, const Point &t) {
                if (const auto it = index[n].find(p); it != index[n].end())
                    out.instances[it->second].time = t;
            });
        }
        std::vector<std::size_t> byTime(out.instances.size());
        for (std::size_t k = 0; k < byTime.size(); ++k)
            byTime[k] = k;
        std::stable_sort(byTime.begin(), byTime.end(),
                         [&](std::size_t a, std::size_t b) { return out.instances[a].time < out.instances[b].time; });
        for (std::size_t k = 0; k < byTime.size(); ++k) {
            auto &in = out.instances[byTime[k]];
            in.order = k > 0 && in.time == out.instances[byTime[k - 1]].time ? out.instances[byTime[k - 1]].order
                                                                             : static_cast<int>(k) + 1;
        }

        // Dependence pairs with both ends in the slice; counted before drawn.
        std::vector<std::pair<std::size_t, isl::map>> edges;
        for (std::size_t e = 0; e < deps.size(); ++e) {
            const auto si = std::find(stmts.begin(), stmts.end(), deps[e].src);
            const auto di = std::find(stmts.begin(), stmts.end(), deps[e].dst);
            if (si == stmts.end() || di == stmts.end())
                continue;
            QuotaScope::nextStep(model.islContext());
            // { s0[i, j] -> s0[i', j'] } inside the slice
            const isl::map r = deps[e]
                                   .relation()
                                   .intersect_params(params)
                                   .project_out_all_params()
                                   .intersect_domain(slices[static_cast<std::size_t>(si - stmts.begin())])
                                   .intersect_range(slices[static_cast<std::size_t>(di - stmts.begin())]);
            const auto c = islutil::count(r.wrap());
            out.pairTotal += c ? static_cast<std::size_t>(*c) : 0;
            edges.emplace_back(e, r);
        }
        if (out.pairTotal > query.maxPairs) {
            out.message = std::to_string(out.pairTotal) + " dependence pairs in this slice, more than the "
                + std::to_string(query.maxPairs) + " that can be drawn: fix more loops to see them";
        } else {
            for (const auto &[e, r] : edges) {
                const Dependence &d = deps[e];
                const std::size_t si =
                    static_cast<std::size_t>(std::find(stmts.begin(), stmts.end(), d.src) - stmts.begin());
                const std::size_t di =
                    static_cast<std::size_t>(std::find(stmts.begin(), stmts.end(), d.dst) - stmts.begin());
                const std::string type = depTypeName(d.type);
                const std::string &srcName = model.statements()[d.src].name, &dstName = model.statements()[d.dst].name;
                bool assumed = false;
                for (const auto &o : assumeNoDep)
                    assumed = assumed || o.matches(type, srcName, dstName, d.allocation);
                QuotaScope::nextStep(model.islContext());
                forEachPair(r, model.statements()[d.src].depth(), [&](const Point &a, const Point &b) {
                    const auto ia = index[si].find(a), ib = index[di].find(b);
                    if (ia == index[si].end() || ib == index[di].end())
                        return;
                    IterationSpace::Pair p;
                    p.src = ia->second;
                    p.dst = ib->second;
                    p.type = type;
                    p.edge = e;
                    const Point &ta = out.instances[p.src].time, &tb = out.instances[p.dst].time;
                    // Times that first differ at a set's child position are
                    // unordered: the set may run either child first.
                    const auto k = std::mismatch(ta.begin(), ta.end(), tb.begin(), tb.end()).first - ta.begin();
                    p.violated = !(ta < tb)
                        || (k < static_cast<long>(ta.size()) && flat.underSet(d.src, static_cast<unsigned>(k)));
                    p.assumed = assumed;
                    out.violatedTotal += p.violated && !assumed;
                    out.pairs.push_back(std::move(p));
                });
            }
        }

        // Tiles: the outermost tiled band over each statement; the schedule
        // down to its point band names an instance's tile.
        // Keyed by (band, prefix values): statements under different tiled
        // bands never share a tile.
        std::vector<std::map<Point, Point>> tileOf(stmts.size());
        std::vector<bool> tiled(stmts.size(), false);
        std::int64_t bands = 0;
        ScheduleTreeWalk::forEach(schedule.root(), [&](const isl::schedule_node &node, const std::vector<int> &path) {
            if (!isBand(node) || node.n_children() != 1 || !isBand(node.child(0)) || !takesFloor(node))
                return;
            QuotaScope::nextStep(model.islContext());
            // { s0[i, j] -> [outer..., floor(i/4), floor(j/4)] }
            const isl::union_map prefix = node.child(0).get_prefix_schedule_union_map();
            const std::int64_t band = bands++;
            for (std::size_t n = 0; n < stmts.size(); ++n) {
                if (tiled[n])
                    continue;
                const isl::map m = islutil::mapForDomain(prefix, out.statements[n]);
                if (m.is_null() || m.is_empty())
                    continue;
                tiled[n] = true;
                if (out.tileBand.empty())
                    out.tileBand = ScheduleTreeWalk::pathText(path);
                forEachPair(m.intersect_params(params).project_out_all_params().intersect_domain(slices[n]),
                            model.statements()[stmts[n]].depth(), [&](const Point &p, const Point &t) {
                                Point key{band};
                                key.insert(key.end(), t.begin(), t.end());
                                tileOf[n][p] = std::move(key);
                            });
            }
        });
        if (!out.tileBand.empty()) {
            // Tiles numbered in execution order (their prefix times sorted).
            std::map<Point, int> tileIds;
            for (const auto &m : tileOf)
                for (const auto &[p, t] : m)
                    tileIds.emplace(t, 0);
            int next = 0;
            for (auto &[t, id] : tileIds)
                id = next++;
            out.tiles = next;
            for (auto &in : out.instances) {
                const auto &m = tileOf[static_cast<std::size_t>(in.statement)];
                if (const auto it = m.find(in.point); it != m.end())
                    in.tile = tileIds[it->second];
            }
        }
        return out;
    });
}

} // namespace se
