// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <utility>
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
    /// the maps candidate schedules transform (FlatSchedule::Transform):
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
    /// Dimension d's bounds where the statement's time function is a
    /// constant there, without isl's minimum and maximum; nothing otherwise.
    std::optional<Range> constantAt(std::size_t statement, unsigned d);
    /// Every dimension's bounds of `map`'s times, from `sources` or computed there.
    const std::vector<Range> &sourceBounds(const isl::map &map, Sources &sources) const;
    /// One dimension of ordered()'s test: decided (true: ordered), or
    /// nothing when both are the same constant there (the next decides).
    static std::optional<bool> step(const Range &a, const Range &b, bool underSet);

    const PolyhedralModel &m_model;
    const FlatSchedule &m_schedule;
    std::vector<std::vector<Range>> m_bounds;
    std::vector<isl::set> m_ranges; ///< per statement, made when a bound needs it
    std::vector<signed char> m_hasInstances; ///< per statement: -1 not asked yet
    Sources *m_sources = nullptr;
};

} // namespace se
