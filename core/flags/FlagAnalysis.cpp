// SPDX-License-Identifier: MIT
#include "FlagAnalysis.h"

#include "DifferenceRanges.h"
#include "FlagCache.h"
#include "core/schedule/PrefixTimes.h"

#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/legality/LinearPartIds.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/IntegersHash.h"

#include <algorithm>
#include <deque>
#include <string>
#include <map>
#include <tuple>
#include <unordered_map>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

namespace se {

namespace {

// The flag questions about one dependence, asked of `all` (its pairs or
// its time differences) through `where(S, cond)`: the part of S whose time
// difference, { [d0, ..., dP-1, m0, ..., mM-1] } (P outer dimensions, then
// the band's members), lies in `cond`. `any` is that space's universe.
template <typename Where>
DependenceFlags ask(const isl::set &all, const isl::set &any, int outer, unsigned members, Where where)
{
    DependenceFlags out;
    out.crosses.assign(members, false);
    const auto fix = [](const isl::set &s, unsigned dim) {
        return isl::manage(isl_set_fix_si(s.copy(), isl_dim_set, dim, 0));
    };
    isl::set equalOuter = any;
    for (int k = 0; k < outer; ++k)
        equalOuter = fix(equalOuter, static_cast<unsigned>(k));
    const isl::set open0 = where(all, equalOuter); // not ordered by the outer dimensions
    if (open0.is_empty())
        return out;
    const auto backwards = [&](const isl::set &on, unsigned dim) {
        return !where(on, isl::manage(isl_set_upper_bound_si(any.copy(), isl_dim_set, dim, -1))).is_empty();
    };
    const auto forwards = [&](const isl::set &on, unsigned dim) {
        return !where(on, isl::manage(isl_set_lower_bound_si(any.copy(), isl_dim_set, dim, 1))).is_empty();
    };
    // Permutable: no member goes backwards while the outer ones are equal.
    for (unsigned m = 0; m < members && !out.backwards; ++m)
        out.backwards = backwards(open0, static_cast<unsigned>(outer) + m);
    // Coincident: not crossed while the earlier members are equal too.
    isl::set open = open0;
    for (unsigned m = 0; m < members && !open.is_empty(); ++m) {
        const unsigned dim = static_cast<unsigned>(outer) + m;
        out.crosses[m] = backwards(open, dim) || forwards(open, dim);
        open = where(open, fix(any, dim));
    }
    return out;
}

// From the time differences as a set (times with several pieces).
DependenceFlags evaluate(const isl::set &d, int outer, unsigned members)
{
    return ask(d, isl::set::universe(d.space()), outer, members,
               [](const isl::set &on, const isl::set &cond) { return on.intersect(cond); });
}

// The same as evaluate(r.apply_domain(src).apply_range(dst).deltas(), ...)
// without computing the differences as a set: that projection is most of
// the flags' time on a tiled kernel. Each question becomes a constraint on
// the time difference δ(a, b) = dst(b) - src(a), pulled back onto the
// dependence's pairs { [a -> b] } and answered by one emptiness test.
DependenceFlags evaluatePairs(const isl::map &r, const isl::multi_aff &delta, int outer, unsigned members)
{
    const isl::set pairs = r.wrap(); // { [a -> b] }
    const isl::set any = isl::set::universe(delta.space().range());
    return ask(pairs, any, outer, members,
               [&](const isl::set &on, const isl::set &cond) { return on.intersect(cond.preimage(delta)); });
}

// A statement's times as a linear part (with its divisions) and constants:
// tiles of a kernel share the part and differ in the constants, so an edge's
// time difference is known by the two parts and the constants' difference
// without being computed (tiled_matmul_64: 11,360 edges, a handful of keys).
struct SplitTimes {
    int part = -1; ///< the linear part's id; -1: not split (a constant beyond 64 bits)
    std::vector<std::int64_t> constants;
    isl::multi_aff linear; ///< the times with their constants zeroed
};

// The linear parts met so far: their ids (and where each is 0, the time
// there being the statement's constant alone), and each one's dimension ids.
struct Parts {
    LinearPartIds ids;
    std::vector<std::vector<int>> dimensions; ///< by id
};

SplitTimes splitTimes(const isl::multi_aff &times, Parts &parts, DifferenceRanges &ranges)
{
    SplitTimes out;
    auto split = islutil::splitConstants(times);
    if (!split)
        return out;
    out.part = parts.ids.id(split->linear);
    if (static_cast<std::size_t>(out.part) == parts.dimensions.size()) // a new part
        parts.dimensions.push_back(ranges.dimensionIds(split->linear));
    out.constants = std::move(split->constants);
    out.linear = std::move(split->linear);
    return out;
}

// An isl object that may be null, as an optional (cpp.h refuses to copy a null one).
template <typename T> std::optional<T> given(const T &t)
{
    return t.is_null() ? std::nullopt : std::optional<T>(t);
}

BandFlags flagsOf(const PolyhedralModel &model, const isl::schedule_node &node, const std::vector<int> &path,
                  const std::vector<Dependence> &deps, FlagCache *cache)
{
    isl_schedule_node *p = node.get();
    BandFlags f;
    f.path = path;
    const auto band = node.as<isl::schedule_node_band>();
    f.members = band.n_member();
    f.permutableDeclared = band.permutable();
    for (unsigned k = 0; k < f.members; ++k)
        f.coincidentDeclared.push_back(band.member_get_coincident(static_cast<int>(k)));
    f.permutableComputed = true;
    f.coincidentComputed.assign(f.members, true);

    // Per statement reaching the band: its instances that do, and their
    // times in the outer dimensions and the band's members,
    // { s[i] -> [outer..., members...] }.
    const std::size_t n = model.statements().size();
    std::vector<isl::set> reach(n);
    std::vector<isl::map> times(n);
    const isl::union_set reaching = isl::manage(isl_schedule_node_get_domain(p));
    reaching.foreach_set([&](isl::set s) {
        if (const int k = model.statementIndex(s); k >= 0)
            reach[static_cast<std::size_t>(k)] = s;
    });
    std::vector<isl::multi_aff> fn(n); // the times as one function, when they are
    if (!PrefixTimes::build(model, node, reach, times, fn))
        isl::manage(isl_schedule_node_get_child(p, 0))
            .prefix_schedule_union_map()
            .intersect_domain(reaching)
            .foreach_map([&](isl::map m) {
                if (const int k = model.statementIndex(m); k >= 0)
                    times[static_cast<std::size_t>(k)] = m;
            });
    // A statement's times as a map, made once where an edge needs it (kept
    // apart from `times`: a cache key tells a map from a function).
    std::vector<isl::map> madeTimes(n);
    const auto timesMap = [&](std::size_t k) -> const isl::map & {
        if (!times[k].is_null())
            return times[k];
        if (madeTimes[k].is_null())
            madeTimes[k] = fn[k].as_map().intersect_domain(reach[k]);
        return madeTimes[k];
    };
    const int outer = isl_schedule_node_get_schedule_depth(p);
    // The same with an anonymous statement tuple, when every instance of the
    // statement reaches the band: then an edge's flags depend only on its
    // shape (Dependence::shape) and its time difference, and the tiles of a
    // kernel repeat a handful of those (tiled_matmul_64: 11,360 edges).
    std::vector<isl::multi_aff> anonymous(n);
    for (std::size_t k = 0; k < n; ++k) {
        if (times[k].is_null() && fn[k].is_null())
            continue;
        // One unit of work per statement: under one unit for the whole band
        // the operation limit ran out part-way on 257 statements, onlyPiece
        // then gave null, and the rest of a tiled 257-statement band's
        // statements took the slow differences.
        QuotaScope::nextStep(model.islContext());
        if (fn[k].is_null())
            fn[k] = islutil::onlyPiece(times[k]);
        if (!fn[k].is_null() && reach[k].is_equal(model.statements()[k].domain))
            anonymous[k] = islutil::anonymous(fn[k]);
    }
    // Each statement's part of the cache keys, made on first use.
    std::vector<FlagCache::StatementKeyPtr> statementKeys(n);
    const auto statementKey = [&](std::size_t k) -> FlagCache::StatementKeyPtr {
        if (!cache)
            return nullptr;
        if (!statementKeys[k])
            statementKeys[k] = std::make_shared<const FlagCache::StatementKey>(
                FlagCache::StatementKey{reach[k], given(times[k]), given(fn[k])});
        return statementKeys[k];
    };
    DifferenceRanges scratch; // no cache: ranges for this band only
    DifferenceRanges &ranges = cache ? cache->ranges() : scratch;
    Parts parts;
    std::vector<SplitTimes> split(n);
    for (std::size_t k = 0; k < n; ++k)
        if (!anonymous[k].is_null())
            split[k] = splitTimes(anonymous[k], parts, ranges);
    std::unordered_map<std::string, DependenceFlags> byShape; // shape and time difference -> flags
    // shape, parts and constants' differences -> flags (numbers, not text:
    // every edge of a tiled band makes one)
    std::unordered_map<std::vector<std::int64_t>, const DependenceFlags *, IntegersHash> byParts;
    std::deque<DependenceFlags> decidedFlags; // the ranges' answers byParts points to
    // dst(b) and src(a) on a shape's pairs { [a -> b] }, per statement and
    // pair space (its input and output sizes: every shape is anonymous):
    // the time difference of an edge is then one subtraction, not two
    // pullbacks (which weighed on a 257-statement band's flags).
    std::map<std::tuple<bool, int, int, std::size_t>, isl::multi_aff> onPairs;
    const auto pulled = [&](bool dst, const isl::space &space, std::size_t statement) -> const isl::multi_aff & {
        // raw isl: sizes of a space (no isl_dim_type methods in cpp.h 0.25)
        const auto key = std::make_tuple(dst, static_cast<int>(isl_space_dim(space.get(), isl_dim_in)),
                                         static_cast<int>(isl_space_dim(space.get(), isl_dim_out)), statement);
        auto it = onPairs.find(key);
        if (it == onPairs.end())
            it = onPairs
                     .emplace(key,
                              anonymous[statement].pullback(dst ? isl::multi_aff::range_map(space)
                                                                : isl::multi_aff::domain_map(space)))
                     .first;
        return it->second;
    };
    std::vector<std::size_t> backward; // dependences going backwards in a member
    bool complete = true; // every dependence looked at
    // One dependence at a time, each its own unit of work: the differences
    // cost one map per dependence, where comparing the times of every pair
    // of statements ({ a -> b : prefix(a) = prefix(b) }) is quadratic and a
    // fused 400-statement band never finishes.
    for (std::size_t k = 0; k < deps.size(); ++k) {
        const Dependence &d = deps[k];
        if (reach[d.src].is_null() || reach[d.dst].is_null())
            continue;
        if (!cache && !f.permutableComputed
            && std::none_of(f.coincidentComputed.begin(), f.coincidentComputed.end(), [](bool c) { return c; })) {
            complete = false;
            break; // nothing left to learn (a cache wants every dependence's result)
        }
        FlagCache::Key key{statementKey(d.src), statementKey(d.dst), outer, f.members};
        DependenceFlags flags;
        if (const DependenceFlags *known = cache ? cache->find(deps, k, key) : nullptr) {
            flags = *known;
        } else {
            QuotaScope::nextStep(model.islContext());
            if (d.shape >= 0 && !anonymous[d.src].is_null() && !anonymous[d.dst].is_null()) {
                // The same shape, parts and constants' difference: the same time difference.
                // shape, parts, then the constants' differences; empty: none
                std::vector<std::int64_t> partsKey;
                const SplitTimes &a = split[d.src], &b = split[d.dst];
                // Where both times are their constants alone, every pair's
                // difference is the constants': each flag question asks only
                // its sign there (stages 24 -> 25 and 24 -> 27 of a tile are
                // one question). `signs`: the dimensions put to their sign.
                // Unlike a verdict's key (EdgeVerdictCache::key), the later
                // dimensions stay: a member after a non-zero one still
                // decides `backwards`.
                std::vector<std::pair<int, long>> signs;
                if (a.part >= 0 && b.part >= 0 && a.constants.size() == b.constants.size()) {
                    partsKey.reserve(3 + a.constants.size());
                    partsKey = {d.shape, a.part, b.part};
                    const auto &aZero = parts.ids.zeroDims(a.part);
                    const auto &bZero = parts.ids.zeroDims(b.part);
                    for (std::size_t i = 0; i < a.constants.size() && !partsKey.empty(); ++i) {
                        long diff = 0;
                        if (__builtin_sub_overflow(b.constants[i], a.constants[i], &diff)) {
                            partsKey.clear(); // beyond 64 bits: no key, the difference decides
                        } else {
                            if (i < aZero.size() && i < bZero.size() && aZero[i] && bZero[i]
                                && (diff > 1 || diff < -1)) {
                                const long sign = diff > 0 ? 1 : -1;
                                signs.emplace_back(static_cast<int>(i), sign - diff);
                                diff = sign;
                            }
                            partsKey.push_back(diff);
                        }
                    }
                }
                const auto known = partsKey.empty() ? byParts.end() : byParts.find(partsKey);
                if (known != byParts.end()) {
                    flags = *known->second;
                } else if (const auto decided = partsKey.empty()
                               ? std::nullopt
                               : ranges.flags(d.shape, d.shapeRelation,
                                              {a.linear, parts.dimensions[static_cast<std::size_t>(a.part)]},
                                              {b.linear, parts.dimensions[static_cast<std::size_t>(b.part)]},
                                              {partsKey.begin() + 3, partsKey.end()}, outer, f.members)) {
                    flags = *decided;
                    byParts.emplace(partsKey, &decidedFlags.emplace_back(*decided));
                } else {
                    // { [i] -> [i'] }: every pair of the edge, anonymous
                    const isl::space space = d.shapeRelation.wrap().space().unwrap();
                    isl::multi_aff delta = pulled(true, space, d.dst).sub(pulled(false, space, d.src));
                    for (const auto &[k, by] : signs)
                        delta = delta.set_at(k, delta.at(k).add_constant(by));
                    const std::string shapeKey =
                        std::to_string(d.shape) + ' ' + islutil::str(delta); // the text is the key
                    auto it = byShape.find(shapeKey);
                    if (it == byShape.end())
                        it = byShape.emplace(shapeKey, evaluatePairs(d.shapeRelation, delta, outer, f.members)).first;
                    if (!partsKey.empty())
                        byParts.emplace(partsKey, &it->second);
                    flags = it->second;
                }
            } else {
                const isl::map pairs = d.relation().intersect_domain(reach[d.src]).intersect_range(reach[d.dst]);
                flags = !fn[d.src].is_null() && !fn[d.dst].is_null()
                    ? evaluatePairs(pairs, islutil::pairDifference(pairs, fn[d.src], fn[d.dst]), outer, f.members)
                    : evaluate(pairs.apply_domain(timesMap(d.src)).apply_range(timesMap(d.dst)).deltas(), outer,
                               f.members);
            }
        }
        if (flags.backwards) {
            f.permutableComputed = false;
            backward.push_back(k);
        }
        for (unsigned m = 0; m < f.members; ++m)
            if (flags.crosses[m])
                f.coincidentComputed[m] = false;
        if (cache)
            cache->store(k, std::move(key), std::move(flags));
    }
    if (complete)
        f.backwardEdges = std::move(backward);
    return f;
}

} // namespace

namespace {

// The flags of the bands at and below `top` (at `path`), in pre-order.
FlagReport bandsFrom(const PolyhedralModel &model, const isl::schedule_node &top, const std::vector<int> &path,
                     const std::vector<Dependence> &deps, FlagCache *cache, bool keepUnseen)
{
    if (cache)
        cache->begin(deps);
    FlagReport r;
    ScheduleTreeWalk::forEach(top, [&](const isl::schedule_node &n, const std::vector<int> &below) {
        if (!n.isa<isl::schedule_node_band>())
            return;
        QuotaScope::nextStep(model.islContext());
        std::vector<int> at = path;
        at.insert(at.end(), below.begin(), below.end());
        r.bands.push_back(flagsOf(model, n, at, deps, cache));
    });
    if (cache)
        cache->finish(keepUnseen);
    return r;
}

} // namespace

FlagReport FlagAnalysis::compute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                 const isl::schedule &schedule, FlagCache *cache)
{
    return QuotaScope::run(model.islContext(), "computing the parallelism flags",
                           [&] { return bandsFrom(model, schedule.root(), {}, deps, cache, false); });
}

