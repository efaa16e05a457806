// SPDX-License-Identifier: MIT
#pragma once

#include "core/expr/Constraint.h"

#include <vector>

namespace se {

/// A condition as a disjunction of pairwise disjoint cases, each a
/// conjunction of constraints: the form statement predicates can carry (one
/// statement copy per case). Disjointness is kept by every operation, so at
/// any point at most one case holds and each instance runs at most once.
class CaseSet {
public:
    using Case = std::vector<Constraint>;

    /// The condition that always holds: one empty case.
    static CaseSet always();
    /// The condition that never holds: no case.
    static CaseSet never();
    static CaseSet of(const Constraint &c);

    const std::vector<Case> &cases() const { return m_cases; }
    bool isAlways() const { return m_cases.size() == 1 && m_cases.front().empty(); }
    bool isNever() const { return m_cases.empty(); }

    /// Both hold: the cross product of the cases.
    CaseSet conjoin(const CaseSet &other) const;
    /// Either holds: this one's cases, then the other's where this fails.
    CaseSet disjoin(const CaseSet &other) const;
    /// Either holds, for two conditions known to be disjoint (the pieces of
    /// a select, say): the cases side by side.
    CaseSet orDisjoint(const CaseSet &other) const;
    /// The complement. Negating a conjunction c1 and c2 and ... splits it into
    /// the disjoint cases not c1; c1 and not c2; c1 and c2 and not c3; ...
    CaseSet negate() const;

    /// The complement of one constraint: one case, or two for `==`.
    static CaseSet negate(const Constraint &c);

private:
    void addCase(Case c);
    std::vector<Case> m_cases;
};

} // namespace se
