// SPDX-License-Identifier: MIT
#include "GroupExpansion.h"

#include "AstNodes.h"
#include "GuardNest.h"
#include "StatementGrouping.h"
#include "TreeShape.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleFlattener.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/options.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <unordered_map>

namespace se {

namespace {

// raw isl begin: a set's piece count, a node cut, an id's user pointer (not in cpp.h 0.25)
int setCount(const isl::union_set &s)
{
    return isl_union_set_n_set(s.get());
}

isl::schedule_node cut(isl::schedule_node node)
{
    return isl::manage(isl_schedule_node_cut(node.release()));
}

std::optional<isl::id> tupleId(const isl::set &s)
{
    if (isl_set_has_tuple_id(s.get()) != isl_bool_true)
        return std::nullopt;
    return isl::manage(isl_set_get_tuple_id(s.get()));
}

isl::set withTupleId(const isl::set &s, const isl::id &id)
{
    return isl::manage(isl_set_set_tuple_id(s.copy(), id.copy()));
}

// { S[...] -> [] } on `s`
isl::union_map fromDomain(const isl::union_set &s)
{
    return isl::manage(isl_union_map_from_domain(s.copy()));
}

isl::union_map subtreeTimes(const isl::schedule_node &n)
{
    return isl::manage(isl_schedule_node_get_subtree_schedule_union_map(n.get()));
}

// raw isl end

// { S[...] -> [...] } on the universes of `instances`' statements: the
// times of the subtree at `n` when it is a chain of bands down to a leaf,
// each member one affine function on each statement, written as one
// function per statement (isl's subtree schedule range-multiplies each
// band's map, statement after statement of a tile of pipeline_400's
// band); nothing otherwise.
std::optional<isl::union_map> chainTimes(isl::schedule_node n, const isl::union_set &instances)
{
    std::vector<isl::multi_union_pw_aff> bands;
    for (; n.isa<isl::schedule_node_band>(); n = n.child(0))
        bands.push_back(n.as<isl::schedule_node_band>().get_partial_schedule());
    if (bands.empty() || !n.isa<isl::schedule_node_leaf>())
        return std::nullopt;
    // raw isl begin: a union grown in place (cpp.h's unite copies it per
    // statement), owned throughout (an exception, a stop, may come between)
    isl::union_map times = isl::manage(isl_union_map_empty_ctx(instances.ctx().get()));
    bool ok = true;
    instances.foreach_set([&](const isl::set &s) {
        std::vector<isl::pw_aff> time;
        for (const isl::multi_union_pw_aff &b : bands)
            for (int k = 0, m = static_cast<int>(b.size()); ok && k < m; ++k)
                time.push_back(islutil::statementPiece(b.at(k), s.get_space()));
        const std::optional<isl::multi_aff> f = ok ? ScheduleFlattener::functionOf(s, time, time.size()) : std::nullopt;
        ok = f.has_value();
        if (ok)
            times = isl::manage(isl_union_map_add_map(times.release(), f->as_map().release()));
    });
    // raw isl end
    if (!ok)
        return std::nullopt;
    return times;
}

// The group's id when every map of `expansion` ({ G[...] -> S[...] }) leaves
// from one G (without isl's domain of the expansion, which projects every
// statement's map).
std::optional<isl::id> groupOf(const isl::union_map &expansion)
{
    std::optional<isl::space> from;
    bool one = true;
    expansion.foreach_map([&](const isl::map &m) {
        const isl::space d = m.get_space().domain();
        if (!from)
            from = d;
        else if (!from->is_equal(d))
            one = false;
    });
    if (!from || !one)
        return std::nullopt;
    return tupleId(isl::set::universe(*from));
}

// The group's id when `call` calls one.
std::optional<isl::id> groupCalled(const isl::ast_node &call)
{
    if (!call.isa<isl::ast_node_user>())
        return std::nullopt;
    const std::optional<isl::id> id = AstNodes::called(call.as<isl::ast_node_user>().expr());
    return id && StatementGrouping::isGroup(*id) ? id : std::nullopt;
}

// { [t...] }, the points a group runs at in `build` (`times`: { G -> [t...] }),
// when the build's loops run no others: isl guards a group call that does
// run at fewer, where below an expansion it guards each child alone.
std::optional<isl::set> unguardedPoints(const isl::ast_build &build, const isl::map &times)
{
    isl::set points = islutil::coalesce(times.range());
    if (!AstNodes::alwaysTrue(build.expr_from(points)))
        return std::nullopt;
    return points;
}

// True when the subtree at `n` has only bands (without AST options),
// sequences, filters and leaves: what a schedule map says as well.
bool plainSubtree(const isl::schedule_node &n)
{
    bool plain = true;
    n.foreach_descendant_top_down([&](const isl::schedule_node &d) {
        if (d.isa<isl::schedule_node_band>())
            plain = plain && d.as<isl::schedule_node_band>().ast_build_options().is_empty();
        else
            plain = plain
                && (d.isa<isl::schedule_node_sequence>() || d.isa<isl::schedule_node_filter>()
                    || d.isa<isl::schedule_node_leaf>());
        return plain;
    });
    return plain;
}

} // namespace

std::optional<std::vector<GroupExpansion::Member>> GroupExpansion::leaves(const isl::schedule_node &seq,
                                                                          const isl::union_map &expansion)
{
    std::unordered_map<std::string, isl::map> byStatement; // { G -> S } by S's name
    expansion.foreach_map([&](const isl::map &m) { byStatement.emplace(m.range_tuple_id().name(), m); });
    std::vector<Member> members;
    for (int k = 0, c = static_cast<int>(seq.n_children()); k < c; ++k) {
        const isl::schedule_node child = seq.child(k);
        if (!child.isa<isl::schedule_node_filter>() || !child.child(0).isa<isl::schedule_node_leaf>())
            return std::nullopt;
        const isl::union_set filter = child.as<isl::schedule_node_filter>().filter();
        if (setCount(filter) != 1)
            return std::nullopt;
        const isl::set stmt = filter.as_set();
        const std::optional<isl::id> id = tupleId(stmt);
        const auto it = id ? byStatement.find(id->name()) : byStatement.end();
        if (it == byStatement.end())
            return std::nullopt;
        const isl::map e = it->second.intersect_range(stmt);
        // One instance per group point, or isl would make a loop there.
        if (!e.is_single_valued())
            return std::nullopt;
        members.push_back(Member{*id, e, islutil::str(e.set_range_tuple("S"))});
    }
    return members;
}

std::optional<std::vector<GroupExpansion::Child>> GroupExpansion::subtrees(const isl::schedule_node &seq,
                                                                           const isl::union_map &expansion)
{
    // { S -> G } by S's name, on the instances that reach the group
    std::unordered_map<std::string, isl::map> byStatement;
    expansion.foreach_map([&](const isl::map &m) { byStatement.emplace(m.range_tuple_id().name(), m.reverse()); });
    std::vector<Child> children;
    std::unordered_map<std::string, isl::map> parsed; // renumbering maps by text
    for (int k = 0, c = static_cast<int>(seq.n_children()); k < c; ++k) {
        const isl::schedule_node filter = seq.child(k);
        if (!filter.isa<isl::schedule_node_filter>() || !plainSubtree(filter))
            return std::nullopt;
        const isl::union_set instances = filter.as<isl::schedule_node_filter>().filter();
        const std::optional<isl::union_map> chain = chainTimes(filter.child(0), instances);
        // { S -> [...] }
        const isl::union_map times = TreeShape::renumbered(chain ? *chain : subtreeTimes(filter.child(0)), parsed);
        Child child{isl::union_map::empty(times.ctx()), times, {}, {}};
        std::vector<std::pair<std::string, isl::id>> forms;
        std::optional<unsigned> length;
        bool ok = true;
        times.foreach_map([&](const isl::map &t) {
            const isl::id id = t.domain_tuple_id();
            const auto it = byStatement.find(id.name());
            const unsigned n = static_cast<unsigned>(t.range_tuple_dim());
            if (!ok || it == byStatement.end() || (length && *length != n)) {
                ok = false;
                return;
            }
            length = n;
            // The child's instances of the statement: its universe (a filter
            // StatementGrouping made) leaves the map as it is.
            const isl::set mine = instances.extract_set(t.get_space().domain());
            const bool all = isl_set_plain_is_universe(mine.get()) == isl_bool_true; // raw isl: not in cpp.h 0.25
            const isl::map toGroup = all ? it->second : it->second.intersect_domain(mine);
            child.contraction = child.contraction.unite(toGroup);
            // Both maps' texts, the statement named S: equal texts are equal
            // joint maps (a range product first cost much of this reading).
            forms.emplace_back(
                islutil::str(toGroup.set_domain_tuple("S")) + " and " + islutil::str(t.set_domain_tuple("S")), id);
        });
        if (!ok)
            return std::nullopt;
        // The statements by form: alike children name theirs in the same order.
        std::sort(forms.begin(), forms.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        for (std::size_t i = 0; i < forms.size(); ++i) {
            if (i > 0 && forms[i].first == forms[i - 1].first)
                ok = false; // two statements alike: no order to match them by
            child.shape += forms[i].first + "\n";
            child.ids.push_back(forms[i].second);
        }
        if (!ok)
            child.shape.clear();
        children.push_back(std::move(child));
    }
    return children;
}

namespace {

// `tree` with the nodes at `cuts` (nodes of `tree`) cut off.
isl::schedule cutAt(const isl::schedule &tree, const std::vector<isl::schedule_node> &cuts)
{
    // The last in pre-order first: a cut leaves the paths of the nodes
    // before it as they were.
    isl::schedule out = tree;
    for (auto it = cuts.rbegin(); it != cuts.rend(); ++it) {
        std::vector<int> path;
        for (isl::schedule_node n = *it; n.has_parent(); n = n.parent())
            path.insert(path.begin(), static_cast<int>(n.child_position()));
        isl::schedule_node n = out.root();
        for (int i : path)
            n = n.child(i);
        out = cut(n).get_schedule();
    }
    return out;
}

} // namespace

GroupExpansion::GroupExpansion(const isl::schedule &grouped) : m_tree(grouped)
{
    // The expansions to cut, found first: cutting moves the nodes.
    std::vector<isl::schedule_node> leafCuts, subtreeCuts;
    grouped.root().foreach_descendant_top_down([&](const isl::schedule_node &n) {
        if (!n.isa<isl::schedule_node_expansion>())
            return true;
        const auto node = n.as<isl::schedule_node_expansion>();
        const isl::union_map expansion = node.expansion(); // { G -> S }
        const std::optional<isl::id> gid = groupOf(expansion);
        if (!gid || !StatementGrouping::isGroup(*gid) || n.n_children() != 1)
            return true;
        const isl::schedule_node seq = n.child(0);
        if (!seq.isa<isl::schedule_node_sequence>())
            return true;
        if (auto members = leaves(seq, expansion)) {
            m_groups.emplace(gid->name(), std::move(*members));
            leafCuts.push_back(n);
            return false;
        }
        if (auto children = subtrees(seq, expansion)) {
            m_subtrees.emplace(gid->name(), std::move(*children));
            subtreeCuts.push_back(n);
            return false;
        }
        return true;
    });
    if (!subtreeCuts.empty()) {
        // create_leaf makes every leaf then, the groups' and the others'.
        std::vector<isl::schedule_node> all = leafCuts;
        all.insert(all.end(), subtreeCuts.begin(), subtreeCuts.end());
        const auto path = [](isl::schedule_node n) {
            std::vector<int> p;
            for (; n.has_parent(); n = n.parent())
                p.insert(p.begin(), static_cast<int>(n.child_position()));
            return p;
        };
        std::sort(all.begin(), all.end(), [&](const auto &a, const auto &b) { return path(a) < path(b); });
        m_tree = cutAt(grouped, all);
        return;
    }
    if (!leafCuts.empty())
        m_tree = cutAt(grouped, leafCuts);
}

GroupExpansion::GroupExpansion(const StatementGrouping::Cut &cut) : m_tree(cut.tree)
{
    if (auto members = leaves(cut.below, cut.expansion))
        m_groups.emplace(cut.group.name(), std::move(*members));
    else if (auto children = subtrees(cut.below, cut.expansion))
        m_subtrees.emplace(cut.group.name(), std::move(*children));
}

// One form's call and guard in one build.
struct GroupExpansion::Form {
    int index;
    isl::ast_expr call; ///< for the form's first member; renamed for others
    isl::set domain; ///< { [t...] }: the schedule points where it runs
    isl::union_set instances; ///< the first member's instances here
};

GroupExpansion::Result GroupExpansion::expand(const isl::ast_node &call, const isl::ast_build &build,
                                              const Calls &calls, isl::ast_node &out) const
{
    const std::optional<isl::id> group = groupCalled(call);
    if (!group)
        return Result::NotAGroup;
    const auto members = m_groups.find(group->name());
    if (members == m_groups.end())
        return Result::NotAGroup;
    // { G[...] -> [t...] }: the group's points this call runs
    const isl::map times = build.get_schedule().as_map();
    const isl::map pointsToGroup = times.reverse(); // { [t...] -> G[...] }
    const isl::union_set groupRuns = times.domain();
    const std::optional<isl::set> points = unguardedPoints(build, times);
    if (!points)
        return Result::Declined;
    GuardNest nest(build, *points);
    std::unordered_map<std::string, Form> forms;
    for (const Member &m : members->second) {
        auto f = forms.find(m.form);
        if (f == forms.end()) {
            const isl::map run = pointsToGroup.apply_range(m.expansion); // { [t...] -> S[...] }
            const isl::set domain = islutil::coalesce(run.domain());
            const isl::pw_multi_aff args = run.gist_domain(domain).as_pw_multi_aff();
            f = forms
                    .emplace(m.form,
                             Form{static_cast<int>(forms.size()), build.call_from(args), domain,
                                  groupRuns.apply(m.expansion)})
                    .first;
        }
        const Form &form = f->second;
        const isl::ast_expr e = AstNodes::retargeted(form.call, m.id);
        const isl::union_set instances(withTupleId(form.instances.as_set(), m.id));
        const isl::ast_node user = calls.tag(AstNodes::user(e), instances);
        if (!nest.add(user, form.index, form.domain))
            return Result::Declined;
    }
    out = nest.node();
    return Result::Expanded;
}

namespace {

// `n`, a nest isl made, with each call of a statement in `names` calling the
// statement it maps to, tagged with its instances; none when `n` holds an
// else-branch or a mark (no setter for them) or an untagged call.
std::optional<isl::ast_node> renamed(const isl::ast_node &n, const std::map<std::string, isl::id> &names,
                                     const GroupExpansion::Calls &calls)
{
    return AstNodes::withCalls(n, [&](const isl::ast_node &call) -> std::optional<isl::ast_node> {
        const std::optional<isl::ast_expr> e = AstNodes::renamedCall(call.as<isl::ast_node_user>().expr(), names);
        const std::optional<isl::union_set> instances = calls.instances(call);
        if (!e || !instances)
            return std::nullopt;
        return calls.tag(AstNodes::user(*e), withTupleId(instances->as_set(), *AstNodes::called(*e)));
    });
}

} // namespace

GroupExpansion::Result GroupExpansion::expandLeaf(const isl::ast_build &build, const Calls &calls,
                                                  isl::ast_node &out) const
{
    const isl::union_map times = build.get_schedule(); // { G[...] -> [t...] }: the group's points here
    const isl::union_set points = times.domain();
    const std::optional<isl::id> group = setCount(points) == 1 ? tupleId(points.as_set()) : std::nullopt;
    const auto children = group ? m_subtrees.find(group->name()) : m_subtrees.end();
    if (children == m_subtrees.end()) {
        if (group && m_groups.count(group->name())) {
            // A group of leaves: its call, then its statements in its place.
            const isl::ast_node call = AstNodes::user(build.call_from(times.as_map().reverse().as_pw_multi_aff()));
            return expand(call, build, calls, out);
        }
        // Not a group: what isl makes of a leaf, through its generator nested here.
        out = build.node_from_schedule_map(times.range_product(fromDomain(points)));
        return Result::Expanded;
    }
    // isl does not guard a leaf made here: the children's guards say it all.
    const std::optional<isl::set> unguarded = unguardedPoints(build, times.as_map());
    if (!unguarded)
        return Result::Declined;
    const isl::set &where = *unguarded;
    GuardNest nest(build, where);
    std::map<std::string, int> forms; // a child's points by text: its form in the nest
    std::map<std::string, std::pair<isl::ast_node, const Child *>> made; // by shape
    // Where a child runs, by shape: alike children map their instances to the
    // same group points (their shapes write those maps), so they run at the
    // same points; made once per shape, not per child (a map through the
    // build's times for each child of a tile of pipeline_400's band added up).
    struct Guard {
        isl::set set; ///< { [t...] }: where the child runs, less the parameters' bounds
        int form;
        std::string expected; ///< the condition isl puts around its nest there, as C
    };
    std::map<std::string, Guard> guards; // by shape
    Guard shapeless; // a child alike no other's
    for (const Child &c : children->second) {
        std::optional<isl::ast_node> n;
        const auto alike = c.shape.empty() ? made.end() : made.find(c.shape);
        if (alike != made.end()) {
            std::map<std::string, isl::id> names;
            for (std::size_t i = 0; i < c.ids.size(); ++i)
                names.emplace(alike->second.second->ids[i].name(), c.ids[i]);
            n = renamed(alike->second.first, names, calls);
        }
        const Guard *g = nullptr;
        if (const auto it = c.shape.empty() ? guards.end() : guards.find(c.shape); it != guards.end())
            g = &it->second;
        if (!n || !g) {
            // { S[...] -> [t...] } for the child's instances here
            const isl::union_map toPoints = c.contraction.apply_range(times);
            if (!n) {
                // { S[...] -> [[t...] -> [...]] }: the group's loops, then the child's own
                n = build.node_from_schedule_map(toPoints.range_product(c.times));
                if (!c.shape.empty())
                    made.emplace(c.shape, std::make_pair(*n, &c));
            }
            // isl guards a child by where it runs, less what its loops say anyway
            // (a parameter bound that leaves a loop empty): an if around its
            // nest, taken off and made again by the nest, so that a child's guard
            // within the one before nests in it, as in isl's expansion.
            const isl::set runs = islutil::coalesce(toPoints.range().as_set());
            const isl::set guardSet = islutil::coalesce(runs.gist_params(runs.params()));
            const int form = forms.emplace(islutil::str(guardSet), static_cast<int>(forms.size())).first->second;
            const std::string expected = build.expr_from(islutil::coalesce(guardSet.gist(where))).to_C_str();
            Guard made{guardSet, form, expected};
            g = c.shape.empty() ? &(shapeless = made) : &guards.emplace(c.shape, made).first->second;
        }
        if (n->isa<isl::ast_node_if>() && !n->as<isl::ast_node_if>().has_else_node()) {
            const auto i = n->as<isl::ast_node_if>();
            if (i.cond().to_C_str() == g->expected) {
                if (!nest.add(i.then_node(), g->form, g->set))
                    return Result::Declined;
                continue;
            }
        }
        if (!nest.add(*n, -2 - g->form, isl::set::universe(where.get_space()))) // a form of its own (-1: none)
            return Result::Declined;
    }
    out = nest.node();
    return Result::Expanded;
}

} // namespace se
