// SPDX-License-Identifier: MIT
#include "GroupedTree.h"

#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include <utility>

// raw isl begin: exported by libisl 0.25 without a public declaration
// (isl_schedule_node_private.h, isl_schedule_tree.h): what
// isl_schedule_node_group itself uses to change a node in place
extern "C" {
typedef struct isl_schedule_tree isl_schedule_tree;
__isl_give isl_schedule_node *isl_schedule_node_insert_expansion(__isl_take isl_schedule_node *node,
                                                                 __isl_take isl_union_pw_multi_aff *contraction,
                                                                 __isl_take isl_union_map *expansion);
__isl_give isl_schedule_tree *isl_schedule_node_get_tree(__isl_keep isl_schedule_node *node);
__isl_give isl_schedule_node *isl_schedule_node_graft_tree(__isl_take isl_schedule_node *pos,
                                                           __isl_take isl_schedule_tree *tree);
__isl_give isl_schedule_tree *isl_schedule_tree_band_set_partial_schedule(__isl_take isl_schedule_tree *tree,
                                                                          __isl_take isl_multi_union_pw_aff *schedule);
__isl_give isl_schedule_tree *isl_schedule_tree_filter_set_filter(__isl_take isl_schedule_tree *tree,
                                                                  __isl_take isl_union_set *filter);
__isl_give isl_schedule_tree *isl_schedule_tree_domain_set_domain(__isl_take isl_schedule_tree *tree,
                                                                  __isl_take isl_union_set *domain);
}
// raw isl end

