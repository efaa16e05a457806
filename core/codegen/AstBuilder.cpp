// SPDX-License-Identifier: MIT
#include "AstBuilder.h"
#include "AstCoverage.h"
#include "AstNodes.h"
#include "AstSequenceSplit.h"
#include "ConstantLevels.h"
#include "FixedParams.h"
#include "GroupExpansion.h"
#include "InjectiveTimes.h"
#include "UnrollLimit.h"
#include "StatementGrouping.h"
#include "core/isl/IslUtil.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleFlattener.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/InputError.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/aff.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <optional>
#include <cstdint>
#include <vector>
#include <cctype>

namespace se {

namespace {

// Sets the AST options for one build and puts the previous values back.
class AstOptions {
public:
    AstOptions(isl_ctx *ctx, bool allowOr)
        : m_ctx(ctx), m_minMax(isl_options_get_ast_build_detect_min_max(ctx)),
          m_or(isl_options_get_ast_build_allow_or(ctx)), m_atomic(isl_options_get_ast_build_atomic_upper_bound(ctx)),
          m_scale(isl_options_get_ast_build_scale_strides(ctx))
    {
        isl_options_set_ast_build_detect_min_max(ctx, 1);
        isl_options_set_ast_build_allow_or(ctx, allowOr ? 1 : 0);
        isl_options_set_ast_build_atomic_upper_bound(ctx, 1);
        isl_options_set_ast_build_scale_strides(ctx, 0);
    }
    ~AstOptions()
    {
        isl_options_set_ast_build_detect_min_max(m_ctx, m_minMax);
        isl_options_set_ast_build_allow_or(m_ctx, m_or);
        isl_options_set_ast_build_atomic_upper_bound(m_ctx, m_atomic);
        isl_options_set_ast_build_scale_strides(m_ctx, m_scale);
    }
    AstOptions(const AstOptions &) = delete;
    AstOptions &operator=(const AstOptions &) = delete;

private:
    isl_ctx *m_ctx;
    int m_minMax, m_or, m_atomic, m_scale;
};

bool namedLike(const std::string &name, const std::string &prefix)
{
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0
        && std::all_of(name.begin() + static_cast<long>(prefix.size()), name.end(),
                       [](unsigned char c) { return std::isdigit(c); });
}

// The deepest schedule: enough iterator names for every loop.
// `times`: { S[...] -> [t...] }, the schedule's map.
unsigned depth(const isl::union_map &times)
{
    unsigned d = 0;
    times.foreach_map([&](isl::map m) { d = std::max(d, static_cast<unsigned>(m.range_tuple_dim())); });
    return d;
}

} // namespace

std::string AstBuilder::iteratorPrefix(const std::vector<std::string> &params)
{
    for (std::string prefix : {"c", "c_", "cc", "t", "t_", "it"}) {
        if (std::none_of(params.begin(), params.end(), [&](const std::string &p) { return namedLike(p, prefix); }))
            return prefix;
    }
    std::string prefix = "c";
    while (std::any_of(params.begin(), params.end(), [&](const std::string &p) { return namedLike(p, prefix); }))
        prefix += "_";
    return prefix;
}

namespace {

// True when some band of `schedule` carries AST build options.
bool hasBandOptions(const isl::schedule &schedule)
{
    bool found = false;
    schedule.root().foreach_descendant_top_down([&](const isl::schedule_node &n) {
        if (!found && n.isa<isl::schedule_node_band>()
            && !n.as<isl::schedule_node_band>().ast_build_options().is_empty())
            found = true;
        return !found;
    });
    return found;
}

// The times of `schedule` as one band over the domain, with every division
// explicit (isl_union_map_compute_divs) and pieces coalesced; null when
// that is no band (no instance at all).
isl::schedule withExplicitDivs(const PolyhedralModel &model, const isl::schedule &schedule)
{
    // { S[...] -> [t...] }, padded to one length by isl
    isl::union_map times = schedule.get_map().intersect_domain(model.domain());
    times = islutil::coalesce(times.compute_divs());
    if (times.is_empty())
        return {};
    isl_union_pw_multi_aff *upma = isl_union_pw_multi_aff_from_union_map(times.release());
    isl_multi_union_pw_aff *mupa = isl_multi_union_pw_aff_from_union_pw_multi_aff(upma);
    if (!mupa)
        return {};
    const isl::multi_union_pw_aff band = isl::manage(mupa); // owned before anything below may throw
    const isl::union_set domain = model.domain().compute_divs();
    return isl::manage(isl_schedule_insert_partial_schedule(isl::schedule::from_domain(domain).release(), band.copy()));
}

// `make()`, or `refused` when isl refuses it (a limit or a stop is not a
// refusal: it passes through).
template <typename T, typename F> T unlessRefused(IslContext &ctx, F &&make, T refused)
{
    try {
        return make();
    } catch (const isl::exception_quota &) {
        throw;
    } catch (const isl::exception_abort &) {
        throw;
    } catch (const isl::exception &) {
        if (ctx.limitHit())
            throw;
        return refused;
    }
}

// StatementGrouping's tree, or `schedule` itself when isl refuses the rewrite.
isl::schedule grouped(IslContext &ctx, const isl::schedule &schedule)
{
    return unlessRefused(
        ctx, [&] { return StatementGrouping::apply(schedule); }, schedule);
}

// StatementGrouping's grouping (a cut, or isl's grouped tree), or
// `schedule` itself when isl refuses it.
StatementGrouping::Grouping grouping(IslContext &ctx, const isl::schedule &schedule)
{
    return unlessRefused(
        ctx, [&] { return StatementGrouping::group(schedule); }, StatementGrouping::Grouping{schedule, std::nullopt});
}

// A build over `context` (the model's when null) naming the loop at depth
// k `<prefix>k`, the depths `skipped` left out (ConstantLevels took them
// out of the tree).
isl::ast_build builder(const PolyhedralModel &model, unsigned n, const std::vector<unsigned> &skipped,
                       const isl::set *context)
{
    IslContext &ctx = model.islContext();
    const std::string prefix = AstBuilder::iteratorPrefix(model.paramNames());
    // Owned: from_context below may throw (quota), and a leaked list
    // keeps the context from being freed.
    isl::id_list ids(isl::ctx(ctx.get()), static_cast<int>(n));
    for (unsigned k = 0; k < n; ++k)
        if (!std::binary_search(skipped.begin(), skipped.end(), k))
            // raw isl: a plain name; cpp.h's id(ctx, string) parses the text instead
            ids = ids.add(isl::manage(isl_id_alloc(ctx.get(), (prefix + std::to_string(k)).c_str(), nullptr)));
    isl::ast_build build = isl::ast_build::from_context(context ? *context : model.context());
    // raw isl: cpp.h has no setter for the iterator names
    return isl::manage(isl_ast_build_set_iterators(build.release(), ids.release()));
}

// `tree` for From::Tree (already grouped, or the tree `fast` cuts, or
// `levels`, the tree without its constant levels) and From::TreeAsIs, its
// map `times` for From::Map; `n` iterators; `context` for a tree without
// the model's fixed parameters (FixedParams).
isl::ast_node buildOnce(const PolyhedralModel &model, const isl::schedule &tree, const isl::union_map &times,
                        const std::string &file, unsigned n, bool allowOr, AstCoverage &coverage, AstBuilder::From from,
                        const StatementGrouping::Cut *fast = nullptr, const ConstantLevels::Result *levels = nullptr,
                        const isl::set *context = nullptr)
{
    IslContext &ctx = model.islContext();
    AstOptions options(ctx.get(), allowOr);
    const isl::ast_build build = builder(model, n, levels ? levels->removed : std::vector<unsigned>(), context);
    try {
        if (levels)
            return coverage.watching(build).node_from(levels->tree);
        if (from == AstBuilder::From::Map)
            return coverage.watching(build).node_from_schedule_map(times);
        // A grouped tree's statements put back by us, not by isl's expansion
        // (which is used when reading the groups fails: isl says why if it is a limit).
        std::optional<GroupExpansion> cut;
        try {
            if (fast)
                cut.emplace(*fast);
            else
                cut.emplace(tree);
        } catch (const isl::exception &) {
            if (ctx.limitHit())
                throw;
        }
        if (cut && cut->any()) {
            const GroupExpansion &groups = *cut;
            isl::ast_node ast = coverage.watching(build, &groups).node_from(groups.tree());
            if (!coverage.declined())
                return groups.hasSubtrees() ? AstNodes::spliced(ast) : ast;
            coverage.reset();
        }
        // (isl's grouping made now when the cut was made without it)
        const isl::schedule plain = fast ? unlessRefused(
                                        ctx, [&] { return StatementGrouping::grouped(*fast); }, tree)
                                         : tree;
        return coverage.watching(build).node_from(plain);
    } catch (const isl::exception_quota &) {
        throw;
    } catch (const isl::exception_abort &) {
        throw;
    } catch (const isl::exception &e) {
        // Quota, time and memory limits: not the schedule's fault.
        if (ctx.limitHit())
            throw;
        throw InputError(file, "",
                         std::string("isl cannot generate the loop nest of this schedule: ") + islMessage(e.what()));
    }
}

// isl's nest of `tree` when it runs every instance of the tree's domain:
// guards as conjunctions first (the readable form); disjunctions, which isl
// gets right, where that nest leaves instances out. Nothing when neither.
// `constantLevels`: the tree without its constant levels first
// (ConstantLevels; `tree`'s times injective), then as it is.
std::optional<isl::ast_node> covering(const PolyhedralModel &model, const isl::schedule &tree, const std::string &file,
                                      unsigned n, AstBuilder::From from, bool constantLevels = false)
{
    IslContext &ctx = model.islContext();
    // (decided on the tree as given: a member one value only by the
    // context's parameter values stays a level, as before FixedParams)
    const std::optional<ConstantLevels::Result> levels = constantLevels
        ? unlessRefused(
            ctx, [&] { return ConstantLevels::apply(tree); }, std::optional<ConstantLevels::Result>())
        : std::nullopt;
    std::vector<const ConstantLevels::Result *> passes{nullptr};
    if (levels)
        passes.insert(passes.begin(), &*levels);
    for (const ConstantLevels::Result *rewritten : passes) {
        // Each pass's tree to isl without the parameters the context fixes.
        const isl::schedule &given = rewritten ? rewritten->tree : tree;
        const std::optional<FixedParams::Result> free = unlessRefused(
            ctx, [&] { return FixedParams::dropped(given, model.context()); }, std::optional<FixedParams::Result>());
        std::optional<ConstantLevels::Result> freeLevels;
        if (rewritten)
            freeLevels = ConstantLevels::Result{free ? free->tree : given, rewritten->removed};
        const isl::schedule &pass = free ? free->tree : given;
        const isl::set &context = free ? free->context : model.context();
        const isl::union_set domain = pass.get_domain().intersect_params(context);
        for (const bool allowOr : {false, true}) {
            QuotaScope::nextStep(ctx);
            AstCoverage coverage;
            std::optional<isl::ast_node> ast;
            try {
                ast = buildOnce(model, pass, isl::union_map(), file, n, allowOr, coverage, from, nullptr,
                                freeLevels ? &*freeLevels : nullptr, &context);
            } catch (const InputError &) {
                if (!rewritten)
                    throw;
                break; // isl refused the rewritten tree: the tree as it is
            }
            if (coverage.covers(*ast, domain))
                return ast;
            // The dropped children's nodes are lost inside isl (valgrind:
            // allocated by isl_ast_graft_insert_mark, never freed).
            ctx.noteIslLeak();
        }
    }
    return std::nullopt;
}

// isl's nest of the whole of `tree` (`runsAll` grouped for From::Tree), with
// every fallback: the tree as given when the grouped one fails, then the
// same times as one plain band; an InputError when none runs every
// instance exactly once.
// `ast` as the nest's items: one node, or, for a nest whose groups' children
// were made in create_leaf, the items of its root block, as isl's own
// generator or a root sequence's split would give them (isl's C printer
// braces a root block).
isl::ast_node_list itemsOf(const isl::ast_node &ast, const AstCoverage &coverage)
{
    if (coverage.leafMade() && ast.isa<isl::ast_node_block>())
        return ast.as<isl::ast_node_block>().children();
    return isl::ast_node_list(ast);
}

isl::ast_node_list whole(const PolyhedralModel &model, const isl::schedule &runsAll, const isl::union_map &runsTimes,
                         const isl::schedule &tree, const std::string &file, unsigned n, AstBuilder::From from,
                         const StatementGrouping::Cut *fast = nullptr)
{
    IslContext &ctx = model.islContext();
    const isl::union_set domain = runsAll.get_domain().intersect_params(model.context());
    for (const bool allowOr : {false, true}) {
        QuotaScope::nextStep(ctx);
        AstCoverage coverage;
        isl::ast_node ast;
        try {
            ast = buildOnce(model, tree, runsTimes, file, n, allowOr, coverage, from, fast);
        } catch (const InputError &) {
            // The tree as given, when the rewritten one failed.
            if (fast || tree.get() != runsAll.get()) {
                QuotaScope::nextStep(ctx);
                AstCoverage asIs;
                try {
                    ast = buildOnce(model, runsAll, runsTimes, file, n, allowOr, asIs, AstBuilder::From::TreeAsIs);
                    if (asIs.covers(ast, domain))
                        return isl::ast_node_list(ast);
                    ctx.noteIslLeak();
                    continue;
                } catch (const InputError &) {
                    // on to the plain band below
                }
            }
            // isl's generator can fail on a valid schedule ("some src
            // divs are unknown" was reported on a piecewise one): the
            // same times as one band, divisions made explicit and
            // pieces coalesced, are tried before the schedule is refused.
            // That band has no AST options: a schedule whose options
            // (unroll, separate) isl refused keeps its refusal rather
            // than losing them silently.
            if (hasBandOptions(runsAll))
                throw;
            const isl::schedule plain = withExplicitDivs(model, runsAll);
            if (plain.is_null())
                throw;
            QuotaScope::nextStep(ctx);
            AstCoverage again;
            ast = buildOnce(model, plain, from == AstBuilder::From::Map ? plain.get_map() : isl::union_map(), file, n,
                            allowOr, again, from);
            if (again.covers(ast, domain))
                return isl::ast_node_list(ast);
            ctx.noteIslLeak();
            continue;
        }
        if (coverage.covers(ast, domain))
            return itemsOf(ast, coverage);
        ctx.noteIslLeak(); // as in covering()
    }
    throw InputError(file, "",
                     "isl's loop nest for this schedule does not run every instance exactly once "
                     "(an isl 0.25 code generation fault); refused rather than printed wrong");
}

} // namespace

isl::ast_node_list AstBuilder::build(const PolyhedralModel &model, const isl::schedule &schedule,
                                     const std::string &file, From from, AstMemo *memo)
{
    IslContext &ctx = model.islContext();
    // One computation over every statement: its budget grows with them,
    // two units and one more per 16 statements (pipeline_400's nest needs
    // about 2M operations; a 6-statement kernel's needed more than the one
    // unit it had). Not much more: a random 5-statement nest that isl never
    // finishes stops at 1.8M operations, while at 3M it runs on in
    // steps that neither count operations nor see the time limit.
    const unsigned long units = 2 + model.statements().size() / 16;
    return QuotaScope::run(ctx, "generating the loop nest", units, [&] {
        UnrollLimit::check(schedule, file); // before any raw isl object below
        // A tree whose band has AST options goes whole: ScheduleTree, which
        // splits a tree, does not read every option (isolate loop types).
        const bool splits = from != From::Map && !hasBandOptions(schedule);
        // A root sequence: each child's nest as the whole tree's would be
        // made (injective, grouped), alone.
        if (splits) {
            const auto alone = [&](const isl::schedule &c) -> std::optional<isl::ast_node> {
                try {
                    QuotaScope::nextStep(ctx);
                    const isl::union_map childTimes = c.get_map();
                    const isl::schedule runs = InjectiveTimes::apply(model, c, childTimes);
                    const isl::union_map runsTimes = runs.get() == c.get() ? childTimes : runs.get_map();
                    return covering(model, from == From::Tree ? grouped(ctx, runs) : runs, file, depth(runsTimes),
                                    from);
                } catch (const InputError &) {
                    return std::nullopt; // the whole tree says why
                }
            };
            const std::string stage = from == From::Tree ? "given, grouped" : "given";
            if (std::optional<isl::ast_node_list> items = AstSequenceSplit::build(schedule, stage, memo, alone))
                return *items;
        }
        // A root sequence made by the grouping (a band's constant first
        // member): its children as they are. Grouping before the leaf bands
        // of InjectiveTimes::apply is the same tree when every statement's times are
        // injective, which each child checks (else the whole tree goes as
        // below), so the whole tree's times are not made per edit.
        // (Grouping a 400-statement band is costly: done once.)
        std::optional<StatementGrouping::Grouping> asGiven;
        if (splits && from == From::Tree)
            asGiven = grouping(ctx, schedule);
        // (A cut is of a band right below the domain: no root sequence to split.)
        if (asGiven && !asGiven->cut) {
            const isl::schedule tree = *asGiven->tree;
            const auto child = [&](const isl::schedule &c) -> std::optional<isl::ast_node> {
                try {
                    QuotaScope::nextStep(ctx);
                    // Its times from our flattener: isl_schedule_get_map
                    // was slow over the 17 stages of a tile of
                    // tiled_matmul_64's pipelined band.
                    unsigned dims = 0;
                    if (!InjectiveTimes::all(ScheduleFlattener::flatten(model, c, &dims)))
                        return std::nullopt;
                    // (a band's child split off by its constant member:
                    // its own constant levels out, ConstantLevels)
                    return covering(model, c, file, dims, from, true);
                } catch (const InputError &) {
                    return std::nullopt;
                }
            };
            if (tree.get() != schedule.get())
                if (std::optional<isl::ast_node_list> items = AstSequenceSplit::build(tree, "grouped", memo, child))
                    return *items;
        }
        // A tree's times from our flattener, not isl_schedule_get_map (slow
        // on a tile of pipeline_400's band); injective ones need no map at
        // all, the depth being their length (making every statement's map
        // was costly there too). The map generator gets isl's map.
        const std::optional<FlatSchedule> flat =
            from == From::Map ? std::nullopt : std::optional<FlatSchedule>(FlatSchedule(model, schedule));
        isl::schedule runsAll = schedule;
        isl::union_map runsTimes; // for From::Map and a tree made injective
        unsigned n = 0;
        if (flat && InjectiveTimes::all(*flat)) {
            n = flat->dims();
        } else {
            const isl::union_map times = flat ? flat->unionMap() : schedule.get_map();
            runsAll = InjectiveTimes::apply(model, schedule, times);
            runsTimes = runsAll.get() == schedule.get() ? times : runsAll.get_map();
            n = depth(runsTimes);
        }
        if (from != From::Tree)
            return whole(model, runsAll, runsTimes, runsAll, file, n, from);
        const StatementGrouping::Grouping g =
            asGiven && runsAll.get() == schedule.get() ? std::move(*asGiven) : grouping(ctx, runsAll);
        return g.cut ? whole(model, runsAll, runsTimes, runsAll, file, n, from, &*g.cut)
                     : whole(model, runsAll, runsTimes, *g.tree, file, n, from);
    });
}

bool AstBuilder::hasOptions(const isl::schedule &schedule)
{
    return hasBandOptions(schedule);
}

} // namespace se
