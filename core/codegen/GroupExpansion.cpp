// SPDX-License-Identifier: MIT
#include "GroupExpansion.h"

#include "StatementGrouping.h"
#include "core/isl/IslUtil.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/options.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <array>
#include <map>
#include <memory>
#include <unordered_map>

// raw isl begin: AST node constructors libisl 0.25 exports but declares only
// in its private isl_ast_private.h (isl's own generator makes its if and block
// nodes with them; a later isl made the block one public as
// isl_ast_node_block_from_children). No else-branch setter is exported.
extern "C" {
__isl_give isl_ast_node *isl_ast_node_alloc_if(__isl_take isl_ast_expr *guard);
__isl_give isl_ast_node *isl_ast_node_if_set_then(__isl_take isl_ast_node *node, __isl_take isl_ast_node *child);
__isl_give isl_ast_node *isl_ast_node_alloc_block(__isl_take isl_ast_node_list *list);
}
// raw isl end

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

int basicSetCount(const isl::set &s)
{
    return isl_set_n_basic_set(s.get());
}

// `call` (a call expression) calling `id` instead.
isl::ast_expr renamed(const isl::ast_expr &call, const isl::id &id)
{
    return isl::manage(isl_ast_expr_set_op_arg(call.copy(), 0, isl_ast_expr_from_id(id.copy())));
}

isl::ast_node ifNode(const isl::ast_expr &cond, const isl::ast_node &then)
{
    return isl::manage(isl_ast_node_if_set_then(isl_ast_node_alloc_if(cond.copy()), then.copy()));
}

isl::ast_node block(const std::vector<isl::ast_node> &items)
{
    if (items.size() == 1)
        return items.front();
    isl_ast_node_list *list = isl_ast_node_list_alloc(items.front().ctx().get(), static_cast<int>(items.size()));
    for (const auto &n : items)
        list = isl_ast_node_list_add(list, n.copy());
    return isl::manage(isl_ast_node_alloc_block(list));
}

bool allowOr(isl::ctx ctx)
{
    return isl_options_get_ast_build_allow_or(ctx.get()) != 0;
}

bool allowElse(isl::ctx ctx)
{
    return isl_options_get_ast_build_allow_else(ctx.get()) != 0;
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

bool plainUniverse(const isl::set &s)
{
    return isl_set_plain_is_universe(s.get()) == isl_bool_true;
}

isl::set disjoint(const isl::set &s)
{
    return isl::manage(isl_set_make_disjoint(s.copy()));
}

bool isCall(const isl::ast_expr &e)
{
    return isl_ast_expr_get_type(e.get()) == isl_ast_expr_op
        && isl_ast_expr_get_op_type(e.get()) == isl_ast_expr_op_call;
}
// raw isl end

// True when `e` is the constant 1 (a guard that always holds).
bool alwaysTrue(const isl::ast_expr &e)
{
    if (!e.isa<isl::ast_expr_int>())
        return false;
    return e.as<isl::ast_expr_int>().val().is_one();
}

// The group's id when `call` calls one.
std::optional<isl::id> groupCalled(const isl::ast_node &call)
{
    if (!call.isa<isl::ast_node_user>())
        return std::nullopt;
    const isl::ast_expr e = call.as<isl::ast_node_user>().expr();
    if (!isCall(e))
        return std::nullopt;
    const isl::ast_expr f = e.as<isl::ast_expr_op>().arg(0);
    if (!f.isa<isl::ast_expr_id>())
        return std::nullopt;
    const isl::id id = f.as<isl::ast_expr_id>().id();
    return StatementGrouping::isGroup(id) ? std::optional<isl::id>(id) : std::nullopt;
}

} // namespace

