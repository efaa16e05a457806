// SPDX-License-Identifier: MIT
#include "AstExprReader.h"

#include "LinearForm.h"
#include "core/support/InputError.h"

#include <isl/ast.h>

#include <functional>

namespace se {

namespace {

const char *opName(isl_ast_expr_op_type t)
{
    switch (t) {
    case isl_ast_expr_op_and: return "and";
    case isl_ast_expr_op_and_then: return "and_then";
    case isl_ast_expr_op_or: return "or";
    case isl_ast_expr_op_or_else: return "or_else";
    case isl_ast_expr_op_max: return "max";
    case isl_ast_expr_op_min: return "min";
    case isl_ast_expr_op_minus: return "minus";
    case isl_ast_expr_op_add: return "add";
    case isl_ast_expr_op_sub: return "sub";
    case isl_ast_expr_op_mul: return "mul";
    case isl_ast_expr_op_div: return "div";
    case isl_ast_expr_op_fdiv_q: return "fdiv_q";
    case isl_ast_expr_op_pdiv_q: return "pdiv_q";
    case isl_ast_expr_op_pdiv_r: return "pdiv_r";
    case isl_ast_expr_op_zdiv_r: return "zdiv_r";
    case isl_ast_expr_op_cond: return "cond";
    case isl_ast_expr_op_select: return "select";
    case isl_ast_expr_op_eq: return "eq";
    case isl_ast_expr_op_le: return "le";
    case isl_ast_expr_op_lt: return "lt";
    case isl_ast_expr_op_ge: return "ge";
    case isl_ast_expr_op_gt: return "gt";
    case isl_ast_expr_op_call: return "call";
    case isl_ast_expr_op_access: return "access";
    case isl_ast_expr_op_member: return "member";
    case isl_ast_expr_op_address_of: return "address_of";
    default: return "unknown";
    }
}

// cpp.h offers isa<> per operator class; the C enum gives one switch.
isl_ast_expr_op_type opType(const isl::ast_expr &e)
{
    return isl_ast_expr_op_get_type(e.get()); // raw isl: cpp.h has no operator type enum accessor
}

std::vector<isl::ast_expr> args(const isl::ast_expr &e)
{
    const isl::ast_expr_op op = e.as<isl::ast_expr_op>();
    std::vector<isl::ast_expr> out;
    for (int k = 0; k < static_cast<int>(op.n_arg()); ++k)
        out.push_back(op.arg(k));
    return out;
}

struct Combination {
    CaseSet when;
    std::vector<ExprPtr> values;
};

// Every combination of one piece per argument whose conditions can hold
// together.
std::vector<Combination> combinations(const std::vector<Pieces> &args)
{
    std::vector<Combination> out;
    std::vector<ExprPtr> values(args.size());
    std::function<void(std::size_t, const CaseSet &)> rec = [&](std::size_t k, const CaseSet &when) {
        if (when.isNever())
            return;
        if (k == args.size()) {
            out.push_back({when, values});
            return;
        }
        for (const auto &p : args[k]) {
            values[k] = p.value;
            rec(k + 1, when.conjoin(p.when));
        }
    };
    rec(0, CaseSet::always());
    return out;
}

Pieces combine(const std::vector<Pieces> &args, const std::function<ExprPtr(const std::vector<ExprPtr> &)> &f)
{
    Pieces out;
    for (const auto &c : combinations(args))
        out.push_back({c.when, f(c.values)});
    return out;
}

} // namespace

AstExprReader::AstExprReader(std::set<std::string> rankParams, std::string file)
    : m_ranks(std::move(rankParams)), m_file(std::move(file))
{
}

std::string AstExprReader::text(const isl::ast_expr &e)
{
    return e.to_C_str();
}

void AstExprReader::fail(const std::string &place, const std::string &fault) const
{
    throw InputError(m_file, place, fault);
}

Pieces AstExprReader::pieces(const isl::ast_expr &e, const std::string &place, Mode mode) const
{
    // raw isl: one switch over the expression type; cpp.h has only isa<> per class
    switch (isl_ast_expr_get_type(e.get())) {
    case isl_ast_expr_id: {
        const std::string name = e.as<isl::ast_expr_id>().id().name();
        if (m_ranks.count(name)) {
            // `rank_<it>_<ch>` is how the model names rank(it, ch) in isl.
            const auto sep = name.find('_', 5);
            return {
                {CaseSet::always(), Expr::rank(std::stoll(name.substr(5, sep - 5)), std::stoll(name.substr(sep + 1)))}};
        }
        return {{CaseSet::always(), Expr::variable(name)}};
    }
    case isl_ast_expr_int: {
        const isl::val v = e.as<isl::ast_expr_int>().val();
        const long n = v.get_num_si();
        if (!v.is_int() || isl_val_eq_si(v.get(), n) != isl_bool_true)
            fail(place, "the integer `" + text(e) + "` does not fit in 64 bits");
        return {{CaseSet::always(), Expr::constant(n)}};
    }
    case isl_ast_expr_op: return op(e, place, mode);
    default: fail(place, "unreadable AST expression `" + text(e) + "`");
    }
}

Pieces AstExprReader::op(const isl::ast_expr &e, const std::string &place, Mode mode) const
{
    const isl_ast_expr_op_type t = opType(e);
    const std::vector<isl::ast_expr> a = args(e);
    auto all = [&](Mode m) {
        std::vector<Pieces> out;
        for (const auto &x : a)
            out.push_back(pieces(x, place, m));
        return out;
    };
    switch (t) {
    case isl_ast_expr_op_minus: return combine(all(mode), [](const auto &v) { return LinearForm::scale(v[0], -1); });
    case isl_ast_expr_op_add: return combine(all(mode), [](const auto &v) { return LinearForm::add(v[0], v[1]); });
    case isl_ast_expr_op_sub: return combine(all(mode), [](const auto &v) { return LinearForm::sub(v[0], v[1]); });
    case isl_ast_expr_op_mul:
        return combine(all(mode), [&](const auto &v) {
            if (auto c = v[0]->constantValue())
                return LinearForm::scale(v[1], *c);
            if (auto c = v[1]->constantValue())
                return LinearForm::scale(v[0], *c);
            fail(place, "`" + text(e) + "` multiplies two non-constants, which is not quasi-affine");
        });
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_fdiv_q:
    case isl_ast_expr_op_pdiv_q: return division(e, place, false);
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r: return division(e, place, true);
    case isl_ast_expr_op_min:
    case isl_ast_expr_op_max: return extremum(all(mode), t == isl_ast_expr_op_max, mode);
    case isl_ast_expr_op_select:
    case isl_ast_expr_op_cond: return select(e, place, mode);
    default:
        fail(place,
             std::string("the operator '") + opName(t) + "' in `" + text(e)
                 + "` has no counterpart in the kernel format");
    }
}

// isl's quotient and remainder operators read as floor division and floor
// remainder. That is exact for each: `div` divides exactly; `fdiv_q` is the
// floor; `pdiv_q` and `pdiv_r` are emitted only where the dividend is known
// to be non-negative, where truncation and floor agree; `zdiv_r` is emitted
// only to be compared with zero, and the truncated remainder is zero exactly
// when the floor remainder is.
Pieces AstExprReader::division(const isl::ast_expr &e, const std::string &place, bool remainder) const
{
    const std::vector<isl::ast_expr> a = args(e);
    // The format cannot divide a min/max: split them into pieces instead.
    std::vector<Pieces> parts{pieces(a[0], place, Mode::Value), pieces(a[1], place, Mode::Value)};
    return combine(parts, [&](const auto &v) {
        const auto d = v[1]->constantValue();
        if (!d)
            fail(place, "`" + text(e) + "` divides by a non-constant, which is not quasi-affine");
        if (*d <= 0)
            fail(place, "`" + text(e) + "` divides by " + std::to_string(*d) + "; the divisor must be positive");
        return LinearForm::simplify(Expr::division(remainder ? ExprKind::Modulo : ExprKind::FloorDiv, v[0], *d));
    });
}

Pieces AstExprReader::extremum(const std::vector<Pieces> &args, bool isMax, Mode mode) const
{
    if (mode == Mode::Bound)
        return combine(args, [&](const auto &v) {
            // max(max(a, b), c) is max(a, b, c): keep bound lists flat.
            const ExprKind kind = isMax ? ExprKind::Max : ExprKind::Min;
            std::vector<ExprPtr> flat;
            for (const auto &x : v) {
                if (x->kind() == kind)
                    flat.insert(flat.end(), x->args().begin(), x->args().end());
                else
                    flat.push_back(x);
            }
            return Expr::extremum(kind, std::move(flat));
        });
    // Value k is the result where it beats every earlier value strictly and
    // every later one or ties: disjoint cases that cover everything.
    Pieces out;
    for (const auto &combo : combinations(args)) {
        const auto &v = combo.values;
        for (std::size_t k = 0; k < v.size(); ++k) {
            CaseSet when = combo.when;
            for (std::size_t j = 0; j < v.size(); ++j) {
                if (j == k)
                    continue;
                const CmpOp op = isMax ? (j < k ? CmpOp::Gt : CmpOp::Ge) : (j < k ? CmpOp::Lt : CmpOp::Le);
                when = when.conjoin(CaseSet::of({v[k], op, v[j]}));
            }
            if (!when.isNever())
                out.push_back({when, v[k]});
        }
    }
    return out;
}

Pieces AstExprReader::select(const isl::ast_expr &e, const std::string &place, Mode mode) const
{
    const std::vector<isl::ast_expr> a = args(e);
    const CaseSet c = condition(a[0], place);
    Pieces out;
    for (const auto &p : pieces(a[1], place, mode))
        if (auto w = p.when.conjoin(c); !w.isNever())
            out.push_back({w, p.value});
    const CaseSet notC = c.negate();
    for (const auto &p : pieces(a[2], place, mode))
        if (auto w = p.when.conjoin(notC); !w.isNever())
            out.push_back({w, p.value});
    return out;
}

CaseSet AstExprReader::condition(const isl::ast_expr &e, const std::string &place) const
{
    // isl writes a guard that always holds (or never) as the integer 1 (0):
    // C's truth of an integer.
    if (e.isa<isl::ast_expr_int>()) {
        const isl::val v = e.as<isl::ast_expr_int>().val();
        if (v.is_int())
            return v.is_zero() ? CaseSet::never() : CaseSet::always();
    }
    if (!e.isa<isl::ast_expr_op>())
        fail(place, "`" + text(e) + "` is not a condition");
    const isl_ast_expr_op_type t = opType(e);
    const std::vector<isl::ast_expr> a = args(e);
    switch (t) {
    case isl_ast_expr_op_and:
    case isl_ast_expr_op_and_then: return condition(a[0], place).conjoin(condition(a[1], place));
    case isl_ast_expr_op_or:
    case isl_ast_expr_op_or_else: return condition(a[0], place).disjoin(condition(a[1], place));
    case isl_ast_expr_op_eq:
    case isl_ast_expr_op_le:
    case isl_ast_expr_op_lt:
    case isl_ast_expr_op_ge:
    case isl_ast_expr_op_gt: {
        const CmpOp cmp = t == isl_ast_expr_op_eq ? CmpOp::Eq
            : t == isl_ast_expr_op_le             ? CmpOp::Le
            : t == isl_ast_expr_op_lt             ? CmpOp::Lt
            : t == isl_ast_expr_op_ge             ? CmpOp::Ge
                                                  : CmpOp::Gt;
        CaseSet out = CaseSet::never();
        for (const auto &lhs : pieces(a[0], place))
            for (const auto &rhs : pieces(a[1], place))
                out = out.orDisjoint(lhs.when.conjoin(rhs.when).conjoin(CaseSet::of({lhs.value, cmp, rhs.value})));
        return out;
    }
    default: fail(place, std::string("the operator '") + opName(t) + "' in `" + text(e) + "` is not a condition");
    }
}

} // namespace se
