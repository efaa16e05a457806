// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/Kernel.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace se {

struct GenNode;

/// A statement instance set re-emitted by the regenerated nest: the original
/// statement `s<originId>` with its accesses rewritten in the new iterators.
struct GenStatement {
    std::int64_t id = 0; ///< fresh id in the regenerated kernel
    std::int64_t originId = 0; ///< id of the original statement
    /// Each original iterator, in the original order, as an expression of
    /// the new iterators and the parameters.
    std::vector<std::pair<std::string, ExprPtr>> originIterators;
    std::string op;
    std::string text;
    std::vector<Access> writes;
    std::vector<Access> reads;
    std::vector<Constraint> predicates; ///< all must hold (one disjoint case)
    std::vector<std::string> marks; ///< enclosing isl mark nodes, outermost first
};

/// `for iterator in range(max(lb...), min(ub...), stride)`.
struct GenLoop {
    std::string iterator;
    std::vector<ExprPtr> lb;
    std::vector<ExprPtr> ub;
    std::int64_t stride = 1;
    std::vector<GenNode> body;
    std::vector<std::string> marks;
};

struct GenNode {
    std::variant<GenLoop, GenStatement> item;

    bool isLoop() const { return std::holds_alternative<GenLoop>(item); }
    const GenLoop &loop() const { return std::get<GenLoop>(item); }
    const GenStatement &statement() const { return std::get<GenStatement>(item); }
    std::vector<std::string> &marks()
    {
        return isLoop() ? std::get<GenLoop>(item).marks : std::get<GenStatement>(item).marks;
    }
};

/// The loop nest isl's AST generator builds from a schedule, translated back
/// into the kernel format's own terms. Plain data: no isl objects, and
/// this header includes no isl (the app's views can hold it).
struct RegeneratedNest {
    KernelPtr source; ///< the kernel the schedule belongs to
    std::map<std::string, std::int64_t> fixedParams; ///< parameters the nest was specialised to
    std::string schedule; ///< where the schedule came from, for people
    std::vector<GenNode> body;
};

} // namespace se
