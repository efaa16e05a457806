// SPDX-License-Identifier: MIT
#include "LoopHeaderReader.h"

#include "LinearForm.h"

#include <isl/ast.h>

namespace se {

namespace {

bool isOp(const isl::ast_expr &e, isl_ast_expr_op_type t)
{
    // raw isl: the operator type as an enum value; cpp.h has only isa<> per operator class
    return e.isa<isl::ast_expr_op>() && isl_ast_expr_op_get_type(e.get()) == t;
}

// The arguments of a top-level `kind`, or the expression itself.
std::vector<ExprPtr> members(const ExprPtr &e, ExprKind kind)
{
    if (e->kind() == kind)
        return e->args();
    return {e};
}

} // namespace

void LoopHeaderReader::checkFree(const std::string &iterator, const ExprPtr &e, const isl::ast_expr &where,
                                 const std::string &place) const
{
    std::set<std::string> names;
    e->collectNames(names);
    if (names.count(iterator))
        m_reader.fail(place,
                      "the loop bound `" + AstExprReader::text(where) + "` depends on its own iterator " + iterator);
}

std::int64_t LoopHeaderReader::stride(const isl::ast_expr &inc, const std::string &place) const
{
    const Pieces p = m_reader.pieces(inc, place + " > inc");
    const auto v = p.size() == 1 && p.front().when.isAlways() ? p.front().value->constantValue() : std::nullopt;
    if (!v || *v <= 0)
        m_reader.fail(place + " > inc",
                      "the loop increment `" + AstExprReader::text(inc) + "` is not a positive integer");
    return *v;
}

std::vector<std::pair<CaseSet, std::vector<ExprPtr>>> LoopHeaderReader::lowerBounds(const std::string &iterator,
                                                                                    const isl::ast_expr &init,
                                                                                    bool strided,
                                                                                    const std::string &place) const
{
    const std::string where = place + " > init";
    std::vector<std::pair<CaseSet, std::vector<ExprPtr>>> out;
    if (!strided) {
        for (const auto &p : m_reader.pieces(init, where, AstExprReader::Mode::Bound)) {
            checkFree(iterator, p.value, init, where);
            out.emplace_back(p.when, members(p.value, ExprKind::Max));
        }
        return out;
    }
    // A strided loop's lower bounds may hold no min/max: read each member
    // of a top-level max on its own, splitting any deeper min/max.
    std::vector<isl::ast_expr> args{init};
    if (isOp(init, isl_ast_expr_op_max)) {
        args.clear();
        const auto op = init.as<isl::ast_expr_op>();
        for (int k = 0; k < static_cast<int>(op.n_arg()); ++k)
            args.push_back(op.arg(k));
    }
    out.emplace_back(CaseSet::always(), std::vector<ExprPtr>{});
    for (const auto &a : args) {
        std::vector<std::pair<CaseSet, std::vector<ExprPtr>>> next;
        const Pieces ps = m_reader.pieces(a, where, AstExprReader::Mode::Value);
        for (const auto &[when, list] : out)
            for (const auto &p : ps) {
                checkFree(iterator, p.value, init, where);
                CaseSet w = when.conjoin(p.when);
                if (w.isNever())
                    continue;
                auto l = list;
                l.push_back(p.value);
                next.emplace_back(std::move(w), std::move(l));
            }
        out = std::move(next);
    }
    return out;
}

std::vector<std::pair<CaseSet, std::vector<ExprPtr>>>
LoopHeaderReader::upperBounds(const std::string &iterator, const isl::ast_expr &cond, const std::string &place) const
{
    const std::string where = place + " > cond";
    const bool lt = isOp(cond, isl_ast_expr_op_lt);
    const bool le = isOp(cond, isl_ast_expr_op_le);
    const auto op = (lt || le) ? cond.as<isl::ast_expr_op>() : isl::ast_expr_op();
    if (!(lt || le) || !op.arg(0).isa<isl::ast_expr_id>() || op.arg(0).as<isl::ast_expr_id>().id().name() != iterator)
        m_reader.fail(where,
                      "the loop condition `" + AstExprReader::text(cond) + "` does not compare " + iterator
                          + " with < or <=");
    std::vector<std::pair<CaseSet, std::vector<ExprPtr>>> out;
    for (const auto &p : m_reader.pieces(op.arg(1), where, AstExprReader::Mode::Bound)) {
        checkFree(iterator, p.value, cond, where);
        std::vector<ExprPtr> list;
        for (const auto &m : members(p.value, ExprKind::Min))
            list.push_back(le ? LinearForm::plus(m, 1) : m);
        out.emplace_back(p.when, std::move(list));
    }
    return out;
}

std::vector<LoopVariant> LoopHeaderReader::read(const std::string &iterator, const isl::ast_expr &init,
                                                const isl::ast_expr &cond, const isl::ast_expr &inc,
                                                const std::string &place) const
{
    const std::int64_t s = stride(inc, place);
    const auto ubs = upperBounds(iterator, cond, place);
    std::vector<LoopVariant> out;
    for (const auto &[lw, lb] : lowerBounds(iterator, init, s != 1, place))
        for (const auto &[uw, ub] : ubs) {
            LoopVariant v;
            v.when = lw.conjoin(uw);
            if (v.when.isNever())
                continue;
            v.lb = lb;
            v.ub = ub;
            v.stride = s;
            // isl rounds each lower bound of a strided loop up onto the
            // stride's lattice, so all are congruent modulo the stride:
            // starting at the first and skipping values below the others
            // runs exactly the values from their maximum on.
            if (s != 1 && v.lb.size() > 1) {
                for (std::size_t k = 1; k < v.lb.size(); ++k)
                    v.bodyGuard.push_back({Expr::variable(iterator), CmpOp::Ge, v.lb[k]});
                v.lb.resize(1);
            }
            out.push_back(std::move(v));
        }
    return out;
}

} // namespace se