GroupExpansion::GroupExpansion(const isl::schedule &grouped) : m_tree(grouped)
{
    // The expansions to cut, found first: cutting moves the nodes.
    std::vector<isl::schedule_node> found;
    grouped.root().foreach_descendant_top_down([&](const isl::schedule_node &n) {
        if (!n.isa<isl::schedule_node_expansion>())
            return true;
        const isl::union_map expansion = n.as<isl::schedule_node_expansion>().expansion(); // { G -> S }
        const isl::union_set groupSet = expansion.domain();
        if (setCount(groupSet) != 1)
            return true;
        const isl::set g = groupSet.as_set();
        const std::optional<isl::id> gid = tupleId(g);
        if (!gid || !StatementGrouping::isGroup(*gid) || n.n_children() != 1)
            return true;
        const isl::schedule_node seq = n.child(0);
        if (!seq.isa<isl::schedule_node_sequence>())
            return true;
        std::unordered_map<std::string, isl::map> byStatement; // { G -> S } by S's name
        expansion.foreach_map([&](const isl::map &m) { byStatement.emplace(m.range_tuple_id().name(), m); });
        std::vector<Member> members;
        for (int k = 0, c = static_cast<int>(seq.n_children()); k < c; ++k) {
            const isl::schedule_node child = seq.child(k);
            if (!child.isa<isl::schedule_node_filter>() || !child.child(0).isa<isl::schedule_node_leaf>())
                return true;
            const isl::union_set filter = child.as<isl::schedule_node_filter>().filter();
            if (setCount(filter) != 1)
                return true;
            const isl::set stmt = filter.as_set();
            const std::optional<isl::id> id = tupleId(stmt);
            if (!id)
                return true;
            const auto it = byStatement.find(id->name());
            if (it == byStatement.end())
                return true;
            const isl::map e = it->second.intersect_range(stmt);
            // One instance per group point, or isl would make a loop there.
            if (!e.is_single_valued())
                return true;
            members.push_back(Member{*id, e, islutil::str(e.set_range_tuple("S"))});
        }
        if (members.empty())
            return true;
        m_groups.emplace(gid->name(), std::move(members));
        found.push_back(n);
        return false; // leaves below
    });
    if (found.empty())
        return;
    // The last in pre-order first: a cut leaves the paths of the nodes
    // before it as they were.
    isl::schedule tree = grouped;
    for (auto it = found.rbegin(); it != found.rend(); ++it) {
        std::vector<int> path;
        for (isl::schedule_node n = *it; n.has_parent(); n = n.parent())
            path.insert(path.begin(), static_cast<int>(n.child_position()));
        isl::schedule_node n = tree.root();
        for (int i : path)
            n = n.child(i);
        tree = cut(n).get_schedule();
    }
    m_tree = tree;
}

// One form's call and guard in one build.
struct GroupExpansion::Form {
    int index;
    isl::ast_expr call; ///< for the form's first member; renamed for others
    isl::set domain; ///< { [t...] }: the schedule points where it runs
    isl::union_set instances; ///< the first member's instances here
};

// The guarded items of one group call, made as isl's
// insert_pending_guard_nodes makes a sequence's: a guard that holds only
// where an open if's guard does goes in that if's then-branch. Statements
// are added by form (equal domains): tests and guards are made once per
// pair of forms.
class GroupExpansion::Nest {
public:
    Nest(const isl::ast_build &build, isl::set points) : m_build(build), m_points(std::move(points)) { }

    /// Adds `call` of a statement of form `form`, run where `domain` holds;
    /// false when isl would put it in an else-branch.
    bool add(const isl::ast_node &call, int form, const isl::set &domain)
    {
        int j = static_cast<int>(m_open.size()) - 1;
        for (; j >= 0; --j) {
            const Open &o = m_open[static_cast<std::size_t>(j)];
            if (memo(m_within, {form, o.form, 0}, [&] { return domain.is_subset(o.guard); }))
                break;
            if (m_else && memo(m_outside, {form, o.form, o.outer}, [&] { return domain.is_subset(o.complement); }))
                return false;
        }
        m_open.resize(static_cast<std::size_t>(j + 1));
        const int outerForm = j >= 0 ? m_open.back().form : -1;
        const isl::set outer = j >= 0 ? m_open.back().guard : m_points;
        const Guard &guard = guardOf(form, outerForm, domain, outer);
        auto item = std::make_unique<Item>();
        if (!guard.parts.empty()) {
            // isl: one if per disjoint part, around a copy of the call each
            std::vector<isl::ast_node> parts;
            for (const auto &c : guard.parts)
                parts.push_back(c ? ifNode(*c, call) : call);
            item->node = block(parts);
        } else {
            item->cond = guard.cond;
            item->node = call;
        }
        Item *placed = item.get();
        (j >= 0 ? m_open.back().item->then : m_items).push_back(std::move(item));
        if (placed->cond)
            m_open.push_back(Open{placed, form, outerForm, domain, outer.subtract(domain)});
        return true;
    }

