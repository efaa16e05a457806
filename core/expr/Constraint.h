// SPDX-License-Identifier: MIT
#pragma once

#include "Expr.h"

namespace se {

enum class CmpOp { Ge, Le, Gt, Lt, Eq };

const char *cmpOpText(CmpOp op);

/// `lhs OP rhs`, a predicate or a context constraint.
struct Constraint {
    ExprPtr lhs;
    CmpOp op = CmpOp::Ge;
    ExprPtr rhs;

    std::string str() const;
    bool holds(const Expr::Lookup &lookup) const;
};

} // namespace se
