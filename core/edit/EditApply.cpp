// SPDX-License-Identifier: MIT
// Edit::apply: a band edit rewrites the band (or its subtree) where it
// stands; any other reads the tree, changes it and builds it again.
#include "BandEdits.h"
#include "core/schedule/TreeError.h"
#include "core/schedule/ScheduleTree.h"
#include "TreeEdits.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/NestingLimit.h"

#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include <algorithm>
#include <optional>

namespace se {

namespace {

// The instances of a tree that reach a leaf, one set per leaf: the domain
// narrowed by each filter on the way down. What the flat schedule's domain
// would be, without computing the flat schedule (that was most of a tree
// edit's time on a 400-statement tree).
void collectLeafInstances(const TreeNode &n, const isl::union_set *reach, std::vector<isl::union_set> &out)
{
    // (cpp.h throws on copying a null object: the domain node starts the walk)
    const isl::union_set here = n.kind == TreeNode::Kind::Domain ? n.set
        : n.kind == TreeNode::Kind::Filter ? n.set.intersect(*reach) // isl walks the (small) filter
                                           : *reach;
    if (n.children.empty()) {
        out.push_back(here);
        return;
    }
    for (const TreeNode &c : n.children)
        collectLeafInstances(c, &here, out);
}

// An edit that adds a node deepens the tree below it: a tree deeper than
// a schedule file may be (the readers' limit) is refused, as it could not
// be read back and the walks over it recurse.
isl::schedule checkedDepth(const Edit &e, const isl::schedule &out)
{
    unsigned deepest = 0;
    out.root().foreach_descendant_top_down([&](const isl::schedule_node &n) {
        deepest = std::max(deepest, n.tree_depth());
        return true;
    });
    if (deepest > static_cast<unsigned>(NestingLimit::IslText))
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": the result would have "
                            + NestingLimit::fault(NestingLimit::IslText, "schedule tree nodes"));
    return out;
}

isl::union_set leafInstances(const TreeNode &root, isl::ctx ctx)
{
    std::vector<isl::union_set> parts;
    collectLeafInstances(root, nullptr, parts);
    isl::union_set all = isl::union_set::empty(ctx);
    for (const auto &p : parts)
        islutil::addTo(all, p);
    return all;
}

// Runs an edit: isl quota and abort pass through (as ResourceLimitError and
// CancelledError when a C call returned null), any other failure is the
// edit's TreeError.
template <typename F> isl::schedule applyGuarded(const Edit &e, isl::ctx ctx, F &&body)
{
    try {
        return body();
    } catch (const InputError &) {
        throw;
    } catch (const isl::exception_quota &) {
        throw;
    } catch (const isl::exception_abort &) {
        throw;
    } catch (const std::exception &ex) {
        // A C call that returned null may have hit the quota or been stopped.
        const isl_error err = isl_ctx_last_error(ctx.get()); // raw isl: cpp.h keeps the error code private
        if (err == isl_error_quota)
            throw ResourceLimitError(std::string("applying ") + editKindName(e.kind)
                                     + ": stopped at the isl operation limit");
        if (err == isl_error_abort)
            throw CancelledError();
        throw TreeError(e.node, std::string(editKindName(e.kind)) + ": isl could not apply it here: " + ex.what());
    }
}

} // namespace

namespace {

// The band edit rewritten where the band stands in isl's tree: nothing else
// is read or built again (reading and building a whole 400-statement tree
// per edit made every edit slow); an edit that reshapes the band
// (interchange, tile, split, merge) reads and builds the band's subtree
// only. Empty when the edit is not of that kind or the path does not lead
// to a band: the whole-tree path then applies it, or says why not.
std::optional<isl::schedule> applyToBandInPlace(const Edit &e, const isl::schedule &schedule)
{
    if (!BandEdits::isBandEdit(e.kind) || !ScheduleTree::readable(schedule))
        return std::nullopt;
    const isl::schedule_node n = ScheduleTreeWalk::at(schedule, e.node);
    if (n.is_null() || !n.isa<isl::schedule_node_band>())
        return std::nullopt;
    if (BandEdits::changesOnlyTheBand(e.kind)) {
        TreeNode band = ScheduleTree::readBand(n);
        BandEdits::applyAt(e, band);
        return ScheduleTree::replaceBand(n, band);
    }
    // Interchange, tile, split, merge: the band and what is below it, with
    // the band's reach only (they read no other; every filter's below a
    // 400-statement band weighed on a tile's replay).
    TreeNode subtree = ScheduleTree::readSubtree(n, false);
    subtree.reach = isl::manage(isl_schedule_node_get_domain(n.get())); // raw isl: C-only in cpp.h 0.25
    BandEdits::applyAt(e, subtree);
    return ScheduleTree::replaceSubtree(n, subtree);
}

} // namespace

isl::schedule Edit::apply(const isl::schedule &schedule) const
{
    if (node.size() > 4096)
        throw TreeError({}, std::string(editKindName(kind)) + ": the node path is too long");
    return applyGuarded(*this, schedule.ctx(), [&] {
        if (std::optional<isl::schedule> done = applyToBandInPlace(*this, schedule))
            return checkedDepth(*this, *done);
        return apply(ScheduleTree::read(schedule));
    });
}

isl::schedule Edit::apply(const TreeNode &tree) const
{
    if (node.size() > 4096)
        throw TreeError({}, std::string(editKindName(kind)) + ": the node path is too long");
    if (tree.kind != TreeNode::Kind::Domain || tree.set.is_null())
        throw TreeError({}, std::string(editKindName(kind)) + ": the tree has no domain");
    return applyGuarded(*this, tree.set.ctx(), [&] {
        TreeNode root = tree;
        if (BandEdits::isBandEdit(kind))
            BandEdits::apply(*this, root);
        else
            TreeEdits::apply(*this, root);
        isl::schedule out = ScheduleTree::build(root);
        // An edit reorders instances; it never drops or adds one. Band edits
        // leave every filter as it was: only tree edits are checked.
        if (!BandEdits::isBandEdit(kind) && !leafInstances(root, out.ctx()).is_equal(leafInstances(tree, out.ctx())))
            throw TreeError(node,
                            std::string(editKindName(kind))
                                + ": the result would not schedule every "
                                  "instance exactly as before");
        return checkedDepth(*this, out);
    });
}

} // namespace se
