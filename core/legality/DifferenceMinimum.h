// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace se {

/// The lexicographically least time difference dst(b) - src(a) over the
/// pairs of an edge shape, for two statements' times without their
/// constants. Lexicographic order is invariant under translation, so with
/// the constants an edge is violated exactly when this least difference
/// plus the constants' difference is <=lex 0: one minimum answers every
/// edge of the shape whose statements share these linear parts, whatever
/// their constants (the tiles of a kernel, a statement shifted, a candidate
/// of the moves list), by a comparison of integers. The greatest difference
/// answers the same way whether every pair of such an edge is violated
/// (its pairs then need no counting of their own: the shape's count).
class DifferenceMinimum {
public:
    enum class Kind {
        Unknown, ///< unbounded below, or beyond 64 bits: isl decides each edge
        NoPairs, ///< the shape has no pairs: never violated
        Point,
    };

    /// `shape`: { [a] -> [b] }, anonymous; `src`, `dst`: { [a] -> [t] }
    /// and { [b] -> [t] }, anonymous, of equal output size. Parameters are
    /// projected out: a violation for any of their values is one.
    /// `greatest`: the lexicographically greatest difference instead.
    static DifferenceMinimum of(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                                bool greatest = false);

    Kind kind() const { return m_kind; }
    /// Whether an edge whose constants differ by `diff` (dst's - src's) is
    /// violated (for the greatest difference: every pair of it is).
    /// Kind::Point or Kind::NoPairs only.
    bool violated(const std::vector<std::int64_t> &diff) const;
    /// The pairs of `shape` (as in of(), with the least difference) whose
    /// difference plus `diff` is <=lex 0, as disjoint sets { [a -> b] }: one
    /// per dimension where it first turns negative, from the least
    /// difference's first non-zero dimension on (none turns negative
    /// before), and one where it is 0 throughout. Kind::Point only.
    std::vector<isl::set> violatingPieces(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                                          const std::vector<std::int64_t> &diff) const;

private:
    /// The first dimension where the point plus `diff` is not 0, and
    /// whether it is negative there; nothing when it is 0 throughout.
    std::optional<std::size_t> firstNonZero(const std::vector<std::int64_t> &diff, bool *negative) const;

    Kind m_kind = Kind::Unknown;
    std::vector<std::int64_t> m_point;
};

} // namespace se
