// SPDX-License-Identifier: MIT
#include "Expr.h"

#include "core/support/CheckedMath.h"

#include <stdexcept>

namespace se {

const char *exprKindName(ExprKind kind)
{
    switch (kind) {
    case ExprKind::Const: return "Const";
    case ExprKind::Var: return "Var";
    case ExprKind::Sum: return "Sum";
    case ExprKind::Mult: return "Mult";
    case ExprKind::FloorDiv: return "FloorDiv";
    case ExprKind::Modulo: return "Modulo";
    case ExprKind::CeilDiv: return "CCDiv";
    case ExprKind::CeilMod: return "CCMod";
    case ExprKind::Min: return "Min";
    case ExprKind::Max: return "Max";
    }
    return "?";
}

ExprPtr Expr::constant(std::int64_t value)
{
    auto e = std::shared_ptr<Expr>(new Expr(ExprKind::Const));
    e->m_value = value;
    return e;
}

ExprPtr Expr::variable(std::string name)
{
    auto e = std::shared_ptr<Expr>(new Expr(ExprKind::Var));
    e->m_name = std::move(name);
    return e;
}

ExprPtr Expr::rank(std::int64_t iteration, std::int64_t channel)
{
    auto e = std::shared_ptr<Expr>(new Expr(ExprKind::Var));
    e->m_name = "rank_" + std::to_string(iteration) + "_" + std::to_string(channel);
    e->m_rank = true;
    e->m_rankIteration = iteration;
    e->m_rankChannel = channel;
    return e;
}

ExprPtr Expr::sum(std::vector<SumTerm> terms, std::int64_t constant)
{
    auto e = std::shared_ptr<Expr>(new Expr(ExprKind::Sum));
    e->m_terms = std::move(terms);
    e->m_value = constant;
    return e;
}

ExprPtr Expr::mult(std::int64_t scale, ExprPtr operand)
{
    auto e = std::shared_ptr<Expr>(new Expr(ExprKind::Mult));
    e->m_value = scale;
    e->m_args.push_back(std::move(operand));
    return e;
}

ExprPtr Expr::division(ExprKind kind, ExprPtr numerator, std::int64_t denominator)
{
    if (kind != ExprKind::FloorDiv && kind != ExprKind::Modulo && kind != ExprKind::CeilDiv
        && kind != ExprKind::CeilMod)
        throw std::invalid_argument("Expr::division: not a division kind");
    if (denominator <= 0)
        throw std::invalid_argument("Expr::division: denominator must be positive");
    auto e = std::shared_ptr<Expr>(new Expr(kind));
    e->m_value = denominator;
    e->m_args.push_back(std::move(numerator));
    return e;
}

ExprPtr Expr::extremum(ExprKind kind, std::vector<ExprPtr> args)
{
    if ((kind != ExprKind::Min && kind != ExprKind::Max) || args.empty())
        throw std::invalid_argument("Expr::extremum: bad kind or no arguments");
    if (args.size() == 1)
        return args.front();
    auto e = std::shared_ptr<Expr>(new Expr(kind));
    e->m_args = std::move(args);
    return e;
}

ExprPtr Expr::add(const ExprPtr &a, const ExprPtr &b)
{
    return sum({{1, a}, {1, b}}, 0);
}

ExprPtr Expr::subtract(const ExprPtr &a, const ExprPtr &b)
{
    return sum({{1, a}, {-1, b}}, 0);
}

std::int64_t Expr::floorDiv(std::int64_t a, std::int64_t c)
{
    const std::int64_t q = a / c;
    return (a % c != 0 && ((a < 0) != (c < 0))) ? q - 1 : q;
}

std::int64_t Expr::floorMod(std::int64_t a, std::int64_t c)
{
    return a - c * floorDiv(a, c);
}

std::int64_t Expr::ceilDiv(std::int64_t a, std::int64_t c)
{
    const std::int64_t q = a / c;
    return (a % c != 0 && ((a < 0) == (c < 0))) ? q + 1 : q;
}

std::int64_t Expr::ceilMod(std::int64_t a, std::int64_t c)
{
    return a - c * ceilDiv(a, c);
}

std::optional<std::int64_t> Expr::constantValue() const
{
    std::set<std::string> names;
    collectNames(names);
    if (!names.empty())
        return std::nullopt;
    try {
        return evaluate([](const std::string &) -> std::int64_t { throw std::out_of_range("name"); });
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

bool Expr::containsExtremum() const
{
    if (m_kind == ExprKind::Min || m_kind == ExprKind::Max)
        return true;
    for (const auto &t : m_terms)
        if (t.expr->containsExtremum())
            return true;
    for (const auto &a : m_args)
        if (a->containsExtremum())
            return true;
    return false;
}

void Expr::collectNames(std::set<std::string> &out) const
{
    if (m_kind == ExprKind::Var)
        out.insert(m_name);
    for (const auto &t : m_terms)
        t.expr->collectNames(out);
    for (const auto &a : m_args)
        a->collectNames(out);
}

std::int64_t Expr::evaluate(const Lookup &lookup) const
{
    switch (m_kind) {
    case ExprKind::Const: return m_value;
    case ExprKind::Var: return lookup(m_name);
    case ExprKind::Sum: {
        std::int64_t r = m_value;
        for (const auto &t : m_terms)
            r = checkedAdd(r, checkedMul(t.coef, t.expr->evaluate(lookup)));
        return r;
    }
    case ExprKind::Mult: return checkedMul(m_value, operand()->evaluate(lookup));
    case ExprKind::FloorDiv: return floorDiv(operand()->evaluate(lookup), m_value);
    case ExprKind::Modulo: return floorMod(operand()->evaluate(lookup), m_value);
    case ExprKind::CeilDiv: return ceilDiv(operand()->evaluate(lookup), m_value);
    case ExprKind::CeilMod: return ceilMod(operand()->evaluate(lookup), m_value);
    case ExprKind::Min:
    case ExprKind::Max: {
        std::int64_t r = m_args.front()->evaluate(lookup);
        for (std::size_t k = 1; k < m_args.size(); ++k) {
            const std::int64_t v = m_args[k]->evaluate(lookup);
            r = m_kind == ExprKind::Min ? std::min(r, v) : std::max(r, v);
        }
        return r;
    }
    }
    throw std::logic_error("Expr::evaluate: unknown kind");
}

ExprPtr Expr::substitute(const std::function<ExprPtr(const std::string &)> &map) const
{
    switch (m_kind) {
    case ExprKind::Const: return constant(m_value);
    case ExprKind::Var: {
        if (auto r = map(m_name))
            return r;
        if (m_rank)
            return rank(m_rankIteration, m_rankChannel);
        return variable(m_name);
    }
    case ExprKind::Sum: {
        std::vector<SumTerm> terms;
        for (const auto &t : m_terms)
            terms.push_back({t.coef, t.expr->substitute(map)});
        return sum(std::move(terms), m_value);
    }
    case ExprKind::Mult: return mult(m_value, operand()->substitute(map));
    case ExprKind::FloorDiv:
    case ExprKind::Modulo:
    case ExprKind::CeilDiv:
    case ExprKind::CeilMod: return division(m_kind, operand()->substitute(map), m_value);
    case ExprKind::Min:
    case ExprKind::Max: {
        std::vector<ExprPtr> args;
        for (const auto &a : m_args)
            args.push_back(a->substitute(map));
        return extremum(m_kind, std::move(args));
    }
    }
    throw std::logic_error("Expr::substitute: unknown kind");
}

bool Expr::isAtom() const
{
    switch (m_kind) {
    case ExprKind::Const: return m_value >= 0;
    case ExprKind::Var:
    case ExprKind::CeilDiv:
    case ExprKind::CeilMod:
    case ExprKind::Min:
    case ExprKind::Max: return true;
    case ExprKind::Sum:
        return m_terms.empty()
            ? m_value >= 0
            : (m_terms.size() == 1 && m_value == 0 && m_terms[0].coef == 1 && m_terms[0].expr->isAtom());
    default: return false;
    }
}

std::string Expr::str() const
{
    std::string out;
    print(out);
    return out;
}

void Expr::print(std::string &out) const
{
    auto printAtom = [&out](const ExprPtr &e) {
        if (e->isAtom()) {
            e->print(out);
        } else {
            out += '(';
            e->print(out);
            out += ')';
        }
    };
    // Operand of `//` or `%`: left-associative at product level, so products and
    // divisions need no parentheses, sums do.
    auto printFactor = [&out, &printAtom](const ExprPtr &e) {
        if (e->m_kind == ExprKind::Sum && !e->isAtom())
            printAtom(e);
        else if (e->m_kind == ExprKind::Const && e->m_value < 0)
            printAtom(e);
        else
            e->print(out);
    };
    switch (m_kind) {
    case ExprKind::Const: out += std::to_string(m_value); return;
    case ExprKind::Var:
        if (m_rank)
            out += "rank(" + std::to_string(m_rankIteration) + ", " + std::to_string(m_rankChannel) + ")";
        else
            out += m_name;
        return;
    case ExprKind::Sum: {
        bool first = true;
        for (const auto &t : m_terms) {
            if (t.coef == 0)
                continue;
            const std::int64_t mag = t.coef < 0 ? -t.coef : t.coef;
            if (first)
                out += t.coef < 0 ? "-" : "";
            else
                out += t.coef < 0 ? " - " : " + ";
            if (mag != 1) {
                out += std::to_string(mag) + "*";
                printAtom(t.expr);
            } else if (t.coef < 0 || t.expr->m_kind != ExprKind::Sum) {
                // `a - (b + c)` and `-(i // 4)` need the parentheses; `a + i // 4` does not.
                if (t.coef < 0 && !t.expr->isAtom())
                    printAtom(t.expr);
                else
                    t.expr->print(out);
            } else {
                t.expr->print(out);
            }
            first = false;
        }
        if (first) {
            out += std::to_string(m_value);
        } else if (m_value != 0) {
            out += m_value < 0 ? " - " : " + ";
            out += std::to_string(m_value < 0 ? -m_value : m_value);
        }
        return;
    }
    case ExprKind::Mult:
        out += std::to_string(m_value) + "*";
        printAtom(operand());
        return;
    case ExprKind::FloorDiv:
        printFactor(operand());
        out += " // " + std::to_string(m_value);
        return;
    case ExprKind::Modulo:
        printFactor(operand());
        out += " % " + std::to_string(m_value);
        return;
    case ExprKind::CeilDiv:
    case ExprKind::CeilMod:
        out += m_kind == ExprKind::CeilDiv ? "cc_div(" : "cc_mod(";
        operand()->print(out);
        out += ", " + std::to_string(m_value) + ")";
        return;
    case ExprKind::Min:
    case ExprKind::Max: {
        out += m_kind == ExprKind::Min ? "min(" : "max(";
        for (std::size_t k = 0; k < m_args.size(); ++k) {
            if (k)
                out += ", ";
            m_args[k]->print(out);
        }
        out += ")";
        return;
    }
    }
}

} // namespace se
