// SPDX-License-Identifier: MIT
#pragma once

#include "Statement.h"

#include <variant>
#include <vector>

namespace se {

struct Node;

/// `for iterator in range(max(lb...), min(ub...), stride)`.
struct Loop {
    std::string iterator;
    std::vector<ExprPtr> lb; ///< the lower bound is the maximum of these
    std::vector<ExprPtr> ub; ///< the exclusive upper bound is the minimum of these
    std::int64_t stride = 1;
    std::vector<Node> body;
    std::string path;
};

/// An item of a body: a loop or a statement.
struct Node {
    std::variant<Loop, Statement> item;

    bool isLoop() const { return std::holds_alternative<Loop>(item); }
    const Loop &loop() const { return std::get<Loop>(item); }
    const Statement &statement() const { return std::get<Statement>(item); }
};

} // namespace se
