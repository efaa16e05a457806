// SPDX-License-Identifier: MIT
#include "AstSequenceSplit.h"

#include "AstMemo.h"
#include "AstNodes.h"
#include "TreeShape.h"
#include "core/schedule/ScheduleTree.h"

#include <isl/ast.h>

#include <map>
#include <unordered_map>

namespace se {

namespace {

void append(isl::ast_node_list &items, const isl::ast_node &ast)
{
    if (!ast.isa<isl::ast_node_block>()) {
        items = items.add(ast);
        return;
    }
    const isl::ast_node_list inner = ast.as<isl::ast_node_block>().children();
    for (int k = 0; k < static_cast<int>(inner.size()); ++k)
        items = items.add(inner.at(k));
}

// `ast`, made for a tree of `from`'s shape, with each call of `from`'s k-th
// statement calling `to`'s k-th; none when it cannot be rewritten.
std::optional<isl::ast_node> renamed(const isl::ast_node &ast, const TreeShape &from, const TreeShape &to)
{
    std::map<std::string, isl::id> names;
    for (std::size_t k = 0; k < from.ids.size() && k < to.ids.size(); ++k)
        names.emplace(from.ids[k].name(), to.ids[k]);
    return AstNodes::withCalls(ast, [&](const isl::ast_node &call) -> std::optional<isl::ast_node> {
        const std::optional<isl::ast_expr> e = AstNodes::renamedCall(call.as<isl::ast_node_user>().expr(), names);
        return e ? std::optional<isl::ast_node>(AstNodes::user(*e)) : std::nullopt;
    });
}

} // namespace

std::optional<isl::ast_node_list> AstSequenceSplit::build(const isl::schedule &tree, const std::string &stage,
                                                          AstMemo *memo, const BuildChild &buildChild)
{
    const isl::schedule_node root = tree.root();
    if (root.n_children() != 1)
        return {};
    const isl::schedule_node top = root.child(0);
    if ((!top.isa<isl::schedule_node_sequence>() && !top.isa<isl::schedule_node_set>())
        || !ScheduleTree::readable(tree))
        return {};
    const TreeNode whole = ScheduleTree::read(tree);
    const TreeNode &sequence = whole.children.front();
    if (memo)
        memo->begin(whole.set);
    isl::ast_node_list items(tree.ctx(), static_cast<int>(sequence.children.size()));
    // The nests made in this build by shape: a child alike an earlier one but
    // for its statements takes that one's nest, renamed (every nest's order
    // is checked after, NestOrderCheck).
    std::unordered_map<std::string, std::pair<TreeShape, isl::ast_node>> made;
    for (const TreeNode &child : sequence.children) {
        if (const isl::ast_node *known = memo ? memo->find(stage, child) : nullptr) {
            append(items, *known);
            continue;
        }
        TreeNode domain;
        domain.kind = TreeNode::Kind::Domain;
        // { S[i] } of the child's statements: the filter first, so the
        // intersection walks its few sets, not the whole domain's.
        domain.set = child.set.intersect(whole.set);
        if (domain.set.is_empty())
            continue; // isl skips a child that runs nothing
        domain.children.push_back(child);
        const std::optional<TreeShape> shape = TreeShape::of(domain);
        std::optional<isl::ast_node> ast;
        if (shape)
            if (const auto alike = made.find(shape->text); alike != made.end())
                ast = renamed(alike->second.second, alike->second.first, *shape);
        if (!ast) {
            ast = buildChild(ScheduleTree::build(domain));
            if (!ast)
                return {};
            if (shape)
                made.emplace(shape->text, std::make_pair(*shape, *ast));
        }
        if (memo)
            memo->store(stage, child, *ast);
        append(items, *ast);
    }
    if (memo)
        memo->finish();
    return items;
}

} // namespace se
