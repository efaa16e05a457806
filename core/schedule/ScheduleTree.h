// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

/// A schedule tree as an editable value: isl's trees can only be changed
/// through a few node operations (no permute, no regrouping of children),
/// so edits read the tree into this form, change it, and build a new isl
/// tree from it. Node numbering is isl's: leaves are explicit children, the
/// children of a sequence or set are filters.
struct TreeNode {
    enum class Kind { Domain, Band, Sequence, Set, Filter, Mark, Leaf };

    Kind kind = Kind::Leaf;
    isl::union_set set; ///< Domain: the domain; Filter: the filter
    /// Band: { s0[t, i] -> [t, i]; ... } one union_pw_aff per member
    isl::multi_union_pw_aff band;
    bool permutable = false;
    std::vector<bool> coincident; ///< one per member
    std::vector<int> loopTypes; ///< isl_ast_loop_type per member
    isl::union_set options; ///< AST build options, or null
    std::string mark;
    /// Instances that reach the node, as read from isl (null for nodes an
    /// edit made).
    isl::union_set reach;
    std::vector<TreeNode> children;

    TreeNode() = default;
    // isl's C++ objects throw when a null one is copied: these copy and
    // move the null members as null.
    TreeNode(const TreeNode &other);
    TreeNode(TreeNode &&other) noexcept;
    TreeNode &operator=(const TreeNode &other);
    TreeNode &operator=(TreeNode &&other) noexcept;

    unsigned members() const { return static_cast<unsigned>(coincident.size()); }
    bool isBand() const { return kind == Kind::Band; }
    bool hasChildren() const { return kind == Kind::Sequence || kind == Kind::Set; }

    static TreeNode leaf() { return TreeNode{}; }
    static TreeNode filter(isl::union_set f, TreeNode child);
    /// Band over `child` with every flag off.
    static TreeNode bandOf(isl::multi_union_pw_aff mupa, TreeNode child);
};

const char *treeKindName(TreeNode::Kind kind);

class ScheduleTree {
public:
    /// Reads an isl schedule (domain, band, sequence, set, filter, mark and
    /// leaf nodes; others are refused with a TreeError).
    static TreeNode read(const isl::schedule &schedule);
    /// Builds the isl schedule of a tree whose root is a domain node.
    static isl::schedule build(const TreeNode &root);

    /// True when `read` takes every node of the schedule (no context,
    /// guard, extension or expansion node).
    static bool readable(const isl::schedule &schedule);
    /// One band node without the nodes below it (its `reach` included).
    static TreeNode readBand(const isl::schedule_node &band);
    /// The tree with the band at `band` replaced by `with` (its partial
    /// schedule and flags; its children are not looked at): the nodes
    /// around it are kept as they are, not read and built again.
    static isl::schedule replaceBand(const isl::schedule_node &band, const TreeNode &with);
    /// The node and everything below it, as `read` reads a whole tree;
    /// without `reach` when not asked (isl walks the ancestors' filters
    /// for each node's).
    static TreeNode readSubtree(const isl::schedule_node &node, bool reach = true);
    /// The tree with the subtree at `node` replaced by `with` (cut, then
    /// built where it stood): the nodes around it kept as they are.
    static isl::schedule replaceSubtree(const isl::schedule_node &node, const TreeNode &with);

    /// True when the two subtrees are written alike, node by node (isl's
    /// plain equality of sets and partial schedules; `reach` is not looked
    /// at): isl makes the same nest of both.
    static bool plainlyEqual(const TreeNode &a, const TreeNode &b);

    /// The node at `path`, or a TreeError naming the edit and the first
    /// step that does not exist.
    static TreeNode &at(TreeNode &root, const NodePath &path, const char *edit);
    static const TreeNode *find(const TreeNode &root, const NodePath &path);

    /// Member `k` of a band: { s[..] -> [e] } as a union_pw_aff.
    static isl::union_pw_aff member(const TreeNode &band, unsigned k);
    /// A band's partial schedule from one union_pw_aff per member (at least one).
    static isl::multi_union_pw_aff fromMembers(const std::vector<isl::union_pw_aff> &members);
    static std::vector<isl::union_pw_aff> members(const TreeNode &band);
};

} // namespace se