    isl::ast_node node() const { return nodeOf(m_items); }

private:
    struct Item {
        isl::ast_node node; ///< the call, or a block of guarded calls
        std::optional<isl::ast_expr> cond; ///< none: no if
        std::vector<std::unique_ptr<Item>> then; ///< later items nested in the if
    };
    struct Open {
        Item *item;
        int form, outer; ///< its form and the form of the if it is in (-1: none)
        isl::set guard, complement;
    };
    struct Guard {
        std::optional<isl::ast_expr> cond; ///< none: no if
        std::vector<std::optional<isl::ast_expr>> parts; ///< disjoint parts' conditions, when split
    };
    using Key = std::array<int, 3>;

    template <typename F> static bool memo(std::map<Key, bool> &m, const Key &k, F &&f)
    {
        const auto it = m.find(k);
        return it != m.end() ? it->second : m.emplace(k, f()).first->second;
    }

    const Guard &guardOf(int form, int outerForm, const isl::set &domain, const isl::set &outer)
    {
        const Key k{form, outerForm, 0};
        if (const auto it = m_guards.find(k); it != m_guards.end())
            return it->second;
        Guard g;
        const isl::set guard = islutil::coalesce(domain.gist(outer));
        if (plainUniverse(guard)) {
            // no if
        } else if (basicSetCount(guard) > 1 && !m_or) {
            disjoint(guard).foreach_basic_set(
                [&](const isl::basic_set &b) { g.parts.push_back(condition(isl::set(b))); });
        } else {
            g.cond = condition(guard);
        }
        return m_guards.emplace(k, std::move(g)).first->second;
    }

    // isl's condition for `guard` in this build; none when it always holds.
    std::optional<isl::ast_expr> condition(const isl::set &guard) const
    {
        isl::ast_expr cond = m_build.expr_from(guard);
        if (alwaysTrue(cond))
            return std::nullopt;
        return cond;
    }

    static isl::ast_node nodeOf(const std::vector<std::unique_ptr<Item>> &items)
    {
        std::vector<isl::ast_node> nodes;
        for (const auto &i : items) {
            if (!i->cond) {
                nodes.push_back(i->node);
                continue;
            }
            std::vector<isl::ast_node> body{i->node};
            if (!i->then.empty())
                body.push_back(nodeOf(i->then));
            nodes.push_back(ifNode(*i->cond, block(flattened(body))));
        }
        return block(flattened(nodes));
    }

    // A block's items spliced into the list (isl's extend_body appends to a block).
    static std::vector<isl::ast_node> flattened(const std::vector<isl::ast_node> &nodes)
    {
        std::vector<isl::ast_node> out;
        for (const auto &n : nodes) {
            if (!n.isa<isl::ast_node_block>()) {
                out.push_back(n);
                continue;
            }
            const isl::ast_node_list c = n.as<isl::ast_node_block>().children();
            for (int k = 0; k < static_cast<int>(c.size()); ++k)
                out.push_back(c.at(k));
        }
        return out;
    }

    isl::ast_build m_build;
    isl::set m_points; ///< where the group runs in this build
    bool m_or = allowOr(m_build.ctx()), m_else = allowElse(m_build.ctx());
    std::vector<std::unique_ptr<Item>> m_items;
    std::vector<Open> m_open;
    std::map<Key, bool> m_within, m_outside;
    std::map<Key, Guard> m_guards;
};

GroupExpansion::Result GroupExpansion::expand(const isl::ast_node &call, const isl::ast_build &build, const Tag &tag,
                                              isl::ast_node &out) const
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
    // isl guards the group call where the loops run more points than the
    // group's; below an expansion it guards each statement alone instead.
    const isl::set points = islutil::coalesce(times.range());
    if (!alwaysTrue(build.expr_from(points)))
        return Result::Declined;
    Nest nest(build, points);
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
        const isl::ast_expr e = renamed(form.call, m.id);
        const isl::union_set instances(withTupleId(form.instances.as_set(), m.id));
        // raw isl: a user node from an expression (no cpp.h constructor in 0.25)
        const isl::ast_node user = tag(isl::manage(isl_ast_node_alloc_user(e.copy())), instances);
        if (!nest.add(user, form.index, form.domain))
            return Result::Declined;
    }
    out = nest.node();
    return Result::Expanded;
}

} // namespace se
