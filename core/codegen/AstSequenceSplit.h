// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <optional>
#include <string>

namespace se {

class AstMemo;

/// isl generates the children of a sequence (or set) node at the root of a
/// tree one after the other, each over its filter's instances, and puts
/// their nests one after the other (isl_ast_codegen.c,
/// build_ast_from_sequence): the nest of such a tree is the nests of its
/// children's own trees, in order. Built that way, a child an edit did not
/// change is taken from an AstMemo instead of being generated again.
class AstSequenceSplit {
public:
    /// Makes the nest of one child's tree (a domain node over the child's
    /// instances, then the child's filter and subtree); nothing when it
    /// cannot, and the tree is then generated whole.
    using BuildChild = std::function<std::optional<isl::ast_node>(const isl::schedule &child)>;

    /// The items of `tree`'s nest: each child's nest in order, a block's
    /// items spliced in. Nothing when the root's child is not a sequence or
    /// set, a node is of a kind ScheduleTree does not read, or `build`
    /// makes nothing for some child. `stage` names what `build` does to a
    /// child's tree: the memo keeps the nests of each stage apart.
    static std::optional<isl::ast_node_list> build(const isl::schedule &tree, const std::string &stage, AstMemo *memo,
                                                   const BuildChild &build);
};

} // namespace se
