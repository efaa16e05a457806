// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"
#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <optional>
#include <unordered_map>
#include <vector>

namespace se {

class FlatSchedule;
class PolyhedralModel;

/// Integer bounds of each time dimension of each statement (fixed
/// parameters only), computed as needed. When two statements' times share
/// constant leading dimensions and then src's range ends before dst's
/// begins, every pair between them is ordered: no isl call is needed.
/// Tiles placed in sequence are decided this way.
class TimeBounds {
public:
    struct Range {
        bool known = false;
        bool bounded = false;
        long lo = 0, hi = 0;
    };
    /// The bounds of whole time maps, kept from one check to the next for
    /// the maps candidate schedules translate (FlatSchedule::Translation):
    /// keyed by the map's isl object, which the entry keeps alive.
    using Sources = std::unordered_map<const isl_map *, std::pair<isl::map, std::vector<Range>>>;

    /// With `sources`, a translated statement's bounds are its source's
    /// moved, known from the start.
    TimeBounds(const PolyhedralModel &model, const FlatSchedule &schedule, Sources *sources = nullptr);
    /// True when every src instance runs strictly before every dst instance.
    bool ordered(std::size_t src, std::size_t dst);
    /// ordered(), decided from the bounds already known: false where it
    /// would need one more (no isl computation).
    bool orderedByKnown(std::size_t src, std::size_t dst) const;

    /// What was computed, to be reused by the next schedule's bounds for
    /// the statements whose times did not change (IncrementalLegality).
    struct Memo {
        std::vector<std::vector<Range>> bounds;
        std::vector<isl::set> ranges;
        unsigned dims = 0;
    };
    Memo memo() &&;
    /// Takes over `memo`'s bounds of every statement not `changed`.
    void reuse(Memo memo, const std::vector<bool> &changed);

private:
    const Range &at(std::size_t statement, unsigned d);
    /// `[lo, hi]` of `range`'s dimension d, over every parameter value.
    static Range bound(const isl::set &range, unsigned d);
    /// Every dimension's bounds of `map`'s times, from `sources` or computed there.
    const std::vector<Range> &sourceBounds(const isl::map &map, Sources &sources) const;
    /// One dimension of ordered()'s test: decided (true: ordered), or
    /// nothing when both are the same constant there (the next decides).
    static std::optional<bool> step(const Range &a, const Range &b, bool underSet);

    const PolyhedralModel &m_model;
    const FlatSchedule &m_schedule;
    std::vector<std::vector<Range>> m_bounds;
    std::vector<isl::set> m_ranges;
    Sources *m_sources = nullptr;
};

/// A schedule is legal when every dependence pair (a, b) has time(a)
/// lexicographically strictly before time(b); equal times violate. Each
/// edge is checked on its own, between its two statements' time maps:
/// no whole-kernel order is ever built.
class LegalityChecker {
public:
    struct Options {
        bool countViolations = true; ///< count violating pairs (only when every parameter is fixed)
        bool timeBounds = true; ///< settle edges by time bounds where possible (off: isl for every edge)
        /// false: a violated edge's report holds only the edge and its count
        /// (no witness, times or message): a moves list needs no more.
        bool witnesses = true;
    };

    /// { src[i] -> dst[j] : (i, j) in dep and time(src[i]) >=lex time(dst[j]) }
    static isl::map violatingPairs(const Dependence &dep, const FlatSchedule &schedule);

    /// One report per violated edge (edge = its index in `deps`), with a
    /// concrete witness pair and a message naming the two accesses.
    static std::vector<ViolationReport> check(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                              const FlatSchedule &schedule, Options options);
    static std::vector<ViolationReport> check(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                              const FlatSchedule &schedule)
    {
        return check(model, deps, schedule, Options{});
    }

    /// The report of a violation of `deps[edge]` with a known witness pair
    /// (its times, the breaking level, the two accesses, the message).
    /// The report of a violation of `deps[edge]` without a witness (Options::witnesses off).
    static ViolationReport bare(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                std::optional<std::int64_t> count);

    static ViolationReport report(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                  const FlatSchedule &schedule, const Witness &witness,
                                  std::optional<std::int64_t> count);

    /// What a report is made of beyond the witness: the two instances'
    /// times and the sentence on which accesses meet. The times follow from
    /// the schedule; the sentence only from the kernel and the witness, so
    /// a caller checking many schedules may keep it.
    struct Parts {
        std::vector<Integer> srcTime, dstTime;
        std::string meeting; ///< `s0[1] writes A[1], s1[2] reads it`
    };
    /// `meeting` of Parts.
    static std::string meeting(const PolyhedralModel &model, const Dependence &dep, const Witness &witness);
    /// The report from its parts (report() computes them with isl).
    static ViolationReport compose(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                   const FlatSchedule &schedule, const Witness &witness,
                                   std::optional<std::int64_t> count, Parts parts);

    /// Explains one non-empty set of violating pairs of `deps[edge]`.
    static ViolationReport explain(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                   const FlatSchedule &schedule, const isl::map &bad, Options options);
    /// The same with the violating pairs' count already known (or none).
    static ViolationReport explain(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                   const FlatSchedule &schedule, const isl::map &bad,
                                   std::optional<std::int64_t> count);
};

} // namespace se
