// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <vector>

namespace se {

/// isl 0.25's generator orders the statements that share a band by a test
/// per pair of them at each of its levels (generate_components), a level
/// that is one value for all of them and one that is a constant per
/// statement included. A tile of tiled_matmul_64's pipelined band has 16
/// statements below ten levels: three tile levels that are one value (the
/// stage's tile, the slot's, the k loop's) and two point levels that are
/// each statement's stage and slot; isl was slow on every tile stage. This
/// rewrites the top chain of a tree (the bands, marks and filters from the
/// domain down to the first sequence, set or leaf), for the generator only:
/// - a member that is one integer on every instance is taken out: isl
///   makes no loop of it (a degenerate level);
/// - the first run of members that are a constant per statement (one-value
///   members between them aside) becomes a sequence ordered by their values
///   where the run was, when no two statements share those values: the
///   members before it above, those after it and the chain's subtree below
///   each child, restricted to its statement.
/// The instances and their order are the tree's. The levels taken out keep
/// their places in the iterator names (the build skips `removed`), so the
/// loops left are named as in isl's nest of the tree as given. The tree's
/// times must be injective (AstBuilder checks them first): isl adds loops
/// of its own to times that are not, named by their depth in the tree it
/// is given, which may then be a name the build gave a loop above.
///
/// isl's nest of the rewritten tree is printed the same on the bench
/// kernels and their tiles, but not always: where statements start at
/// different parameter values isl may place a guard at another level
/// (tst_constantlevels; random kernels of 8-16 statements printed some
/// piecewise schedules differently, if equivalently), and where a tile
/// spans a whole loop (a tile member one value on the instances) isl's C
/// of the tree as given wraps each tile stage in braces the rewritten
/// tree's does not (the same loops and calls). So AstBuilder uses it only
/// where StatementGrouping has split a band of 32 statements or more (its
/// children: a pipelined band's tile stages), as StatementGrouping is used
/// only there.
class ConstantLevels {
public:
    struct Result {
        isl::schedule tree;
        std::vector<unsigned> removed; ///< the depths taken out, ascending
    };
    /// Rewrites only where at least this many statements run below the
    /// chain (56 pairs per level): a pipelined band's untiled stages (four
    /// statements) keep isl's nest as given, braces and all.
    static constexpr unsigned MinStatements = 8;
    /// Nothing when no member of the top chain is constant, fewer than
    /// `minStatements` statements run, or the tree has nodes ScheduleTree
    /// does not read or AST build options.
    static std::optional<Result> apply(const isl::schedule &tree, unsigned minStatements = MinStatements);
};

} // namespace se
