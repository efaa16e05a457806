// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace se {

/// isl AST nodes made outside isl's generator (GroupExpansion, GuardNest).
/// isl 0.25 has public constructors for user nodes only; the if, block and
/// copy constructors used here are the ones libisl 0.25 exports but
/// declares only in its private isl_ast_private.h (isl's generator makes
/// its nodes with them; a later isl made the block one public as
/// isl_ast_node_block_from_children). There is no else-branch setter.
class AstNodes {
public:
    static isl::ast_node user(const isl::ast_expr &call);
    static isl::ast_node ifThen(const isl::ast_expr &cond, const isl::ast_node &then);
    /// `items` as one node: the item itself when there is one.
    static isl::ast_node block(isl::ctx ctx, const std::vector<isl::ast_node> &items);
    /// `n` (a for node, or an if node without else) with its body replaced.
    static isl::ast_node withBody(const isl::ast_node &n, const isl::ast_node &body);
    /// `call` (a call expression) calling `id` instead.
    static isl::ast_expr retargeted(const isl::ast_expr &call, const isl::id &id);
    /// The function `e` calls, when `e` is a call of a named one.
    static std::optional<isl::id> called(const isl::ast_expr &e);
    /// `e` (a call) calling the statement `names` maps its callee's name to;
    /// none when it maps none.
    static std::optional<isl::ast_expr> renamedCall(const isl::ast_expr &e,
                                                    const std::map<std::string, isl::id> &names);
    /// True when `e` is the constant 1 (a guard that always holds).
    static bool alwaysTrue(const isl::ast_expr &e);
    /// A block's items spliced into the list (isl concatenates a sequence's
    /// children's items; its extend_body appends to a block).
    static std::vector<isl::ast_node> flattened(const std::vector<isl::ast_node> &nodes);
    /// `n` with every block inside a block spliced into it, as isl's
    /// generator joins its children's lists (a node made in create_leaf is
    /// one node, a block when it is several, which isl's C printer would
    /// put in braces). An if node with an else-branch is kept as it is.
    static isl::ast_node spliced(const isl::ast_node &n);
    /// `n` with each user node replaced by what `call` makes of it; none
    /// when `call` makes nothing for one, or `n` holds an else-branch or a
    /// mark (no setter for an else-branch; a mark may name a statement).
    using CallMap = std::function<std::optional<isl::ast_node>(const isl::ast_node &user)>;
    static std::optional<isl::ast_node> withCalls(const isl::ast_node &n, const CallMap &call);
};

} // namespace se
