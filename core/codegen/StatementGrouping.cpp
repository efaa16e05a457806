// SPDX-License-Identifier: MIT
#include "StatementGrouping.h"
#include "GroupedTree.h"
#include "PrefixForms.h"
#include "TreeRestriction.h"

#include "core/schedule/TreeError.h"
#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_set.h>

#include <cstdint>
#include <algorithm>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace se {

namespace {

const char GroupMarker = 0; // its address tags the group ids

// raw isl: the instances reaching a node (no cpp.h method for every node type in 0.25)
isl::union_set reaching(const isl::schedule_node &node)
{
    return isl::manage(isl_schedule_node_get_domain(node.get())); // raw isl: see above
}

unsigned statementCount(const isl::union_set &set)
{
    const isl_size n = isl_union_set_n_set(set.get()); // raw isl: a count not in cpp.h 0.25
    return n < 0 ? 0 : static_cast<unsigned>(n);
}

// The value of `member` on every instance of one statement, when it is one
// integer there (every piece the same constant); nothing otherwise.
std::optional<long> constantOn(const isl::pw_multi_aff &member)
{
    std::optional<long> value;
    bool constant = true;
    member.foreach_piece([&](const isl::set &, const isl::multi_aff &ma) {
        const isl::aff aff = ma.at(0);
        const isl::val v = aff.is_cst() ? aff.get_constant_val() : isl::val();
        if (!constant || v.is_null() || !islutil::fitsInt64(v) || (value && *value != v.get_num_si()))
            constant = false;
        else
            value = v.get_num_si();
    });
    return constant ? value : std::nullopt;
}

// The statements reaching `band` by the value of its member `k`, when that
// member is a constant per statement taking two or more values.
std::optional<std::map<long, isl::union_set>> scalarMember(const isl::schedule_node_band &band,
                                                           const isl::union_set &reach, int k)
{
    const isl::union_pw_aff member = band.get_partial_schedule().at(k);
    std::map<long, isl::union_set> byValue;
    const isl::pw_multi_aff_list pieces = member.pw_multi_aff_list();
    for (int i = 0, n = static_cast<int>(pieces.size()); i < n; ++i) {
        const isl::pw_multi_aff pma = pieces.at(i);
        const std::optional<long> v = constantOn(pma);
        if (!v)
            return std::nullopt;
        const isl::space space = pma.domain().get_space();
        if (reach.extract_set(space).is_empty())
            continue;
        // The statement's universe: isl's sequence insertion gists the
        // band below by each filter (pipeline_400's tile: 100 filters over
        // 400 statements' pieces), where a universe is no context,
        // and the domain bounds the instances either way.
        const isl::union_set all(isl::set::universe(space));
        auto [it, fresh] = byValue.emplace(*v, all);
        if (!fresh)
            it->second = it->second.unite(all);
    }
    if (byValue.size() < 2)
        return std::nullopt;
    return byValue;
}

// `band` (from its scalar member on) becomes a sequence by the member's
// value, each child the band and its subtree for that value's statements
// (without the band when `last`). Built from the subtree read once:
// isl_schedule_node_insert_sequence copies the subtree per filter and gists
// each copy by it, every statement's piece of every member per child (slow
// on a tile of tiled_matmul_64's or pipeline_400's band). Returns the
// sequence.
isl::schedule_node sequenceAt(const isl::schedule_node &band, const std::map<long, isl::union_set> &byValue, bool last)
{
    std::vector<int> path; // from the root
    for (isl::schedule_node n = band; n.has_parent(); n = n.parent())
        path.insert(path.begin(), static_cast<int>(isl_schedule_node_get_child_position(n.get()))); // raw isl: C-only
    isl::schedule_node out;
    try {
        const TreeNode subtree = ScheduleTree::readSubtree(band, false);
        const TreeNode &below = last ? subtree.children.front() : subtree;
        std::map<const TreeNode *, std::vector<std::set<std::string>>> childNames;
        TreeNode sequence;
        sequence.kind = TreeNode::Kind::Sequence;
        for (const auto &[value, statements] : byValue)
            sequence.children.push_back(
                TreeNode::filter(statements, TreeRestriction(statements).of(below, childNames)));
        out = ScheduleTree::replaceSubtree(band, sequence).root();
    } catch (const TreeError &) {
        // A node ScheduleTree does not read below (a guard or a context):
        // isl's own insertion, which gists each copy.
        isl::union_set_list filters(band.ctx(), static_cast<int>(byValue.size()));
        for (const auto &[value, statements] : byValue)
            filters = filters.add(statements);
        // raw isl: isl_schedule_node_delete is not in cpp.h 0.25
        const isl::schedule_node at = last ? isl::manage(isl_schedule_node_delete(band.copy())) : band;
        return at.insert_sequence(filters);
    }
    for (int k : path)
        out = out.child(k);
    return out;
}

// A band with a scalar member becomes band (the members before it) ->
// sequence by value -> band (that member and the rest). Returns the node
// at the same place (the outer band, or the new sequence).
isl::schedule_node splitAtScalar(isl::schedule_node node, unsigned minStatements)
{
    const isl::union_set reach = reaching(node);
    if (statementCount(reach) < minStatements)
        return node;
    const auto band = node.as<isl::schedule_node_band>();
    const int members = static_cast<int>(band.n_member());
    for (int k = 0; k < members; ++k) {
        const auto byValue = scalarMember(band, reach, k);
        if (!byValue)
            continue;
        // A last member above a leaf names no loop below it: it goes, and
        // isl has no single-value loop to find per statement. Otherwise it
        // stays, one value per child, so deeper loops keep their depth.
        const bool last = k == members - 1 && node.child(0).isa<isl::schedule_node_leaf>();
        if (k > 0)
            // raw isl: isl_schedule_node_band_split is not in cpp.h 0.25
            node = isl::manage(isl_schedule_node_band_split(node.release(), k)).child(0);
        node = sequenceAt(node, *byValue, last);
        return k > 0 ? node.parent() : node;
    }
    return node;
}

// Pre-order, rewriting as it goes: a band's new sequence children are
// visited too, so a later scalar member of the same band splits there.
isl::schedule_node splitScalars(isl::schedule_node node, unsigned minStatements)
{
    if (node.isa<isl::schedule_node_band>())
        node = splitAtScalar(node, minStatements);
    const int n = static_cast<int>(node.n_children());
    for (int i = 0; i < n; ++i)
        node = splitScalars(node.child(i), minStatements).parent();
    return node;
}

// True when, at every loop level above `node`, each statement reaching it
// runs both before and after each other one for some common outer
// iteration: isl then keeps them all in one component at every level, and
// one group statement gets the same loops (a statement that runs only where
// another does not, such as a pipeline's prologue, would get a loop of its
// own without the group and a guard with it, so it is not grouped).
// `forms`: PrefixForms::of(node, reach), kept for the grouping.
bool interleavedAtEveryLevel(const isl::schedule_node &node, const isl::union_set &reach,
                             std::optional<PrefixForms> &forms)
{
    // { [prefix] } of each statement over its instances reaching `node`, once per form
    std::optional<std::vector<isl::set>> ranges;
    forms = PrefixForms::of(node, reach);
    if (forms) {
        ranges.emplace();
        for (const PrefixForms::Form &f : forms->forms)
            ranges->push_back(f.times.as_map().intersect_domain(f.instances).range());
    } else {
        ranges.emplace();
        node.get_prefix_schedule_union_map().intersect_domain(reach).foreach_map(
            [&](const isl::map &m) { ranges->push_back(m.range()); });
    }
    isl::set common; // the prefix values every statement takes
    std::vector<std::optional<std::int64_t>> constant; // a level's one value on every instance
    bool ok = true;
    for (const isl::set &range : *ranges) {
        if (!ok)
            break;
        const unsigned n = static_cast<unsigned>(range.tuple_dim());
        if (common.is_null())
            for (unsigned d = 0; d < n; ++d)
                constant.push_back(islutil::plainFixed(range, d));
        for (unsigned d = 0; d < n && d < constant.size(); ++d)
            if (constant[d] && islutil::plainFixed(range, d) != constant[d])
                constant[d].reset();
        common = common.is_null() ? range : common.intersect(range);
        ok = !common.is_empty();
    }
    if (!ok || common.is_null())
        return false;
    const unsigned depth = static_cast<unsigned>(common.tuple_dim());
    for (unsigned level = 0; level < depth; ++level) {
        if (level < constant.size() && constant[level])
            continue; // no loop there (a tile band's member over one tile)
        // raw isl begin: positional equalities and an order (no isl_dim_type methods in cpp.h 0.25)
        // { x -> y : x, y in common, x[< level] = y[< level], x[level] > y[level] }
        isl_map *later = isl_map_from_domain_and_range(common.copy(), common.copy());
        for (unsigned k = 0; k < level; ++k)
            later = isl_map_equate(later, isl_dim_in, static_cast<int>(k), isl_dim_out, static_cast<int>(k));
        later = isl_map_order_gt(later, isl_dim_in, static_cast<int>(level), isl_dim_out, static_cast<int>(level));
        // raw isl end
        if (isl::manage(later).is_empty())
            return false;
    }
    return true;
}

bool leftToIsl(const isl::schedule &schedule)
{
    bool found = false;
    schedule.root().foreach_descendant_top_down([&](const isl::schedule_node &n) {
        if (found)
            return false;
        if (n.isa<isl::schedule_node_expansion>() || n.isa<isl::schedule_node_extension>())
            found = true;
        else if (n.isa<isl::schedule_node_band>() && !n.as<isl::schedule_node_band>().ast_build_options().is_empty())
            found = true;
        return !found;
    });
    return found;
}

// The tree with its bands' scalar members split, and the places to group
// (paths from the root, outer first); nothing when the tree is left to isl.
struct Plan {
    isl::schedule split;
    std::vector<std::vector<int>> targets;
    std::vector<std::optional<PrefixForms>> forms; ///< per target, its statements' prefix times
    std::vector<isl::union_set> reaches; ///< per target, the instances reaching it
};

std::optional<Plan> planOf(const isl::schedule &schedule, unsigned minStatements)
{
    if (leftToIsl(schedule))
        return std::nullopt;
    Plan plan;
    plan.split = splitScalars(schedule.root(), minStatements).get_schedule();
    // Sequences and sets right below a band, reached by several statements
    // that interleave at every level above.
    ScheduleTreeWalk::forEach(plan.split.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
        if (!(n.isa<isl::schedule_node_sequence>() || n.isa<isl::schedule_node_set>()) || !n.has_parent())
            return;
        if (!n.parent().isa<isl::schedule_node_band>())
            return;
        const isl::union_set reach = reaching(n);
        std::optional<PrefixForms> forms;
        if (statementCount(reach) < minStatements || !interleavedAtEveryLevel(n, reach, forms))
            return;
        plan.targets.push_back(path);
        plan.forms.push_back(std::move(forms));
        plan.reaches.push_back(reach);
    });
    return plan;
}

