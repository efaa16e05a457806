// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace se {

struct TreeNode;

/// A tree written without its statements' names: two trees of one shape
/// are the same tree but for which statements run where, so isl makes the
/// same nest of both but for the statements its calls name (a tile of a
/// pipelined band: tiled_matmul_64's 17 stages, 15 of them alike). Each
/// statement is written as its path through the tree (node kinds, child
/// positions, band widths) and its times with its domain, the statement
/// unnamed; the shape is those forms sorted, and names the statements in
/// that order.
struct TreeShape {
    std::string text;
    std::vector<isl::id> ids; ///< the statements, in the order `text` writes them

    /// The shape of `root` (a domain node and its tree); none when a node
    /// is of a kind isl makes more of than loops and calls (a mark, AST
    /// options) or two statements have one form (no order to match them
    /// by). A band member that is one integer per statement is written as
    /// its values' ranks: trees alike but for those constants are alike.
    static std::optional<TreeShape> of(const TreeNode &root);

    /// `times` with each dimension that is a constant per statement (a
    /// band member StatementGrouping split off, a sequence's position)
    /// numbered from 0 in the same order: a tree's times keep their order,
    /// and trees alike but for those constants are alike (isl's nest does
    /// not show such a dimension: no loop, no guard, no call uses it).
    /// `parsed` keeps the renumbering maps by text between calls.
    static isl::union_map renumbered(const isl::union_map &times, std::unordered_map<std::string, isl::map> &parsed);
};

} // namespace se
