// SPDX-License-Identifier: MIT
#pragma once

#include "BandDifferences.h"

#include "core/deps/DepMode.h"
#include "core/edit/Edit.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/cpp.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace se {

class Analyzer;
class FlatPlace;

/// One edit argument's legal values as plain data: the isl set (parametric
/// while parameters are free) and a sentence. `min`/`max` are the bounds of
/// a one-dimensional range when no parameter is left (absent: unbounded on
/// that side).
struct ArgumentRange {
    std::string set; ///< `{ [k] : k >= -1 }`
    std::string text; ///< `any factor of at least -1`
    bool empty = false;
    bool exact = true; ///< false: for every parameter value at once, not symbolic
    bool symbolic = false; ///< the set depends on the parameters (no min and max then)
    std::optional<std::int64_t> min, max;
};

struct ShiftRange {
    int member = 0;
    std::string statement; ///< the one statement shifted (every other by 0)
    ArgumentRange range;
};

struct ShiftSetRange {
    int member = 0;
    std::vector<std::string> statements; ///< the set's dimensions, in order
    ArgumentRange range;
    /// The legal offsets that change least (least sum of |offset|), when
    /// the set has a point and no parameter is left.
    std::optional<std::vector<std::int64_t>> sample;
};

struct SkewRange {
    int member = 0, source = 0; ///< member += factor * source
    ArgumentRange range;
};

struct ScaleRange {
    int member = 0;
    ArgumentRange range;
};

struct ReverseVerdict {
    int member = 0;
    bool legal = false;
};

struct PermutationVerdict {
    std::vector<int> order; ///< as Edit::permute: member k takes old member order[k]
    bool legal = false;
};

/// Members first..last (inclusive) form a permutable band: every
/// dependence the members before `first` leave undecided has a
/// non-negative difference at each of them, so they can be tiled.
struct PermutableRange {
    int first = 0, last = 0;
    bool permutable = false;
};

/// Every parametric edit of one band with the exact set of its arguments
/// that keep the schedule legal (computed from the dependences with isl,
/// not by trying values). Plain data.
struct BandRanges {
    NodePath node;
    unsigned members = 0;
    std::vector<std::string> statements;
    /// Non-empty: why no edit of this band makes the schedule legal (every
    /// range is then empty).
    std::string blocked;
    std::vector<ShiftRange> shifts; ///< per member and statement
    std::vector<ShiftSetRange> shiftSets; ///< per member, every statement's offset
    std::vector<SkewRange> skews; ///< per ordered member pair
    std::vector<ScaleRange> scales;
    std::vector<ReverseVerdict> reverses;
    std::vector<PermutationVerdict> permutations; ///< every order, bands of at most 5 members
    std::vector<PermutableRange> permutable; ///< every contiguous range of members
    bool legal = false; ///< the schedule as it is

    /// The range of one listed move's own argument (a shift of one
    /// statement, a skew, a scale at this band), or null.
    const ArgumentRange *of(const Edit &e) const;
};

/// The exact legal ranges of a band's edits (BandDifferences has the
/// reasoning). Also the building blocks of Repair: the legal sets as isl
/// objects.
class LegalRanges {
public:
    LegalRanges(FlatPlace &place, DepMode mode);

    /// Everything at once, as plain data. Throws TreeError when the node is
    /// not a band; ResourceLimitError and CancelledError pass through.
    static BandRanges compute(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &node, DepMode mode);
    BandRanges report() const;

    const BandDifferences &differences() const { return m_diffs; }

