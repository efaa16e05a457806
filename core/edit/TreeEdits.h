// SPDX-License-Identifier: MIT
#pragma once

#include "Edit.h"
#include "core/schedule/ScheduleTree.h"

namespace se {

/// Edits of the tree's shape: sequence and set children (move, fuse,
/// distribute, sequence <-> set) and marks. Applied in place; every check
/// comes before any change.
class TreeEdits {
public:
    static void apply(const Edit &e, TreeNode &root);

    /// Where `distribute` at `band` puts the new children: the sequence or
    /// set they are spliced into and the index of the first, or (band's
    /// path, 0) when the band is replaced by a new sequence. Requires the
    /// band to be distributable.
    static std::pair<NodePath, int> distributeTarget(const TreeNode &root, const NodePath &band);
    /// Letters, digits and '_', starting with a letter or '_' (at most 128).
    static bool validMarkName(const std::string &name);

private:
    static void move(const Edit &e, TreeNode &parent);
    static void fuse(const Edit &e, TreeNode &root);
    static void distribute(const Edit &e, TreeNode &root);
    static void insertMark(const Edit &e, TreeNode &root);
};

} // namespace se