isl::id groupId(isl::ctx ctx, int k)
{
    const std::string name = "se_group" + std::to_string(k);
    // raw isl: a user pointer of its own: never equal to a statement's id, whatever its name
    return isl::manage(isl_id_alloc(ctx.get(), name.c_str(), const_cast<char *>(&GroupMarker)));
}

// True when every member of `band` has isl's default loop types.
bool defaultLoops(const isl::schedule_node_band &band)
{
    for (int k = 0, n = static_cast<int>(band.n_member()); k < n; ++k) {
        // raw isl begin: loop types (no getters in cpp.h 0.25)
        if (isl_schedule_node_band_member_get_ast_loop_type(band.get(), k) != isl_ast_loop_default
            || isl_schedule_node_band_member_get_isolate_ast_loop_type(band.get(), k) != isl_ast_loop_default)
            return false;
        // raw isl end
    }
    return true;
}

// `split` with a group at each of `targets` (paths, outer first), by isl.
isl::schedule groupedByIsl(const isl::schedule &split, const std::vector<std::vector<int>> &targets)
{
    // Inner ones first: an expansion node inserted there leaves the paths
    // of its ancestors and of earlier subtrees as they were.
    isl::schedule grouped = split;
    int k = 0;
    for (auto it = targets.rbegin(); it != targets.rend(); ++it) {
        isl::schedule_node node = grouped.root();
        for (int i : *it)
            node = node.child(i);
        // raw isl: isl_schedule_node_group is not in cpp.h 0.25
        node = isl::manage(isl_schedule_node_group(node.release(), groupId(node.ctx(), k++).release()));
        grouped = node.get_schedule();
    }
    return grouped;
}

