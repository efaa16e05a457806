// SPDX-License-Identifier: MIT
#include "AstSequenceSplit.h"

#include "AstMemo.h"
#include "core/edit/ScheduleTree.h"

#include <isl/ast.h>

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
        const std::optional<isl::ast_node> made = buildChild(ScheduleTree::build(domain));
        if (!made)
            return {};
        if (memo)
            memo->store(stage, child, *made);
        append(items, *made);
    }
    if (memo)
        memo->finish();
    return items;
}

} // namespace se
