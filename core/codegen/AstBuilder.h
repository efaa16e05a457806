// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class AstMemo;
class PolyhedralModel;

/// Builds isl's AST of a schedule over a model's domain, under the model's
/// parameter context, with iterators `c0, c1, ...` named by schedule depth.
/// isl options are chosen so the AST stays close to the kernel format:
/// - detect_min_max: a piecewise bound is written `min`/`max` (the format's
///   bound lists) rather than a `select` (which it lacks);
/// - allow_or off: conditions are conjunctions, so an else-branch splits
///   into few cases;
/// - atomic_upper_bound: one `c < min(...)` per loop, not a conjunction;
/// - scale_strides off: iterators keep the schedule's time values, so
///   `c0` is the schedule's dimension 0 as written.
/// The options are restored afterwards. Runs under the context's quota; a
/// schedule isl cannot generate code for (say, `unroll` on a loop without
/// a constant trip count) is an InputError labelled `file`.
class AstBuilder {
public:
    /// How isl is asked: from the schedule tree (the default), rewritten by
    /// StatementGrouping so isl orders hundreds of statements cheaply; from
    /// the tree exactly as given (the same nest, slower: tests compare the
    /// two); or from the schedule's flat times as a map (isl's other
    /// generator; the second try when the tree's nest runs instances out of
    /// order, NestOrderCheck).
    enum class From { Tree, TreeAsIs, Map };
    /// True when some band carries AST build options (unroll, separate):
    /// the map loses them.
    static bool hasOptions(const isl::schedule &schedule);
    /// The nest's items in order: one node, or, for a tree whose root is a
    /// sequence (or set), each child's nest in turn (AstSequenceSplit; with
    /// `memo`, a child an edit did not change is not generated again).
    static isl::ast_node_list build(const PolyhedralModel &model, const isl::schedule &schedule,
                                    const std::string &file, From from = From::Tree, AstMemo *memo = nullptr);

    /// `c`, or a longer prefix when a parameter is named like `c<digits>`.
    static std::string iteratorPrefix(const std::vector<std::string> &params);
};

} // namespace se
