// SPDX-License-Identifier: MIT
#include "CaseSet.h"

#include "LinearForm.h"

#include <algorithm>

namespace se {

namespace {

// The value of a constraint without names, or -1 when it has names.
int constantTruth(const Constraint &c)
{
    const auto a = c.lhs->constantValue();
    const auto b = c.rhs->constantValue();
    if (!a || !b)
        return -1;
    return c.holds([](const std::string &) -> std::int64_t { return 0; }) ? 1 : 0;
}

// The constraint as forms that must each be >= 0: `a < b` is b - a - 1 >= 0,
// `a == b` is a - b >= 0 and b - a >= 0.
std::vector<LinearForm> nonNegative(const Constraint &c)
{
    const LinearForm d = LinearForm::of(c.lhs).plus(LinearForm::of(c.rhs).scaled(-1));
    switch (c.op) {
    case CmpOp::Ge: return {d};
    case CmpOp::Gt: return {d.plus(LinearForm::constant(-1))};
    case CmpOp::Le: return {d.scaled(-1)};
    case CmpOp::Lt: return {d.scaled(-1).plus(LinearForm::constant(-1))};
    case CmpOp::Eq: return {d, d.scaled(-1)};
    }
    return {};
}

// Two constraints that cannot hold together because their forms add up to
// a negative constant (f >= 0 and -f - 1 >= 0): the complement cases an
// else-branch leaves behind, like `c0 < 2 and c0 >= 2`.
bool contradictory(const std::vector<Constraint> &c)
{
    std::vector<LinearForm> forms;
    for (const auto &k : c)
        for (auto &f : nonNegative(k))
            forms.push_back(std::move(f));
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (auto v = forms[i].constantValue(); v && *v < 0)
            return true;
        for (std::size_t j = i + 1; j < forms.size(); ++j)
            if (auto v = forms[i].plus(forms[j]).constantValue(); v && *v < 0)
                return true;
    }
    return false;
}

} // namespace

CaseSet CaseSet::always()
{
    CaseSet s;
    s.m_cases.emplace_back();
    return s;
}

CaseSet CaseSet::never()
{
    return CaseSet();
}

CaseSet CaseSet::of(const Constraint &c)
{
    CaseSet s;
    s.addCase({c});
    return s;
}

// Whether `a` implies `b`, both inequalities: their forms differ by a
// non-negative constant (`c1 >= 1` implies `c1 > 0`).
bool implies(const Constraint &a, const Constraint &b)
{
    if (a.op == CmpOp::Eq || b.op == CmpOp::Eq)
        return a.op == b.op && a.str() == b.str();
    const auto gap = nonNegative(b).front().plus(nonNegative(a).front().scaled(-1)).constantValue();
    return gap && *gap >= 0;
}

// Drops constraints that always hold or that another implies, and the whole
// case when one never holds, so guards leave no trace in the predicates
// beyond what they add.
void CaseSet::addCase(Case c)
{
    Case kept;
    for (auto &k : c) {
        const int t = constantTruth(k);
        if (t == 0)
            return;
        if (t == 1)
            continue;
        if (std::any_of(kept.begin(), kept.end(), [&](const Constraint &o) { return implies(o, k); }))
            continue;
        kept.erase(std::remove_if(kept.begin(), kept.end(), [&](const Constraint &o) { return implies(k, o); }),
                   kept.end());
        kept.push_back(std::move(k));
    }
    if (!contradictory(kept))
        m_cases.push_back(std::move(kept));
}

CaseSet CaseSet::conjoin(const CaseSet &other) const
{
    CaseSet out;
    for (const auto &a : m_cases)
        for (const auto &b : other.m_cases) {
            Case c = a;
            c.insert(c.end(), b.begin(), b.end());
            out.addCase(std::move(c));
        }
    return out;
}

CaseSet CaseSet::disjoin(const CaseSet &other) const
{
    CaseSet out = *this;
    for (const auto &c : negate().conjoin(other).m_cases)
        out.m_cases.push_back(c);
    return out;
}

CaseSet CaseSet::orDisjoint(const CaseSet &other) const
{
    CaseSet out = *this;
    out.m_cases.insert(out.m_cases.end(), other.m_cases.begin(), other.m_cases.end());
    return out;
}

CaseSet CaseSet::negate(const Constraint &c)
{
    auto make = [&](CmpOp op) { return Constraint{c.lhs, op, c.rhs}; };
    CaseSet out;
    switch (c.op) {
    case CmpOp::Ge: out.addCase({make(CmpOp::Lt)}); break;
    case CmpOp::Gt: out.addCase({make(CmpOp::Le)}); break;
    case CmpOp::Le: out.addCase({make(CmpOp::Gt)}); break;
    case CmpOp::Lt: out.addCase({make(CmpOp::Ge)}); break;
    case CmpOp::Eq:
        out.addCase({make(CmpOp::Lt)});
        out.addCase({make(CmpOp::Gt)});
        break;
    }
    return out;
}

CaseSet CaseSet::negate() const
{
    // not (C1 or C2 or ...) = not C1 and not C2 and ...
    CaseSet out = always();
    for (const auto &conj : m_cases) {
        // not (c1 and ... and cn) = not c1; c1 and not c2; ...: disjoint.
        CaseSet notConj;
        Case prefix;
        for (const auto &c : conj) {
            for (const auto &n : negate(c).m_cases) {
                Case k = prefix;
                k.insert(k.end(), n.begin(), n.end());
                notConj.addCase(std::move(k));
            }
            prefix.push_back(c);
        }
        out = out.conjoin(notConj);
    }
    return out;
}

} // namespace se
