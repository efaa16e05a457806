// SPDX-License-Identifier: MIT
#pragma once

#include "Edit.h"
#include "ScheduleTree.h"

namespace se {

/// Edits of band nodes, applied to an editable tree in place. Each checks
/// every precondition (node kind, member indices, argument values,
/// expressions) and throws EditError before it computes anything.
class BandEdits {
public:
    /// Applies `e` (a band kind) to the tree rooted at `root`.
    static void apply(const Edit &e, TreeNode &root);

private:
    static void permute(const Edit &e, TreeNode &b);
    static void interchange(const Edit &e, TreeNode &b);
    static void tile(const Edit &e, TreeNode &b);
    static void split(const Edit &e, TreeNode &b);
    static void merge(const Edit &e, TreeNode &b);
    static void shift(const Edit &e, TreeNode &b);
    static void skew(const Edit &e, TreeNode &b);
    static void memberExpr(const Edit &e, TreeNode &b);
};

} // namespace se
