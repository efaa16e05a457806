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

/// `A[i, j], B[k]`: accesses as the kernel and its printed nests write them.
inline std::string accessListText(const std::vector<Access> &list)
{
    std::string out;
    for (const auto &a : list) {
        out += (out.empty() ? "" : ", ") + a.tensor + "[";
        for (std::size_t k = 0; k < a.index.size(); ++k)
            out += (k ? ", " : "") + a.index[k]->str();
        out += "]";
    }
    return out;
}

/// An access read from a JSCoP: an isl relation from the statement's
/// instances to the tensor's elements, kept as text because it need not be
/// a function (existentials, a region statement's may-writes).
struct RelationAccess {
    bool write = false;
    std::string tensor;
    std::string relation; ///< [N] -> { Stmt_x[i0] -> MemRef_A[o0] : ... }
    std::string path; ///< JSON path in the file, e.g. `statements[1].accesses[0]`
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

    /// A statement opened from a JSCoP keeps the file's name, domain and
    /// accesses: PolyhedralModel parses these instead of building them from
    /// the loops and index expressions (which it then has none of).
    std::string name; ///< the file's tuple name; empty: s<id>
    std::string domainText; ///< isl set text; empty for the kernel JSON
    std::vector<RelationAccess> relations;

    std::string tupleName() const { return name.empty() ? "s" + std::to_string(id) : name; }
};

} // namespace se
