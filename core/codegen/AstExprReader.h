// SPDX-License-Identifier: MIT
#pragma once

#include "CaseSet.h"

#include <isl/cpp.h>

#include <set>
#include <string>
#include <vector>

namespace se {

/// One value of an expression and the condition under which it is taken.
struct Piece {
    CaseSet when;
    ExprPtr value;
};
using Pieces = std::vector<Piece>;

/// Reads isl AST expressions into the kernel format's expression trees.
///
/// isl's piecewise operators (`select`, `cond`, and `min`/`max` outside loop
/// bounds) have no counterpart in the format, so an expression reads as
/// pieces: values under disjoint conditions, which the caller turns into
/// statement copies with predicates. Operators the format cannot express
/// (`call`, `access`, `member`, `address_of`, a product of two variables, a
/// division by a non-constant) are InputErrors naming the expression.
class AstExprReader {
public:
    enum class Mode {
        Value, ///< min/max become pieces
        Bound, ///< min/max stay (loop bounds may hold them), except under a division
    };

    /// `rankParams`: parameter names that stand for `rank(it, ch)`;
    /// `file` labels errors.
    AstExprReader(std::set<std::string> rankParams, std::string file);

    Pieces pieces(const isl::ast_expr &e, const std::string &place, Mode mode = Mode::Value) const;
    /// A boolean expression (comparisons under and/or) as disjoint cases.
    CaseSet condition(const isl::ast_expr &e, const std::string &place) const;

    /// The expression in isl's C notation, for messages.
    static std::string text(const isl::ast_expr &e);
    const std::string &file() const { return m_file; }
    [[noreturn]] void fail(const std::string &place, const std::string &fault) const;

private:
    Pieces op(const isl::ast_expr &e, const std::string &place, Mode mode) const;
    Pieces extremum(const std::vector<Pieces> &args, bool isMax, Mode mode) const;
    Pieces division(const isl::ast_expr &e, const std::string &place, bool remainder) const;
    Pieces select(const isl::ast_expr &e, const std::string &place, Mode mode) const;

    std::set<std::string> m_ranks;
    std::string m_file;
};

} // namespace se
