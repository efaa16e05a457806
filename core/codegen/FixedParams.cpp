// SPDX-License-Identifier: MIT
#include "FixedParams.h"

#include "core/schedule/ScheduleTree.h"

#include <isl/aff.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace se {

namespace {

// The parameters `context` fixes, by name.
std::vector<isl::id> fixedIn(const isl::set &context)
{
    std::vector<isl::id> out;
    // raw isl begin: a parameter's fixed value (not in cpp.h 0.25)
    const isl_size n = isl_set_dim(context.get(), isl_dim_param);
    for (isl_size k = 0; k < n; ++k) {
        isl_val *v = isl_set_plain_get_val_if_fixed(context.get(), isl_dim_param, static_cast<unsigned>(k));
        const bool fixed = v && isl_val_is_int(v) == isl_bool_true;
        isl_val_free(v);
        if (fixed)
            out.push_back(isl::manage(isl_set_get_dim_id(context.get(), isl_dim_param, static_cast<unsigned>(k))));
    }
    // raw isl end
    return out;
}

// `s` on the context's values of `fixed`, without them.
isl::union_set without(const isl::union_set &s, const isl::set &context, const std::vector<isl::id> &fixed)
{
    isl::union_set out = s.intersect_params(context);
    for (const isl::id &id : fixed) {
        // raw isl begin: a parameter projected out of a union set (not in cpp.h 0.25)
        isl_space *space = isl_union_set_get_space(out.get());
        const int pos = isl_space_find_dim_by_id(space, isl_dim_param, id.get());
        isl_space_free(space);
        if (pos >= 0)
            out = isl::manage(isl_union_set_project_out(out.release(), isl_dim_param, static_cast<unsigned>(pos), 1));
        // raw isl end
    }
    return out;
}

// `f` without `fixed`, or nothing when one of its pieces uses one.
std::optional<isl::union_pw_aff> without(const isl::union_pw_aff &f, const std::vector<isl::id> &fixed)
{
    isl::union_pw_aff out = f;
    const isl::pw_multi_aff_list parts = f.pw_multi_aff_list();
    for (const isl::id &id : fixed) {
        for (int k = 0; k < static_cast<int>(parts.size()); ++k)
            // raw isl: whether a piece or its domain names the parameter (not in cpp.h 0.25)
            if (isl_pw_multi_aff_involves_param_id(parts.at(k).get(), id.get()) != isl_bool_false)
                return std::nullopt;
        // raw isl begin: an unused parameter dropped (not in cpp.h 0.25)
        isl_space *space = isl_union_pw_aff_get_space(out.get());
        const int pos = isl_space_find_dim_by_id(space, isl_dim_param, id.get());
        isl_space_free(space);
        if (pos >= 0)
            out = isl::manage(isl_union_pw_aff_drop_dims(out.release(), isl_dim_param, static_cast<unsigned>(pos), 1));
        // raw isl end
    }
    return out;
}

bool rewrite(TreeNode &node, const isl::set &context, const std::vector<isl::id> &fixed)
{
    if (!node.set.is_null())
        node.set = without(node.set, context, fixed);
    if (!node.options.is_null())
        node.options = without(node.options, context, fixed);
    if (node.isBand()) {
        if (node.members() == 0)
            return false; // (isl allows a band without members; ScheduleTree does not build one)
        std::vector<isl::union_pw_aff> members;
        for (const isl::union_pw_aff &m : ScheduleTree::members(node)) {
            std::optional<isl::union_pw_aff> f = without(m, fixed);
            if (!f)
                return false;
            members.push_back(*f);
        }
        node.band = ScheduleTree::fromMembers(members);
    }
    for (TreeNode &c : node.children)
        if (!rewrite(c, context, fixed))
            return false;
    return true;
}

} // namespace

std::optional<FixedParams::Result> FixedParams::dropped(const isl::schedule &tree, const isl::set &context)
{
    const std::vector<isl::id> fixed = fixedIn(context);
    if (fixed.empty() || !ScheduleTree::readable(tree))
        return std::nullopt;
    // (without the instances reaching each node: the rewrite does not need them)
    TreeNode root = ScheduleTree::readSubtree(tree.root(), false);
    if (root.kind != TreeNode::Kind::Domain || !rewrite(root, context, fixed))
        return std::nullopt;
    isl::set free = context;
    for (const isl::id &id : fixed)
        // raw isl: a parameter projected out by name (not in cpp.h 0.25)
        free = isl::manage(isl_set_project_out_param_id(free.release(), id.copy()));
    try {
        return Result{ScheduleTree::build(root), free};
    } catch (const std::logic_error &) {
        return std::nullopt; // a tree ScheduleTree does not build: isl gets it as it is
    } catch (const std::runtime_error &) {
        return std::nullopt;
    }
}

} // namespace se