namespace se {

namespace {

// True when every set of `filter` is its statement's universe.
bool universes(const isl::union_set &filter)
{
    bool all = true;
    filter.foreach_set([&](const isl::set &s) {
        all = all && isl_set_plain_is_universe(s.get()) == isl_bool_true; // raw isl: not in cpp.h 0.25
    });
    return all;
}

// `a` without `b`'s sets, then with `c`'s, as isl's grouping writes it:
// the difference is changed in place (cpp.h's unite would copy it, which
// orders its sets differently).
isl::union_set replaced(const isl::union_set &a, const isl::union_set &b, const isl::union_set &c)
{
    // raw isl: operands taken, as in isl_schedule_node.c
    return isl::manage(isl_union_set_union(isl_union_set_subtract(a.copy(), b.copy()), c.copy()));
}

// `node` with its band's partial schedule, or its filter's or domain's
// set, replaced, as isl's grouping changes a node: the subtree below
// stays as it is, object for object.
// raw isl begin: the private tree setters declared above
isl::schedule_node withBand(const isl::schedule_node &node, const isl::multi_union_pw_aff &partial)
{
    isl_schedule_tree *tree = isl_schedule_node_get_tree(node.get());
    tree = isl_schedule_tree_band_set_partial_schedule(tree, partial.copy());
    return isl::manage(isl_schedule_node_graft_tree(node.copy(), tree));
}

isl::schedule_node withSet(const isl::schedule_node &node, const isl::union_set &set)
{
    isl_schedule_tree *tree = isl_schedule_node_get_tree(node.get());
    tree = node.isa<isl::schedule_node_filter>() ? isl_schedule_tree_filter_set_filter(tree, set.copy())
                                                 : isl_schedule_tree_domain_set_domain(tree, set.copy());
    return isl::manage(isl_schedule_node_graft_tree(node.copy(), tree));
}
// raw isl end

} // namespace

std::optional<GroupedTree::Group> GroupedTree::of(const PrefixForms &prefix, const isl::id &group,
                                                  const isl::space &space, bool contraction)
{
    Group out;
    std::vector<isl::map> firsts(prefix.forms.size());
    std::vector<isl::multi_aff> functions(prefix.forms.size());
    // raw isl begin: unions grown in place (cpp.h's unite copies them per
    // statement), owned throughout (an exception, a stop, may come between)
    isl::union_map expansion = isl::manage(isl_union_map_empty(space.copy()));
    isl::union_pw_multi_aff contracted;
    if (contraction)
        contracted = isl::manage(isl_union_pw_multi_aff_empty(space.copy()));
    for (const auto &[instances, form] : prefix.statements) {
        isl::map e;
        isl::multi_aff f;
        if (firsts[form].is_null()) { // the form's first statement
            functions[form] = prefix.forms[form].times.set_range_tuple(group);
            e = firsts[form] = functions[form].as_map().reverse().intersect_range(instances);
            f = functions[form];
            const isl::set image = e.domain();
            out.points = out.points.is_null() ? image : out.points.unite(image);
        } else {
            const isl::id id = isl::manage(isl_set_get_tuple_id(instances.get()));
            e = isl::manage(isl_map_set_tuple_id(firsts[form].copy(), isl_dim_out, id.copy()));
            if (contraction)
                f = isl::manage(isl_multi_aff_set_tuple_id(functions[form].copy(), isl_dim_in, id.copy()));
        }
        expansion = isl::manage(isl_union_map_add_map(expansion.release(), e.release()));
        if (contraction)
            contracted = isl::manage(isl_union_pw_multi_aff_add_pw_multi_aff(
                contracted.release(), isl_pw_multi_aff_from_multi_aff(f.release())));
    }
    // raw isl end
    if (out.points.is_null())
        return std::nullopt;
    out.expansion = expansion;
    if (contraction)
        out.contraction = contracted;
    out.points = islutil::coalesce(out.points);
    return out;
}

isl::multi_union_pw_aff GroupedTree::bandOver(const isl::schedule_node_band &band, const isl::set &points)
{
    const isl::multi_union_pw_aff partial = band.get_partial_schedule();
    // raw isl begin: the identity on the group's points, in the band's parameters (isl's group_band)
    isl::space pointSpace = points.get_space(), bandSpace = partial.get_space();
    isl_space *space = isl_space_align_params(pointSpace.release(), bandSpace.release());
    isl_multi_aff *sched = isl_multi_aff_identity(isl_space_map_from_set(space));
    // as group_band takes the band's share (depth 0, all of it): this drops the tuple's name
    sched = isl_multi_aff_drop_dims(sched, isl_dim_out, 0, 0);
    sched = isl_multi_aff_drop_dims(sched, isl_dim_out, band.n_member(), 0);
    // and gives the identity the band's own name, if it has one
    if (isl_multi_union_pw_aff_has_tuple_id(partial.get(), isl_dim_set) == isl_bool_true)
        sched = isl_multi_aff_set_tuple_id(sched, isl_dim_out,
                                           isl_multi_union_pw_aff_get_tuple_id(partial.get(), isl_dim_set));
    const isl::multi_aff identity = isl::manage(sched);
    // raw isl end
    return partial.intersect_domain(isl::union_set::empty(band.ctx())).union_add(isl::multi_union_pw_aff(identity));
}

std::optional<isl::schedule> GroupedTree::make(const isl::schedule &tree, const std::vector<Target> &targets)
{
    isl::schedule out = tree;
    for (const Target &t : targets) {
        if (!t.forms || t.path.size() < 2)
            return std::nullopt;
        // The way: the root's child to the target's band.
        isl::schedule_node n = out.root();
        if (!n.isa<isl::schedule_node_domain>())
            return std::nullopt;
        for (std::size_t i = 0; i + 1 < t.path.size(); ++i) {
            n = n.child(t.path[i]);
            const bool ok = i + 2 == t.path.size()
                ? n.isa<isl::schedule_node_band>() && n.as<isl::schedule_node_band>().n_member() > 0
                : n.isa<isl::schedule_node_sequence>() || n.isa<isl::schedule_node_set>()
                    || (n.isa<isl::schedule_node_filter>() && universes(n.as<isl::schedule_node_filter>().filter()));
            if (!ok)
                return std::nullopt;
        }
        const isl::schedule_node_band band = n.as<isl::schedule_node_band>();
        isl::schedule_node target = n.child(0);
        if (t.path.back() != 0 || !(target.isa<isl::schedule_node_sequence>() || target.isa<isl::schedule_node_set>()))
            return std::nullopt;
        const isl::union_set domain = out.root().as<isl::schedule_node_domain>().domain();
        std::optional<Group> g = of(*t.forms, t.group, domain.get_space(), true);
        if (!g)
            return std::nullopt;
        // raw isl begin: isl_schedule_node_insert_expansion is not public in 0.25 (above); every
        // argument released after the last call that may throw
        isl_schedule_node *at = target.release();
        isl_union_pw_multi_aff *contraction = g->contraction->release();
        n = isl::manage(isl_schedule_node_insert_expansion(at, contraction, g->expansion.release()));
        // raw isl end
        if (n.is_null())
            return std::nullopt;
        // isl's group_ancestor, innermost first: the band loses its
        // statements' pieces and gains the identity on the group's points,
        // each filter loses the statements' universes and gains the group's,
        // the domain loses their instances and gains the group's points.
        n = withBand(n.parent(), bandOver(band, g->points));
        const isl::union_set statements = t.reach.universe();
        const isl::union_set group(isl::set::universe(g->points.get_space()));
        while (!n.is_null() && n.has_parent()) {
            n = n.parent();
            if (n.isa<isl::schedule_node_filter>())
                n = withSet(n, replaced(n.as<isl::schedule_node_filter>().filter(), statements, group));
            else if (n.isa<isl::schedule_node_domain>())
                n = withSet(n, replaced(domain, t.reach, isl::union_set(g->points)));
        }
        if (n.is_null())
            return std::nullopt;
        out = n.get_schedule();
    }
    return out;
}

} // namespace se
