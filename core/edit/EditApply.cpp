// SPDX-License-Identifier: MIT
// Edit::apply: read the tree, change it, build it again.
#include "BandEdits.h"
#include "EditError.h"
#include "ScheduleTree.h"
#include "TreeEdits.h"

#include <isl/schedule.h>

namespace se {

namespace {

bool isBandKind(EditKind k)
{
    switch (k) {
    case EditKind::Permute:
    case EditKind::Interchange:
    case EditKind::Tile:
    case EditKind::Split:
    case EditKind::Merge:
    case EditKind::Reverse:
    case EditKind::Shift:
    case EditKind::Skew:
    case EditKind::Scale:
    case EditKind::SetPermutable:
    case EditKind::SetCoincident:
    case EditKind::MemberExpr: return true;
    default: return false;
    }
}

} // namespace

isl::schedule Edit::apply(const isl::schedule &schedule) const
{
    if (node.size() > 4096)
        throw EditError({}, std::string(editKindName(kind)) + ": the node path is too long");
    try {
        TreeNode root = ScheduleTree::read(schedule);
        if (isBandKind(kind))
            BandEdits::apply(*this, root);
        else
            TreeEdits::apply(*this, root);
        isl::schedule out = ScheduleTree::build(root);
        // An edit reorders instances; it never drops or adds one. Band edits
        // leave every filter as it was (and computing the flat map of a
        // 400-statement tree is most of an edit's time): only tree edits
        // are checked.
        if (!isBandKind(kind) && !out.get_map().domain().is_equal(schedule.get_map().domain()))
            throw EditError(node,
                            std::string(editKindName(kind))
                                + ": the result would not schedule every "
                                  "instance exactly as before");
        return out;
    } catch (const InputError &) {
        throw;
    } catch (const isl::exception_quota &) {
        throw;
    } catch (const isl::exception_abort &) {
        throw;
    } catch (const std::exception &ex) {
        // A C call that returned null may have hit the quota or been stopped.
        const isl_error err = isl_ctx_last_error(schedule.ctx().get()); // raw isl: cpp.h keeps the error code private
        if (err == isl_error_quota)
            throw ResourceLimitError(std::string("applying ") + editKindName(kind)
                                     + ": stopped at the isl operation limit");
        if (err == isl_error_abort)
            throw CancelledError();
        throw EditError(node, std::string(editKindName(kind)) + ": isl could not apply it here: " + ex.what());
    }
}

} // namespace se
