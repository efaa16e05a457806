// SPDX-License-Identifier: MIT
#include "AstNodes.h"

#include <isl/ast.h>

// raw isl begin: the node constructors libisl 0.25 exports without a public declaration (AstNodes.h)
extern "C" {
__isl_give isl_ast_node *isl_ast_node_alloc_if(__isl_take isl_ast_expr *guard);
__isl_give isl_ast_node *isl_ast_node_if_set_then(__isl_take isl_ast_node *node, __isl_take isl_ast_node *child);
__isl_give isl_ast_node *isl_ast_node_alloc_block(__isl_take isl_ast_node_list *list);
__isl_give isl_ast_node *isl_ast_node_dup(__isl_keep isl_ast_node *node);
__isl_give isl_ast_node *isl_ast_node_for_set_body(__isl_take isl_ast_node *node, __isl_take isl_ast_node *body);
__isl_give isl_ast_node *isl_ast_node_alloc_mark(__isl_take isl_id *id, __isl_take isl_ast_node *node);
}

namespace se {

isl::ast_node AstNodes::user(const isl::ast_expr &call)
{
    return isl::manage(isl_ast_node_alloc_user(call.copy()));
}

isl::ast_node AstNodes::ifThen(const isl::ast_expr &cond, const isl::ast_node &then)
{
    return isl::manage(isl_ast_node_if_set_then(isl_ast_node_alloc_if(cond.copy()), then.copy()));
}

isl::ast_node AstNodes::block(isl::ctx ctx, const std::vector<isl::ast_node> &items)
{
    if (items.size() == 1)
        return items.front();
    isl_ast_node_list *list = isl_ast_node_list_alloc(ctx.get(), static_cast<int>(items.size()));
    for (const auto &n : items)
        list = isl_ast_node_list_add(list, n.copy());
    return isl::manage(isl_ast_node_alloc_block(list));
}

isl::ast_node AstNodes::withBody(const isl::ast_node &n, const isl::ast_node &body)
{
    isl_ast_node *d = isl_ast_node_dup(n.get());
    if (isl_ast_node_get_type(n.get()) == isl_ast_node_for)
        return isl::manage(isl_ast_node_for_set_body(d, body.copy()));
    return isl::manage(isl_ast_node_if_set_then(d, body.copy()));
}

isl::ast_expr AstNodes::retargeted(const isl::ast_expr &call, const isl::id &id)
{
    return isl::manage(isl_ast_expr_set_op_arg(call.copy(), 0, isl_ast_expr_from_id(id.copy())));
}

namespace {

isl::ast_node marked(const isl::id &id, const isl::ast_node &n)
{
    return isl::manage(isl_ast_node_alloc_mark(id.copy(), n.copy()));
}

} // namespace

std::optional<isl::id> AstNodes::called(const isl::ast_expr &e)
{
    if (isl_ast_expr_get_type(e.get()) != isl_ast_expr_op || isl_ast_expr_get_op_type(e.get()) != isl_ast_expr_op_call)
        return std::nullopt;
    // raw isl end
    const isl::ast_expr f = e.as<isl::ast_expr_op>().arg(0);
    if (!f.isa<isl::ast_expr_id>())
        return std::nullopt;
    return f.as<isl::ast_expr_id>().id();
}

std::optional<isl::ast_expr> AstNodes::renamedCall(const isl::ast_expr &e, const std::map<std::string, isl::id> &names)
{
    const std::optional<isl::id> from = called(e);
    const auto to = from ? names.find(from->name()) : names.end();
    if (to == names.end())
        return std::nullopt;
    return retargeted(e, to->second);
}

bool AstNodes::alwaysTrue(const isl::ast_expr &e)
{
    return e.isa<isl::ast_expr_int>() && e.as<isl::ast_expr_int>().val().is_one();
}

std::vector<isl::ast_node> AstNodes::flattened(const std::vector<isl::ast_node> &nodes)
{
    std::vector<isl::ast_node> out;
    for (const auto &n : nodes) {
        if (!n.isa<isl::ast_node_block>()) {
            out.push_back(n);
            continue;
        }
        const isl::ast_node_list c = n.as<isl::ast_node_block>().children();
        for (int k = 0; k < static_cast<int>(c.size()); ++k)
            out.push_back(c.at(k));
    }
    return out;
}

isl::ast_node AstNodes::spliced(const isl::ast_node &n)
{
    if (n.isa<isl::ast_node_block>()) {
        const isl::ast_node_list c = n.as<isl::ast_node_block>().children();
        std::vector<isl::ast_node> items;
        bool changed = false;
        for (int k = 0; k < static_cast<int>(c.size()); ++k) {
            const isl::ast_node item = spliced(c.at(k));
            changed = changed || item.get() != c.at(k).get() || item.isa<isl::ast_node_block>();
            items.push_back(item);
        }
        return changed ? block(n.ctx(), flattened(items)) : n;
    }
    if (n.isa<isl::ast_node_for>()) {
        const isl::ast_node body = n.as<isl::ast_node_for>().body();
        const isl::ast_node b = spliced(body);
        return b.get() != body.get() ? withBody(n, b) : n;
    }
    if (n.isa<isl::ast_node_if>() && !n.as<isl::ast_node_if>().has_else_node()) {
        const isl::ast_node then = n.as<isl::ast_node_if>().then_node();
        const isl::ast_node t = spliced(then);
        return t.get() != then.get() ? withBody(n, t) : n;
    }
    if (n.isa<isl::ast_node_mark>()) {
        const isl::ast_node inner = n.as<isl::ast_node_mark>().node();
        const isl::ast_node m = spliced(inner);
        return m.get() != inner.get() ? marked(n.as<isl::ast_node_mark>().id(), m) : n;
    }
    return n;
}

std::optional<isl::ast_node> AstNodes::withCalls(const isl::ast_node &n, const CallMap &call)
{
    if (n.isa<isl::ast_node_user>())
        return call(n);
    if (n.isa<isl::ast_node_for>()) {
        const std::optional<isl::ast_node> body = withCalls(n.as<isl::ast_node_for>().body(), call);
        return body ? std::optional<isl::ast_node>(withBody(n, *body)) : std::nullopt;
    }
    if (n.isa<isl::ast_node_if>()) {
        const auto i = n.as<isl::ast_node_if>();
        if (i.has_else_node())
            return std::nullopt;
        const std::optional<isl::ast_node> then = withCalls(i.then_node(), call);
        return then ? std::optional<isl::ast_node>(withBody(n, *then)) : std::nullopt;
    }
    if (n.isa<isl::ast_node_block>()) {
        const isl::ast_node_list c = n.as<isl::ast_node_block>().children();
        std::vector<isl::ast_node> items;
        for (int k = 0; k < static_cast<int>(c.size()); ++k) {
            std::optional<isl::ast_node> r = withCalls(c.at(k), call);
            if (!r)
                return std::nullopt;
            items.push_back(*r);
        }
        return block(n.ctx(), items);
    }
    return std::nullopt;
}

} // namespace se
