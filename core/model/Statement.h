// SPDX-License-Identifier: MIT
#pragma once

#include "core/expr/Constraint.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace se {

struct Access {
    std::string tensor;
    std::vector<ExprPtr> index;
};

/// One instruction of the kernel. `iterators` are the enclosing loops'
/// iterators, outermost first: the dimensions of its isl tuple `s<id>`.
struct Statement {
    std::int64_t id = 0;
    std::string op;
    std::string text;
    std::vector<Access> writes;
    std::vector<Access> reads;
    std::vector<Constraint> predicates;
    /// Kept verbatim from a regenerated kernel (`{"id": .., "iterators": {..}}`).
    nlohmann::json origin;
    std::vector<std::string> iterators;
    std::string path; ///< JSON path, e.g. `body[0].body[1]`

    std::string tupleName() const { return "s" + std::to_string(id); }
};

} // namespace se
