// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace se {

/// isl generates the leaves below a StatementGrouping expansion one at a
/// time, each over the band's whole expanded relation (pipeline_400 fused:
/// 400 leaves, about 0.6 ms each, 245 of the nest's 300 ms). Where a
/// group's sequence holds one statement per child, each a leaf, the
/// expansion is cut off the tree isl is given: isl generates the band over
/// the group statement alone, and the build's at_each_domain callback
/// (AstCoverage) puts the statements back in place of each group call, in
/// sequence order. Each statement's call and guard are made by isl's own
/// builder in the group call's build (isl_ast_build_call_from_pw_multi_aff,
/// isl_ast_build_expr_from_set), and a guard implied by an earlier one
/// nests in that one's then-branch, as isl guards a sequence's leaves
/// (isl_ast_graft.c, insert_pending_guard_nodes). Statements whose times
/// and instances differ only by name share one call and guard, renamed.
///
/// isl 0.25 cannot make an else-branch outside its generator: where a guard
/// would go in one, the expansion declines and the tree is generated whole
/// with the expansion node (AstBuilder).
class GroupExpansion {
public:
    /// The expansions of `grouped` that can be cut (none: tree() is
    /// `grouped`).
    explicit GroupExpansion(const isl::schedule &grouped);

    bool any() const { return !m_groups.empty(); }
    /// The tree with those expansions cut off: each group is one statement.
    const isl::schedule &tree() const { return m_tree; }

    /// Tags a statement call with the instances it runs (AstCoverage).
    using Tag = std::function<isl::ast_node(const isl::ast_node &call, const isl::union_set &instances)>;
    enum class Result { NotAGroup, Expanded, Declined };
    /// When `call` (a user node made in `build`) calls a group: its
    /// statements' nest in `out`, each call tagged by `tag`.
    Result expand(const isl::ast_node &call, const isl::ast_build &build, const Tag &tag, isl::ast_node &out) const;

private:
    struct Member {
        isl::id id; ///< the statement
        isl::map expansion; ///< { G[...] -> S[...] }: the group's points to the statement's instances
        std::string form; ///< expansion's text with S unnamed: members of one form share a call
    };
    struct Form; // one form's call, guard and instances in one build
    class Nest; // the guarded items being made

    std::map<std::string, std::vector<Member>> m_groups; // by group name
    isl::schedule m_tree;
};

} // namespace se
