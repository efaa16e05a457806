// SPDX-License-Identifier: MIT
#pragma once

#include "GroupExpansion.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

/// The instances isl's nest runs. isl 0.25 with allow_or off drops the
/// sequence children after the first where a guard splits into disjuncts
/// (seen: a strided loop from max(N - 3, 0) over two statements ran s0 twice
/// and s1 never), so every nest is checked before it is used: the build's
/// at_each_domain callback sees each statement call isl makes, with the
/// instances it is to run, and tags the call; the calls that reach the
/// final AST must cover the domain. One per AST build.
class AstCoverage {
public:
    AstCoverage() = default;
    ~AstCoverage();
    AstCoverage(const AstCoverage &) = delete;
    AstCoverage &operator=(const AstCoverage &) = delete;

    /// `build` recording its statement calls here (this object and
    /// `groups` must outlive the build's use). With `groups`, a group's
    /// call is replaced by its statements' (GroupExpansion).
    isl::ast_build watching(isl::ast_build build, const GroupExpansion *groups = nullptr);
    /// True when the calls in `ast` run every instance of `domain`.
    bool covers(const isl::ast_node &ast, const isl::union_set &domain);
    /// True when a group's statements could not be put in its call's place:
    /// the nest must be made again without cutting the groups.
    bool declined() const { return m_declined; }
    /// True when a group's children were made through create_leaf.
    bool leafMade() const { return m_leafMade; }
    /// Forgets every call, for a build made again.
    void reset();

private:
    static isl_ast_node *recordDomain(isl_ast_node *node, isl_ast_build *build, void *user);
    static isl_bool markKept(isl_ast_node *node, void *user);
    static isl_ast_node *createLeaf(isl_ast_build *build, void *user);
    isl_ast_node *tagged(isl_ast_node *node, isl_union_set *instances);
    isl_ast_node *expanded(isl_ast_node *node, isl_ast_build *build);
    GroupExpansion::Calls calls();

    std::vector<isl_union_set *> m_calls; // the instances of each tagged call
    std::vector<bool> m_kept; // the call is in the final AST
    const GroupExpansion *m_groups = nullptr;
    bool m_failed = false;
    bool m_declined = false;
    bool m_leafMade = false;
};

} // namespace se