// `plan`'s tree grouped at its targets: made by GroupedTree where it can,
// else by isl.
isl::schedule groupedAt(const Plan &plan)
{
    std::vector<GroupedTree::Target> targets;
    int k = 0;
    for (std::size_t i = plan.targets.size(); i-- > 0;) // inner ones first, as groupedByIsl
        targets.push_back({plan.targets[i], plan.reaches[i], plan.forms[i] ? &*plan.forms[i] : nullptr,
                           groupId(plan.split.ctx(), k++)});
    if (std::optional<isl::schedule> made = GroupedTree::make(plan.split, targets))
        return *made;
    return groupedByIsl(plan.split, plan.targets);
}

// The cut of `plan` when it groups one sequence below a band right below
// the domain (see StatementGrouping::Cut).
std::optional<StatementGrouping::Cut> cutOf(const Plan &plan)
{
    if (plan.targets.size() != 1 || plan.targets.front() != std::vector<int>{0, 0} || !plan.forms.front())
        return std::nullopt;
    const PrefixForms &prefix = *plan.forms.front();
    const isl::schedule_node root = plan.split.root();
    const isl::schedule_node bandNode = root.child(0);
    const isl::schedule_node below = bandNode.child(0);
    if (!root.isa<isl::schedule_node_domain>() || !bandNode.isa<isl::schedule_node_band>()
        || !below.isa<isl::schedule_node_sequence>())
        return std::nullopt;
    const auto band = bandNode.as<isl::schedule_node_band>();
    if (!defaultLoops(band))
        return std::nullopt;
    StatementGrouping::Cut out;
    out.group = groupId(root.ctx(), 0);
    out.below = below;
    out.split = plan.split;
    // What isl_schedule_node_group makes at `below`, statement by statement,
    // and the tree it leaves above the group, cut there: the domain is the
    // group's points (every statement is grouped), the band's members the
    // identity on them (isl_schedule_node_group's group_band).
    const isl::union_set domain = root.as<isl::schedule_node_domain>().domain();
    std::optional<GroupedTree::Group> g = GroupedTree::of(prefix, out.group, domain.get_space(), false);
    if (!g)
        return std::nullopt;
    out.expansion = g->expansion;
    isl::schedule_node n = isl::schedule::from_domain(isl::union_set(g->points)).root().child(0);
    n = n.insert_partial_schedule(GroupedTree::bandOver(band, g->points));
    auto b = n.as<isl::schedule_node_band>().set_permutable(band.permutable() ? 1 : 0);
    for (int k = 0, m = static_cast<int>(band.n_member()); k < m; ++k)
        b = b.member_set_coincident(k, band.member_get_coincident(k) ? 1 : 0);
    out.tree = b.get_schedule();
    return out;
}

} // namespace

isl::schedule StatementGrouping::apply(const isl::schedule &schedule, unsigned minStatements)
{
    const std::optional<Plan> plan = planOf(schedule, minStatements);
    return plan ? groupedAt(*plan) : schedule;
}

StatementGrouping::Grouping StatementGrouping::group(const isl::schedule &schedule, unsigned minStatements)
{
    const std::optional<Plan> plan = planOf(schedule, minStatements);
    if (!plan)
        return {schedule, std::nullopt};
    if (std::optional<Cut> cut = cutOf(*plan))
        return {std::nullopt, std::move(cut)};
    return {groupedAt(*plan), std::nullopt};
}

isl::schedule StatementGrouping::grouped(const Cut &cut)
{
    return groupedByIsl(cut.split, {{0, 0}});
}

bool StatementGrouping::isGroup(const isl::id &id)
{
    // raw isl: the id's user pointer (not in cpp.h 0.25)
    return isl_id_get_user(id.get()) == &GroupMarker;
}

} // namespace se