    /// What an edit's arguments must give beyond legality.
    enum class Also {
        Nothing,
        /// every dependence undecided before the band has a difference
        /// >= 0 at the member (the band stays or becomes permutable there)
        NonNegative,
        /// every dependence undecided before the member has a difference
        /// 0 at it (the member is parallel)
        Zero,
    };
    /// { [o_s0, ..., o_sn] }: the offsets (one per statement(), in order)
    /// of a shift at `member` that keep the schedule legal (and `also`),
    /// for parameter values in the parameters' context (the set may leave
    /// the context's constraints out: intersect with it to compare).
    isl::set shiftSet(int member, Also also = Also::Nothing) const;
    /// { [o] }: the offsets of the statement at `position` (in
    /// statements()) alone, every other statement's offset 0.
    isl::set shiftSetAlone(int member, std::size_t position) const;
    /// shiftSetAlone for every statement at once: each statement pair's
    /// range is visited once, not once per statement.
    std::vector<isl::set> shiftSetsAlone(int member) const;
    /// The legal offsets (one per statement) that change least, for every
    /// parameter value: least sum of magnitudes for bands of at most 32
    /// statements, else the least non-negative offsets. Nullopt: none.
    std::optional<std::vector<std::int64_t>> leastShift(int member, Also also = Also::Nothing) const;
    /// { [k] }: factors of `member += k * source` that keep it legal (and
    /// `also`, NonNegative or Nothing), or nullopt where the difference of
    /// `source` takes too many values for an exact set (skewRange then
    /// bisects).
    std::optional<isl::set> skewSet(int member, int source, Also also = Also::Nothing) const;
    /// True when every dependence undecided before `member` has difference
    /// 0 at it (the member is parallel).
    bool coincident(int member) const;
    /// True when the band with each member's difference replaced by an
    /// affine form of the differences (`-d1`, `d0 + 2*d1`; isl syntax over
    /// d0..dm-1) keeps every dependence legal.
    bool legalUnder(const std::vector<std::string> &forms) const;
    /// legalUnder of the members in this order (a permutation of 0..m-1),
    /// from questions that permutations share.
    bool permutationLegal(const std::vector<int> &order) const;
    /// True when members [first, last] are permutable (see PermutableRange).
    bool permutable(int first, int last) const;
    /// True when, with the differences replaced by `forms` (as legalUnder),
    /// every dependence undecided before `first` is >= 0 at each of the
    /// forms first..last.
    bool nonNegativeUnder(const std::vector<std::string> &forms, int first, int last) const;
    /// True when the band, as it is, keeps every dependence legal.
    bool legal() const;

    /// The points of `set` (over parameters) that are in it for every
    /// parameter value of `context`: a set without parameters.
    static isl::set forEveryParameter(const isl::set &set, const isl::set &context);
    /// The offsets that change least in `set` for every parameter value
    /// (see ShiftSetRange::sample); nullopt when there are none.
    static std::optional<std::vector<std::int64_t>> leastOffsets(const isl::set &set, const isl::set &context);

private:
    /// The legal values of o_dst - o_src, per statement pair (positions in
    /// statements()) with a dependence the band decides; nullopt: no
    /// offsets at all (blocked, or broken before `member`).
    struct PairRange {
        int src = 0, dst = 0;
        isl::set good; ///< { [u] }
        std::string text; ///< good's text (pairs share ranges: printed once)
    };
    /// `make`: compute even the legal ranges the constructor made.
    std::optional<std::vector<PairRange>> pairRanges(int member, Also also, bool make = false) const;
    /// For the pairs left undecided before `member`: those for which a tie
    /// at `member` is legal (what follows in the band goes forward, or
    /// nothing does and the times after the band do) and those that need
    /// `member` itself to go forward.
    struct Split {
        isl::set tieOk, strict;
    };
    /// Edges with the same difference sets, and the statement pairs of each.
    struct Shape {
        isl::set ahead, level;
        std::vector<std::pair<std::size_t, std::size_t>> pairs; ///< (src, dst) model indices
    };
    Split splitAt(const Shape &e, int member) const;
    /// A pair's range as an interval without parameters (for every
    /// parameter value of the context).
    struct DifferenceBound {
        int src = 0, dst = 0;
        bool empty = false;
        std::optional<std::int64_t> lo, hi;
    };
    /// Every pair's bounds, or nullopt when one range is not such an
    /// interval. `everyParameter`: the values legal for every parameter
    /// value of the context, where the range depends on the parameters (what
    /// one sample must keep); otherwise such a range is not an interval.
    std::optional<std::vector<DifferenceBound>> differenceBounds(const std::vector<PairRange> &pairs,
                                                                 bool everyParameter = false) const;
    /// What differenceBounds and the sentences need of one pair range.
    struct Interval {
        bool plain = false; ///< the same for every parameter value of the context
        bool interval = false; ///< one interval without parameters (for every parameter value, if asked)
        bool empty = false;
        std::optional<std::int64_t> lo, hi;
        std::string text; ///< the range, without what the context says
    };
    Interval intervalOf(const isl::set &good, bool everyParameter) const;
    /// intervalOf, worked out once per range text.
    const Interval &interval(const PairRange &pair, bool everyParameter) const;
    std::string boundsText(const std::vector<DifferenceBound> &bounds) const; ///< `{ [o_s0, o_s1] : ... }`
    std::string offsetsTuple() const; ///< `[o_s0, o_s1]`
    /// `[N] -> { [o_s0, o_s1] : (cond on o_s1 - o_s0) and ... }`: every
    /// pair's range written over the offsets, as isl reads it but not made
    /// (nullopt when a parameter is named `u`).
    std::optional<std::string> conjunctionText(const std::vector<PairRange> &pairs) const;
    /// The joint shift range at `member` with a sentence per statement pair.
    ArgumentRange jointRange(int member, bool hasPoint) const;
    ArgumentRange describe(const isl::set &set, const std::string &what) const;
    isl::set undecided(const isl::set &diffs, int member) const; ///< d_k = 0 for k < member
    bool anyBackwardBefore(int member) const; ///< a pair goes backward before `member` (once per member)
    bool backwardBefore(int member) const; ///< the same, asked of the sets
    ArgumentRange skewRange(int member, int source) const;
    /// { [a, b] }: the (member, source) differences of the pairs undecided
    /// before `member`, those for which a tie at it is legal and those that
    /// need it to go forward; nullopt when blocked or broken before it.
    std::optional<std::vector<std::pair<isl::set, isl::set>>> skewParts(int member, int source, Also also) const;
    std::optional<std::vector<std::pair<isl::set, isl::set>>> makeSkewParts(int member, int source, Also also) const;
    /// skewSet's factors from the parts: each value b of the source's
    /// difference in [lo, hi] in turn (the reference), or, with every
    /// parameter fixed, from the least member difference per value.
    isl::set skewSetByValues(const std::vector<std::pair<isl::set, isl::set>> &parts, std::int64_t lo,
                             std::int64_t hi) const;
    isl::set skewSetFixed(const std::vector<std::pair<isl::set, isl::set>> &parts) const;

