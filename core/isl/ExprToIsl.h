// SPDX-License-Identifier: MIT
#pragma once

#include "core/expr/Constraint.h"

#include <isl/cpp.h>

namespace se {

/// Translates an Expr into an isl piecewise quasi-affine function on a
/// domain space, by kind: Sum and Mult are affine, FloorDiv is floor(a/c),
/// Modulo is a - c*floor(a/c), CCDiv is ceil(a/c) and CCMod a - c*ceil(a/c).
class ExprToIsl {
public:
    /// `space` is a set space, e.g. `[N] -> { s0[i, j] }`. A name that is a
    /// named set dimension of it is that dimension; any other is a parameter.
    explicit ExprToIsl(isl::space space);

    isl::pw_aff convert(const ExprPtr &e) const;
    isl::pw_aff constant(std::int64_t v) const;
    isl::set constraint(const Constraint &c) const;

private:
    isl::space m_space;
};

} // namespace se
