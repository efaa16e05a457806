// SPDX-License-Identifier: MIT
#pragma once

#include "Constraint.h"
#include "Expr.h"

#include <string>

namespace se {

/// Parses the kernel format's string grammar (Python-like precedence, `//`
/// and `%` binding like `*`):
///   12  N  i  a + b  a - b  -a  (a)  3*a  a*3  3a  a // c  a % c
///   floordiv(a, c)  mod(a, c)  ceildiv(a, c)  cc_div(a, c)  ceilmod(a, c)
///   cc_mod(a, c)  rank(it, ch)  max(a, ...)  min(a, ...)  floor(a / c)  ceil(a / c)
/// Products need a constant side and divisors must be positive integer
/// constants (quasi-affine). Errors are InputErrors whose place is
/// `column N` (1-based) within the text.
class ExprParser {
public:
    struct Options {
        bool allowExtremum = false; ///< min/max, only in loop bounds
    };

    static ExprPtr parse(const std::string &text, Options options);
    static ExprPtr parse(const std::string &text) { return parse(text, Options{}); }
    /// `expr OP expr` with OP one of >= <= > < ==.
    static Constraint parseConstraint(const std::string &text);
};

} // namespace se
