// SPDX-License-Identifier: MIT
#pragma once

#include "core/expr/Expr.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace se {

/// An expression as a sum of integer multiples of atoms (variables,
/// divisions, min/max) plus a constant, with like atoms merged. Used to keep
/// regenerated expressions short: `i + 1` with `i = c1 - c0` prints as
/// `c1 - c0 + 1`, not `(c1 - c0) + 1`. Exact: only linear terms are
/// combined; atoms are simplified inside but never rewritten.
class LinearForm {
public:
    static LinearForm of(const ExprPtr &e);
    static LinearForm constant(std::int64_t v);

    LinearForm plus(const LinearForm &o) const;
    LinearForm scaled(std::int64_t k) const;

    ExprPtr expr() const;
    /// The value when no atom is left.
    std::optional<std::int64_t> constantValue() const;
    /// `of(e).expr()`.
    static ExprPtr simplify(const ExprPtr &e);

    static ExprPtr add(const ExprPtr &a, const ExprPtr &b);
    static ExprPtr sub(const ExprPtr &a, const ExprPtr &b);
    static ExprPtr scale(const ExprPtr &a, std::int64_t k);
    static ExprPtr plus(const ExprPtr &a, std::int64_t k);

private:
    struct Term {
        std::int64_t coef;
        ExprPtr atom;
        std::string key;
    };
    void addTerm(std::int64_t coef, const ExprPtr &atom);

    std::vector<Term> m_terms;
    std::int64_t m_const = 0;
};

} // namespace se
