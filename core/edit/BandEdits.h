// SPDX-License-Identifier: MIT
#pragma once

#include "Edit.h"
#include "core/schedule/ScheduleTree.h"

namespace se {

/// Edits of band nodes, applied to an editable tree in place. Each checks
/// every precondition (node kind, member indices, argument values,
/// expressions) and throws TreeError before it computes anything.
class BandEdits {
public:
    /// Applies `e` (a band kind) to the tree rooted at `root`.
    static void apply(const Edit &e, TreeNode &root);
    /// Applies `e` to `band`, the node at e.node (TreeError when it is not a
    /// band with members).
    static void applyAt(const Edit &e, TreeNode &band);
    /// Whether `kind` changes only the band node itself, leaving the nodes
    /// below as they are (not interchange, tile, split or merge): such an
    /// edit can rewrite the band in isl's tree where it stands.
    static bool changesOnlyTheBand(EditKind kind);
    /// Whether `kind` is an edit of a band node: it changes nothing outside
    /// the band's subtree.
    static bool isBandEdit(EditKind kind);

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
