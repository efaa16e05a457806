// SPDX-License-Identifier: MIT
#include "Constraint.h"

namespace se {

const char *cmpOpText(CmpOp op)
{
    switch (op) {
    case CmpOp::Ge: return ">=";
    case CmpOp::Le: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::Lt: return "<";
    case CmpOp::Eq: return "==";
    }
    return "?";
}

std::string Constraint::str() const
{
    return lhs->str() + " " + cmpOpText(op) + " " + rhs->str();
}

bool Constraint::holds(const Expr::Lookup &lookup) const
{
    const auto a = lhs->evaluate(lookup);
    const auto b = rhs->evaluate(lookup);
    switch (op) {
    case CmpOp::Ge: return a >= b;
    case CmpOp::Le: return a <= b;
    case CmpOp::Gt: return a > b;
    case CmpOp::Lt: return a < b;
    case CmpOp::Eq: return a == b;
    }
    return false;
}

} // namespace se
