// SPDX-License-Identifier: MIT
#include "LinearForm.h"

#include "core/support/CheckedMath.h"

#include <stdexcept>

namespace se {

namespace {

// An atom with its insides simplified; divisions of constants folded.
ExprPtr simplifyAtom(const ExprPtr &e)
{
    switch (e->kind()) {
    case ExprKind::FloorDiv:
    case ExprKind::Modulo:
    case ExprKind::CeilDiv:
    case ExprKind::CeilMod: {
        const ExprPtr n = LinearForm::simplify(e->operand());
        if (e->value() == 1 && e->kind() == ExprKind::FloorDiv)
            return n;
        const ExprPtr d = Expr::division(e->kind(), n, e->value());
        if (auto v = d->constantValue())
            return Expr::constant(*v);
        return d;
    }
    case ExprKind::Min:
    case ExprKind::Max: {
        std::vector<ExprPtr> args;
        for (const auto &a : e->args())
            args.push_back(LinearForm::simplify(a));
        return Expr::extremum(e->kind(), std::move(args));
    }
    default: return e;
    }
}

} // namespace

LinearForm LinearForm::constant(std::int64_t v)
{
    LinearForm f;
    f.m_const = v;
    return f;
}

void LinearForm::addTerm(std::int64_t coef, const ExprPtr &atom)
{
    if (coef == 0)
        return;
    if (auto v = atom->constantValue()) {
        m_const = checkedAdd(m_const, checkedMul(coef, *v));
        return;
    }
    const std::string key = atom->str();
    for (auto &t : m_terms)
        if (t.key == key) {
            t.coef = checkedAdd(t.coef, coef);
            return;
        }
    m_terms.push_back({coef, atom, key});
}

LinearForm LinearForm::of(const ExprPtr &e)
{
    switch (e->kind()) {
    case ExprKind::Const: return constant(e->value());
    case ExprKind::Sum: {
        LinearForm f = constant(e->value());
        for (const auto &t : e->terms())
            f = f.plus(of(t.expr).scaled(t.coef));
        return f;
    }
    case ExprKind::Mult: return of(e->operand()).scaled(e->value());
    default: {
        LinearForm f;
        f.addTerm(1, simplifyAtom(e));
        return f;
    }
    }
}

LinearForm LinearForm::plus(const LinearForm &o) const
{
    LinearForm f = *this;
    f.m_const = checkedAdd(f.m_const, o.m_const);
    for (const auto &t : o.m_terms)
        f.addTerm(t.coef, t.atom);
    return f;
}

LinearForm LinearForm::scaled(std::int64_t k) const
{
    LinearForm f;
    f.m_const = checkedMul(m_const, k);
    for (const auto &t : m_terms)
        f.addTerm(checkedMul(t.coef, k), t.atom);
    return f;
}

ExprPtr LinearForm::expr() const
{
    std::vector<SumTerm> terms;
    for (const auto &t : m_terms)
        if (t.coef != 0)
            terms.push_back({t.coef, t.atom});
    if (terms.empty())
        return Expr::constant(m_const);
    if (terms.size() == 1 && terms.front().coef == 1 && m_const == 0)
        return terms.front().expr;
    return Expr::sum(std::move(terms), m_const);
}

std::optional<std::int64_t> LinearForm::constantValue() const
{
    for (const auto &t : m_terms)
        if (t.coef != 0)
            return std::nullopt;
    return m_const;
}

ExprPtr LinearForm::simplify(const ExprPtr &e)
{
    return of(e).expr();
}

ExprPtr LinearForm::add(const ExprPtr &a, const ExprPtr &b)
{
    return of(a).plus(of(b)).expr();
}

ExprPtr LinearForm::sub(const ExprPtr &a, const ExprPtr &b)
{
    return of(a).plus(of(b).scaled(-1)).expr();
}

ExprPtr LinearForm::scale(const ExprPtr &a, std::int64_t k)
{
    return of(a).scaled(k).expr();
}

ExprPtr LinearForm::plus(const ExprPtr &a, std::int64_t k)
{
    return of(a).plus(constant(k)).expr();
}

} // namespace se
