// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>

namespace se {

/// isl 0.25's AST generator orders the statements that share a loop
/// pairwise at every loop level (generate_components: a test per pair of
/// statements), which was most of the loop nest's time when hundreds of
/// statements share a band (pipeline_400 fused: 400 statements, 160,000
/// tests per level). This rewrites a tree, for the generator only, into one
/// with the same instances in the same order that isl orders cheaply:
/// - a band member that is a constant per statement (the `[t, f, 3]` of a
///   fused union map, the tile index of a pipelined one) becomes a sequence
///   ordered by that constant above the rest of the band; the member stays,
///   one value per child, so loop depths and iterator names do not move;
/// - below a band whose child is a sequence or set, an isl expansion node
///   (isl_schedule_node_group's tree, made by GroupedTree where it can)
///   groups the statements: the band's loops see one statement, the
///   sequence brings the statements back.
/// The instances and their order are those of the original tree (and every
/// nest is checked for both: coverage in AstBuilder, NestOrderCheck); the
/// printed form is the same on every sample, conformance and bench kernel
/// (tst_statementgrouping) but not in general, hence MinStatements.
class StatementGrouping {
public:
    /// Rewrites only where at least this many statements share the band:
    /// isl's nest of the rewritten tree runs the same instances in the same
    /// order but need not be printed the same way (a statement's first
    /// iteration peeled off, a guard instead of a loop of its own), so small
    /// kernels keep isl's nest of the tree as given. (16 would group a tile
    /// of tiled_matmul_64's band, 16 statements per tile index, and speed
    /// up its nest, but a review over random kernels found bands of 16-31
    /// statements printed differently, if equivalently.)
    static constexpr unsigned MinStatements = 32;
    /// The rewritten tree, or `schedule` itself when nothing applies (no
    /// multi-statement band, or a tree with expansion or extension nodes
    /// or AST build options, which are left to isl as they are).
    static isl::schedule apply(const isl::schedule &schedule, unsigned minStatements = MinStatements);
    /// A tree apply() groups at one place, a sequence below a band right
    /// below the domain (a tile of a fused band), with its group cut off as
    /// GroupExpansion cuts it: the same tree, made without isl's grouping
    /// (isl_schedule_node_group reads every statement's domain and prefix
    /// as one union, slow at a tile of pipeline_400's band).
    struct Cut {
        isl::schedule tree; ///< the domain of group points, the band's identity on them, a leaf
        isl::id group; ///< the group statement's id (isGroup)
        isl::union_map expansion; ///< { G[...] -> S[...] }: the group's points to the statements' instances
        isl::schedule_node below; ///< the sequence grouped, in `split`
        isl::schedule split; ///< the tree before grouping: grouped() groups it by isl
    };
    /// apply()'s grouping, made once: its Cut where it is of that kind
    /// (grouped(cut) when isl's grouped tree is needed after all), else
    /// apply()'s tree. One of the two, never both (cpp.h cannot copy a null
    /// isl object).
    struct Grouping {
        std::optional<isl::schedule> tree;
        std::optional<Cut> cut;
    };
    static Grouping group(const isl::schedule &schedule, unsigned minStatements = MinStatements);
    /// isl's grouped tree that `cut` stands for: apply() of the schedule it was made from.
    static isl::schedule grouped(const Cut &cut);
    /// True when `id` names a group statement apply() made.
    static bool isGroup(const isl::id &id);
};

} // namespace se
