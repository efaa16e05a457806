// SPDX-License-Identifier: MIT
#pragma once

#include "PrefixForms.h"

#include <isl/cpp.h>

#include <optional>
#include <vector>

namespace se {

/// The tree isl_schedule_node_group makes, built statement by statement
/// from their prefix forms. isl's grouping reads every grouped statement's
/// prefix schedule and domain as one union and checks it against the whole
/// domain (slow at a tile by 32 of tiled_matmul_64's pipelined band: two
/// groups of 128 statements), where the statements of a tile share a
/// handful of forms.
class GroupedTree {
public:
    /// What the grouping at one node makes.
    struct Group {
        isl::union_map expansion; ///< { G[prefix] -> S[i] } on the instances reaching the node
        /// { S[i] -> G[prefix] } on each statement's universe, when asked for
        /// (optional: cpp.h cannot copy a null object)
        std::optional<isl::union_pw_multi_aff> contraction;
        isl::set points; ///< { G[prefix] }: the group's points, coalesced
    };
    /// The grouping named `group` of the statements in `forms`, each form's
    /// relations made once and renamed for the alike statements; `space`
    /// the domain's (for the empty unions). Nothing when no statement.
    static std::optional<Group> of(const PrefixForms &forms, const isl::id &group, const isl::space &space,
                                   bool contraction);
    /// `band`'s partial schedule once every statement reaching it is grouped
    /// right below it and no band is above it (isl's group_band): the
    /// statements' pieces dropped, the identity on `points` added.
    static isl::multi_union_pw_aff bandOver(const isl::schedule_node_band &band, const isl::set &points);

    struct Target {
        std::vector<int> path; ///< from the root: a sequence or set right below a band
        isl::union_set reach; ///< the instances reaching it
        const PrefixForms *forms; ///< their prefix forms
        isl::id group; ///< the group statement's id
    };
    /// `tree` grouped at each target in turn, as isl_schedule_node_group
    /// called at each in that order makes it (tst_groupedtree compares the
    /// two; the group's points may list their disjuncts in another order).
    /// Only where isl's grouping takes every grouped statement out of each
    /// ancestor whole: the way from the domain to each target's band holds
    /// only sequences, sets and filters that are unions of statement
    /// universes, and no other band. Nothing otherwise.
    static std::optional<isl::schedule> make(const isl::schedule &tree, const std::vector<Target> &targets);
};

} // namespace se
