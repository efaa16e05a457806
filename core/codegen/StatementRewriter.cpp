// SPDX-License-Identifier: MIT
#include "StatementRewriter.h"

#include "LinearForm.h"

#include <isl/ast.h>

#include <functional>
#include <map>

namespace se {

namespace {

std::vector<Access> substitute(const std::vector<Access> &list, const std::function<ExprPtr(const std::string &)> &map)
{
    std::vector<Access> out;
    for (const auto &a : list) {
        Access r{a.tensor, {}};
        for (const auto &e : a.index)
            r.index.push_back(LinearForm::simplify(e->substitute(map)));
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

std::vector<GenStatement> StatementRewriter::rewrite(const isl::ast_expr &call, const CaseSet &guard,
                                                     const std::string &place, std::int64_t &nextId) const
{
    const std::string text = AstExprReader::text(call);
    if (!call.isa<isl::ast_expr_op>() || !call.as<isl::ast_expr_op>().isa<isl::ast_expr_op_call>())
        m_reader.fail(place, "the statement `" + text + "` is not a call s<id>(...)");
    const auto op = call.as<isl::ast_expr_op>();
    const isl::ast_expr fn = op.arg(0);
    if (!fn.isa<isl::ast_expr_id>())
        m_reader.fail(place, "the statement `" + text + "` does not name a statement");
    const std::string name = fn.as<isl::ast_expr_id>().id().name();
    const StatementPlace *sp = m_kernel.place(name);
    if (!sp)
        m_reader.fail(place, "the statement `" + text + "` calls " + name + ", which is not a statement of the kernel");
    const Statement &st = *sp->statement;
    const auto nargs = static_cast<std::size_t>(op.n_arg()) - 1;
    if (nargs != st.iterators.size())
        m_reader.fail(place,
                      "the statement `" + text + "` gives " + std::to_string(nargs) + " iterator values; " + name
                          + " has " + std::to_string(st.iterators.size()));

    // Every combination of argument pieces, under the guard.
    struct Partial {
        CaseSet when;
        std::vector<ExprPtr> values;
    };
    std::vector<Partial> combos{{guard, {}}};
    for (std::size_t k = 0; k < nargs; ++k) {
        const Pieces ps = m_reader.pieces(op.arg(static_cast<int>(k) + 1), place + " > " + st.iterators[k]);
        std::vector<Partial> next;
        for (const auto &c : combos)
            for (const auto &p : ps) {
                CaseSet w = c.when.conjoin(p.when);
                if (w.isNever())
                    continue;
                auto v = c.values;
                v.push_back(p.value);
                next.push_back({std::move(w), std::move(v)});
            }
        combos = std::move(next);
    }

    std::vector<GenStatement> out;
    for (const auto &c : combos) {
        std::map<std::string, ExprPtr> origin;
        for (std::size_t k = 0; k < nargs; ++k)
            origin[st.iterators[k]] = c.values[k];
        const auto map = [&](const std::string &n) -> ExprPtr {
            auto it = origin.find(n);
            return it == origin.end() ? nullptr : it->second;
        };
        for (const auto &predicates : c.when.cases()) {
            GenStatement g;
            g.id = nextId++;
            g.originId = st.id;
            for (std::size_t k = 0; k < nargs; ++k)
                g.originIterators.emplace_back(st.iterators[k], c.values[k]);
            g.op = st.op;
            g.text = st.text;
            g.writes = substitute(st.writes, map);
            g.reads = substitute(st.reads, map);
            g.predicates = predicates;
            out.push_back(std::move(g));
        }
    }
    return out;
}

} // namespace se
