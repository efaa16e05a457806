// SPDX-License-Identifier: MIT
#include "AstTranslator.h"

#include "LoopHeaderReader.h"
#include "StatementRewriter.h"

#include <isl/ast.h>
#include <isl/val.h>

#include <stdexcept>

namespace se {

namespace {

std::string child(const std::string &path, const std::string &step)
{
    return path + " > " + step;
}

} // namespace

AstTranslator::AstTranslator(const Kernel &kernel, std::string file)
    : m_kernel(kernel),
      m_reader(std::set<std::string>(kernel.rankParams.begin(), kernel.rankParams.end()), std::move(file))
{
}

std::vector<GenNode> AstTranslator::translate(const isl::ast_node_list &items)
{
    m_nextId = 0;
    const int n = static_cast<int>(items.size());
    if (n == 1)
        return node(items.at(0), CaseSet::always(), "AST");
    // Named as the items of one block would be.
    std::vector<GenNode> out;
    for (int k = 0; k < n; ++k) {
        auto part = node(items.at(k), CaseSet::always(), child("AST", "block[" + std::to_string(k) + "]"));
        std::move(part.begin(), part.end(), std::back_inserter(out));
    }
    return out;
}

std::vector<GenNode> AstTranslator::node(const isl::ast_node &n, const CaseSet &guard, const std::string &path)
{
    return node(path, [&] { return nodeUnchecked(n, guard, path); });
}

template <typename F> std::vector<GenNode> AstTranslator::node(const std::string &path, F &&f)
{
    // Checked 64-bit arithmetic (a huge coefficient times a shift) throws a
    // bare overflow_error: said here, with the schedule file and the
    // deepest node it happened in.
    try {
        return f();
    } catch (const std::overflow_error &) {
        m_reader.fail(path,
                      "integer overflow: a coefficient or bound of the regenerated nest does not fit "
                      "in 64 bits (the kernel format's integers)");
    }
}

std::vector<GenNode> AstTranslator::nodeUnchecked(const isl::ast_node &n, const CaseSet &guard, const std::string &path)
{
    std::vector<GenNode> out;
    if (guard.isNever())
        return out; // nothing under it can run
    // raw isl: one switch over the node type; cpp.h has only isa<> per class
    switch (isl_ast_node_get_type(n.get())) {
    case isl_ast_node_for: return forNode(n.as<isl::ast_node_for>(), guard, path);
    case isl_ast_node_block: {
        const isl::ast_node_list children = n.as<isl::ast_node_block>().children();
        for (int k = 0; k < static_cast<int>(children.size()); ++k) {
            auto items = node(children.at(k), guard, child(path, "block[" + std::to_string(k) + "]"));
            std::move(items.begin(), items.end(), std::back_inserter(out));
        }
        return out;
    }
    case isl_ast_node_mark: {
        const auto m = n.as<isl::ast_node_mark>();
        const std::string name = m.id().name();
        out = node(m.node(), guard, child(path, "mark " + name));
        for (auto &item : out)
            item.marks().insert(item.marks().begin(), name);
        return out;
    }
    case isl_ast_node_if: {
        const auto i = n.as<isl::ast_node_if>();
        const CaseSet c = m_reader.condition(i.cond(), child(path, "if"));
        out = node(i.then_node(), guard.conjoin(c), child(path, "if"));
        if (i.has_else_node()) {
            auto items = node(i.else_node(), guard.conjoin(c.negate()), child(path, "else"));
            std::move(items.begin(), items.end(), std::back_inserter(out));
        }
        return out;
    }
    case isl_ast_node_user: {
        const isl::ast_expr call = n.as<isl::ast_node_user>().expr();
        const std::string p = child(path, "user " + AstExprReader::text(call));
        return node(p, [&] {
            for (auto &s : StatementRewriter(m_kernel, m_reader).rewrite(call, guard, p, m_nextId))
                out.push_back(GenNode{std::move(s)});
            return out;
        });
    }
    default: m_reader.fail(path, "an AST node of a kind this translation does not know");
    }
}

std::vector<GenNode> AstTranslator::forNode(const isl::ast_node_for &n, const CaseSet &guard, const std::string &path)
{
    const isl::ast_expr it = n.iterator();
    const std::string iterator = it.as<isl::ast_expr_id>().id().name();
    const std::string p = child(path, "for " + iterator);
    std::vector<GenNode> out;
    // A degenerate loop runs once, at init: read it as `c <= init`, step 1,
    // whatever isl keeps as its cond and inc.
    const bool once = n.is_degenerate();
    const isl::ast_expr init = n.init();
    const isl::ast_expr cond = once ? isl::manage(isl_ast_expr_le(it.copy(), init.copy())) : n.cond();
    const isl::ast_expr inc = once ? isl::manage(isl_ast_expr_from_val(isl::val::one(it.ctx()).release())) : n.inc();
    for (const auto &v : LoopHeaderReader(m_reader).read(iterator, init, cond, inc, p)) {
        CaseSet inner = guard.conjoin(v.when);
        for (const auto &c : v.bodyGuard)
            inner = inner.conjoin(CaseSet::of(c));
        GenLoop loop;
        loop.iterator = iterator;
        loop.lb = v.lb;
        loop.ub = v.ub;
        loop.stride = v.stride;
        loop.body = node(n.body(), inner, p);
        if (!loop.body.empty()) // a variant whose guard never holds runs nothing
            out.push_back(GenNode{std::move(loop)});
    }
    return out;
}

} // namespace se
