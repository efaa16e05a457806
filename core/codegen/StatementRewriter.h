// SPDX-License-Identifier: MIT
#pragma once

#include "AstExprReader.h"
#include "RegeneratedNest.h"

namespace se {

/// Turns an isl `user` node, the call `s<id>(e0, e1, ...)` whose arguments
/// give each original iterator in the new iterators, back into the original
/// statement: a fresh id, its origin, and its accesses with the arguments
/// substituted for the original iterators.
class StatementRewriter {
public:
    StatementRewriter(const Kernel &kernel, const AstExprReader &reader) : m_kernel(kernel), m_reader(reader) { }

    /// One statement per case of `guard` and of the arguments' pieces (a
    /// `select` argument gives one copy per value, under its condition).
    /// Ids are taken from `nextId` on.
    std::vector<GenStatement> rewrite(const isl::ast_expr &call, const CaseSet &guard, const std::string &place,
                                      std::int64_t &nextId) const;

private:
    const Kernel &m_kernel;
    const AstExprReader &m_reader;
};

} // namespace se