FlagReport FlagAnalysis::recompute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                   const isl::schedule &schedule, const FlagReport &last, const std::vector<int> &band,
                                   FlagCache *cache)
{
    const auto within = [&](const BandFlags &b) {
        return b.path.size() >= band.size() && std::equal(band.begin(), band.end(), b.path.begin());
    };
    // The subtree's bands are one run in pre-order, before and after (a tile
    // adds one, a merge removes one): that run is replaced.
    const auto first = std::find_if(last.bands.begin(), last.bands.end(), within);
    const auto end = std::find_if_not(first, last.bands.end(), within);
    const isl::schedule_node top = ScheduleTreeWalk::at(schedule, band);
    if (first == last.bands.end() || std::any_of(end, last.bands.end(), within) || top.is_null()
        || !top.isa<isl::schedule_node_band>())
        return compute(model, deps, schedule, cache); // not the tree `last` describes: all again
    return QuotaScope::run(model.islContext(), "computing the parallelism flags", [&] {
        const FlagReport fresh = bandsFrom(model, top, band, deps, cache, true);
        FlagReport r;
        r.bands.assign(last.bands.begin(), first);
        r.bands.insert(r.bands.end(), fresh.bands.begin(), fresh.bands.end());
        r.bands.insert(r.bands.end(), end, last.bands.end());
        return r;
    });
}

isl::schedule FlagAnalysis::withComputedFlags(const isl::schedule &schedule, const FlagReport &flags)
{
    TreeNode root = ScheduleTree::read(schedule);
    for (const auto &b : flags.bands) {
        TreeNode *t = const_cast<TreeNode *>(ScheduleTree::find(root, b.path));
        if (!t || !t->isBand() || t->members() != b.members)
            continue;
        t->permutable = b.permutableComputed;
        for (unsigned k = 0; k < b.members; ++k)
            t->coincident[k] = b.coincidentComputed[k];
    }
    return ScheduleTree::build(root);
}

} // namespace se
