// SPDX-License-Identifier: MIT
#pragma once

#include "core/expr/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace se {

/// Where a tensor lives physically: buffer coordinates as expressions of the
/// tensor's own coordinates `d0, d1, ...`.
struct Alloc {
    std::string buffer;
    std::vector<ExprPtr> index;
};

struct Tensor {
    std::string name;
    std::vector<ExprPtr> shape;
    std::string space;
    std::optional<Alloc> alloc;

    /// The allocation its accesses are compared in: `<buffer>_alloc` when
    /// placed in a buffer, otherwise the tensor itself.
    std::string allocationName() const { return alloc ? alloc->buffer + "_alloc" : name; }
};

} // namespace se