    /// Bands of more statements get their joint shift set unsimplified.
    static constexpr std::size_t kMostSimplified = 32;

    FlatPlace &m_place;
    BandDifferences m_diffs;
    isl::set m_context; ///< the parameters' context
    bool m_fixedParameters = false; ///< the context fixes every parameter
    // Per member k, made once: { d : d_j = 0 for j < k }, and the pairs
    // whose later members go forward (or, also, are all 0).
    std::vector<isl::set> m_undecided, m_restForward, m_restForwardOrZero;
    // ... and the complements of the last two (later members backward, or
    // backward or all 0).
    std::vector<isl::set> m_restBackward, m_restBackwardOrZero;
    std::vector<Shape> m_shapes; ///< every edge of m_diffs, grouped by its difference sets
    /// Every shape's sets united (no pairs): what the questions that do not
    /// ask which statement pair (legality under forms, skews, permutability)
    /// look at, once instead of once per shape; the same sets, so the same answers.
    std::vector<Shape> m_union;
    /// permutationLegal's answers: (which members are zero so far, member)
    /// -> (no vector negative there, no vector zero there).
    mutable std::map<std::string, std::pair<bool, bool>> m_prefixAnswers;
    mutable std::map<std::string, Interval> m_intervals; ///< interval()'s, by range text
    /// splitAt(m_union's shape, member) per member, made when first asked.
    mutable std::vector<std::optional<Split>> m_unionSplits;
    /// skewParts per (member, source, also).
    mutable std::map<std::tuple<int, int, int>, std::optional<std::vector<std::pair<isl::set, isl::set>>>> m_skewParts;
    mutable std::vector<std::optional<bool>> m_backwardBefore; ///< anyBackwardBefore's per member
    mutable std::optional<bool> m_legal; ///< legal()'s
    std::vector<std::optional<std::vector<PairRange>>> m_legalPairs; ///< pairRanges(k, Nothing) per member
};

} // namespace se
