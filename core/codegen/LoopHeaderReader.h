// SPDX-License-Identifier: MIT
#pragma once

#include "AstExprReader.h"

namespace se {

/// One way an isl `for` node runs, in the kernel format's loop terms.
struct LoopVariant {
    CaseSet when; ///< on enclosing iterators and parameters
    std::vector<ExprPtr> lb; ///< the lower bound is the maximum of these
    std::vector<ExprPtr> ub; ///< the exclusive upper bound is the minimum of these
    std::int64_t stride = 1;
    /// Lower bounds a strided loop cannot list, as predicates for its body.
    std::vector<Constraint> bodyGuard;
};

/// Reads the header of an isl `for` node (iterator, init, cond, inc):
/// `init` gives the lower bounds (a `max` is the list of its arguments),
/// `cond` must compare the iterator with `<` or `<=` and gives the exclusive
/// upper bounds (a `min` is the list; `<=` adds one), and `inc` is a
/// positive integer stride. Anything else is an InputError naming the node.
///
/// A bound isl writes as a `select` has no loop form: each of its values
/// becomes a variant of the loop, taken under its condition.
class LoopHeaderReader {
public:
    explicit LoopHeaderReader(const AstExprReader &reader) : m_reader(reader) { }

    std::vector<LoopVariant> read(const std::string &iterator, const isl::ast_expr &init, const isl::ast_expr &cond,
                                  const isl::ast_expr &inc, const std::string &place) const;

private:
    std::int64_t stride(const isl::ast_expr &inc, const std::string &place) const;
    std::vector<std::pair<CaseSet, std::vector<ExprPtr>>>
    lowerBounds(const std::string &iterator, const isl::ast_expr &init, bool strided, const std::string &place) const;
    std::vector<std::pair<CaseSet, std::vector<ExprPtr>>>
    upperBounds(const std::string &iterator, const isl::ast_expr &cond, const std::string &place) const;
    void checkFree(const std::string &iterator, const ExprPtr &e, const isl::ast_expr &where,
                   const std::string &place) const;

    const AstExprReader &m_reader;
};

} // namespace se
