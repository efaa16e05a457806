// SPDX-License-Identifier: MIT
#include "ConstantLevels.h"

#include "AstBuilder.h"
#include "TreeRestriction.h"
#include "core/schedule/TreeError.h"
#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/set.h>

#include <algorithm>
#include <map>
#include <set>

namespace se {

namespace {

// The one integer `member` takes on the instances of `statement`, or none.
// Empty instances are `skip` (they take no value).
std::optional<long> valueOn(const isl::union_pw_aff &member, const isl::set &statement, bool &skip)
{
    skip = false;
    const isl::pw_aff piece = islutil::statementPiece(member, statement.get_space());
    if (piece.n_piece() == 0)
        return std::nullopt;
    // A constant on every piece: the common case, no projection.
    std::optional<long> value;
    bool constant = true;
    piece.foreach_piece([&](const isl::set &, const isl::multi_aff &ma) {
        const isl::aff aff = ma.at(0);
        const auto v = aff.is_cst() ? islutil::int64(aff.get_constant_val()) : std::nullopt;
        if (!constant || !v || (value && *value != *v))
            constant = false;
        else
            value = *v;
    });
    if (constant && value)
        return value;
    // Else its values on the instances: { [v] } (floor(k/4) with k < 4).
    const isl::set values = piece.as_map().intersect_domain(statement).range();
    if (values.is_empty()) {
        skip = true;
        return std::nullopt;
    }
    // raw isl: cpp.h 0.25 has no plain_get_val_if_fixed
    return islutil::int64(isl::manage(isl_set_plain_get_val_if_fixed(values.get(), isl_dim_set, 0)));
}

// What a member is over the statements: one value, a constant per
// statement (`values`, one per statement with instances), or neither.
struct Member {
    enum class Kind { One, PerStatement, Other } kind = Kind::Other;
    std::vector<std::optional<long>> values; // by statement
};

Member classify(const isl::union_pw_aff &member, const std::vector<isl::set> &statements)
{
    Member m;
    m.values.resize(statements.size());
    std::optional<long> first;
    bool one = true;
    for (std::size_t s = 0; s < statements.size(); ++s) {
        bool skip = false;
        const std::optional<long> v = valueOn(member, statements[s], skip);
        if (skip)
            continue;
        if (!v)
            return m; // Other: the first statement that is not a constant ends it
        m.values[s] = v;
        if (first && *first != *v)
            one = false;
        first = first ? first : v;
    }
    m.kind = one ? Member::Kind::One : Member::Kind::PerStatement;
    return m;
}

struct Plan {
    std::set<unsigned> removed;
    std::optional<unsigned> splitAt; // the last depth of the run of constants per statement
    std::vector<isl::union_set> groups; // the statements by the run's values, in their order
};

// `node` (of the top chain, or what ends it, at `depth`) with the removed
// members taken out and, at the split's depth, the sequence.
TreeNode rewritten(const TreeNode &node, unsigned depth, const Plan &plan)
{
    if (node.kind == TreeNode::Kind::Mark || node.kind == TreeNode::Kind::Filter) {
        TreeNode out = node;
        out.children = {rewritten(node.children.front(), depth, plan)};
        return out;
    }
    if (node.kind != TreeNode::Kind::Band)
        return node;
    const std::vector<isl::union_pw_aff> members = ScheduleTree::members(node);
    const unsigned n = static_cast<unsigned>(members.size());
    const bool split = plan.splitAt && *plan.splitAt >= depth && *plan.splitAt < depth + n;
    // The members kept, those before the split's and those after it.
    std::vector<isl::union_pw_aff> above, below;
    std::vector<bool> coincidentAbove, coincidentBelow;
    for (unsigned k = 0; k < n; ++k) {
        if (plan.removed.count(depth + k))
            continue;
        const bool after = split && depth + k > *plan.splitAt;
        (after ? below : above).push_back(members[k]);
        (after ? coincidentBelow : coincidentAbove).push_back(node.coincident[k]);
    }
    const auto band = [&](const std::vector<isl::union_pw_aff> &kept, const std::vector<bool> &coincident,
                          TreeNode child) {
        if (kept.empty())
            return child;
        TreeNode out = TreeNode::bandOf(ScheduleTree::fromMembers(kept), std::move(child));
        out.permutable = node.permutable;
        out.coincident = coincident;
        out.loopTypes.assign(kept.size(), 0); // (no AST options: apply() takes none)
        return out;
    };
    TreeNode rest = rewritten(node.children.front(), depth + n, plan);
    if (!split)
        return band(above, coincidentAbove, std::move(rest));
    rest = band(below, coincidentBelow, std::move(rest));
    TreeNode sequence;
    sequence.kind = TreeNode::Kind::Sequence;
    TreeRestriction::ChildNames childNames;
    for (const isl::union_set &statements : plan.groups)
        sequence.children.push_back(TreeNode::filter(statements, TreeRestriction(statements).of(rest, childNames)));
    return band(above, coincidentAbove, std::move(sequence));
}

} // namespace

std::optional<ConstantLevels::Result> ConstantLevels::apply(const isl::schedule &tree, unsigned minStatements)
{
    const isl::schedule_node root = tree.root();
    if (root.n_children() != 1 || !ScheduleTree::readable(tree) || AstBuilder::hasOptions(tree))
        return std::nullopt;
    // The top chain's members in depth order; the instances that run, past
    // its filters (an AstSequenceSplit child's).
    std::vector<isl::union_pw_aff> members;
    isl::union_set runs = tree.get_domain();
    for (isl::schedule_node n = root.child(0);; n = n.child(0)) {
        if (n.isa<isl::schedule_node_band>()) {
            const isl::multi_union_pw_aff band = n.as<isl::schedule_node_band>().get_partial_schedule();
            for (int k = 0, m = static_cast<int>(band.size()); k < m; ++k)
                members.push_back(band.at(k));
        } else if (n.isa<isl::schedule_node_filter>()) {
            runs = runs.intersect(n.as<isl::schedule_node_filter>().filter());
        } else if (!n.isa<isl::schedule_node_mark>()) {
            break;
        }
    }
    std::vector<isl::set> statements;
    runs.foreach_set([&](const isl::set &s) { statements.push_back(s); });
    if (members.empty() || statements.size() < minStatements)
        return std::nullopt;

    Plan plan;
    std::vector<Member> leading; // the first run of constants per statement (one values aside)
    enum class Run { Before, In, After } run = Run::Before;
    std::vector<unsigned> runDepths;
    for (unsigned d = 0; d < members.size(); ++d) {
        Member m = classify(members[d], statements);
        if (m.kind == Member::Kind::One) {
            plan.removed.insert(d);
        } else if (m.kind == Member::Kind::PerStatement && run != Run::After) {
            run = Run::In;
            plan.removed.insert(d);
            plan.splitAt = d;
            runDepths.push_back(d);
            leading.push_back(std::move(m));
        } else if (run == Run::In) {
            run = Run::After;
        }
    }
    if (plan.splitAt) {
        // Statements by their leading values, in the order of those values.
        std::map<std::vector<long>, isl::union_set> byValues;
        for (std::size_t s = 0; s < statements.size(); ++s) {
            std::vector<long> key;
            for (const Member &m : leading)
                key.push_back(m.values[s].value_or(0)); // (no instances: any child)
            const isl::union_set universe(isl::set::universe(statements[s].get_space()));
            auto [it, fresh] = byValues.emplace(key, universe);
            if (!fresh)
                it->second = it->second.unite(universe);
        }
        if (byValues.size() == statements.size()) {
            for (auto &[key, group] : byValues)
                plan.groups.push_back(group);
        } else {
            // Statements sharing values would be generated together without
            // the levels that told them apart from the others, and isl
            // places their guards differently then (random kernels): the run
            // stays.
            for (unsigned d : runDepths)
                plan.removed.erase(d);
            plan.splitAt.reset();
        }
    }
    if (plan.removed.empty())
        return std::nullopt;
    try {
        TreeNode whole = ScheduleTree::readSubtree(root, false);
        whole.children = {rewritten(whole.children.front(), 0, plan)};
        return Result{ScheduleTree::build(whole), std::vector<unsigned>(plan.removed.begin(), plan.removed.end())};
    } catch (const TreeError &) {
        return std::nullopt; // a node ScheduleTree does not build: the tree goes as it is
    }
}

} // namespace se
