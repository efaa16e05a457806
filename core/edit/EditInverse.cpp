// SPDX-License-Identifier: MIT
// Edit::inverse: the edit that undoes one, read off the tree before it.
#include "BandEdits.h"
#include "ScheduleTree.h"
#include "TreeEdits.h"

#include <isl/schedule.h>

namespace se {

std::optional<Edit> Edit::inverse(const isl::schedule &before) const
{
    const TreeNode root = ScheduleTree::read(before);
    const TreeNode *t = ScheduleTree::find(root, node);
    if (!t)
        return std::nullopt;
    switch (kind) {
    case EditKind::Permute: {
        std::vector<int> inv(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            if (order[k] < 0 || static_cast<std::size_t>(order[k]) >= order.size())
                return std::nullopt;
            inv[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
        }
        return permute(node, inv);
    }
    case EditKind::Interchange: return interchange(node);
    case EditKind::Split: return merge(node);
    case EditKind::Merge:
        if (!t->isBand())
            return std::nullopt;
        return split(node, static_cast<int>(t->members()));
    case EditKind::Reverse: return reverse(node, member);
    case EditKind::Shift: {
        std::vector<std::pair<std::string, std::string>> neg;
        for (const auto &[s, e] : offsets)
            neg.emplace_back(s, "-(" + e + ")");
        return shift(node, member, neg);
    }
    case EditKind::Skew: return skew(node, member, source, -factor);
    case EditKind::SetPermutable:
        if (!t->isBand())
            return std::nullopt;
        return setPermutable(node, t->permutable);
    case EditKind::SetCoincident:
        if (!t->isBand() || member < 0 || static_cast<unsigned>(member) >= t->members())
            return std::nullopt;
        return setCoincident(node, member, t->coincident[static_cast<std::size_t>(member)]);
    case EditKind::Move: return move(node, to, child);
    case EditKind::Fuse: {
        if (t->children.size() > 2) {
            NodePath band = node;
            band.push_back(child);
            band.push_back(0);
            return distribute(band);
        }
        // The fused band took the sequence's place: distributing it gives
        // the sequence back unless it would splice into an outer one.
        const TreeNode after = ScheduleTree::read(apply(before));
        if (TreeEdits::distributeTarget(after, node).first != node)
            return std::nullopt;
        return distribute(node);
    }
    case EditKind::Distribute: {
        if (!t->isBand() || t->children.empty() || t->children.front().children.size() != 2)
            return std::nullopt;
        const auto [target, first] = TreeEdits::distributeTarget(root, node);
        return fuse(target, first);
    }
    case EditKind::ToSet: return toSequence(node);
    case EditKind::ToSequence: return toSet(node);
    case EditKind::InsertMark: return deleteMark(node);
    case EditKind::RenameMark:
        if (t->kind != TreeNode::Kind::Mark)
            return std::nullopt;
        return renameMark(node, t->mark);
    case EditKind::DeleteMark:
        if (t->kind != TreeNode::Kind::Mark)
            return std::nullopt;
        return insertMark(node, t->mark);
    case EditKind::MemberExpr: {
        const std::string old = BandEdits::memberText(*t, static_cast<unsigned>(member), statement);
        if (old.empty() || member < 0)
            return std::nullopt;
        return memberExpr(node, member, statement, old);
    }
    case EditKind::Tile:
    case EditKind::Scale: return std::nullopt;
    }
    return std::nullopt;
}

} // namespace se
