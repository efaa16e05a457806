// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"
#include "core/deps/Dependence.h"
#include "MeetingElements.h"
#include "TimeBounds.h"

#include <isl/cpp.h>

#include <optional>
#include <unordered_map>
#include <vector>

namespace se {

class FlatSchedule;
class PolyhedralModel;

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
    /// `meeting` of Parts; `memo` (optional) keeps the elements of the
    /// instances met, for later violations meeting them again.
    static std::string meeting(const PolyhedralModel &model, const Dependence &dep, const Witness &witness,
                               MeetingElements *memo = nullptr);
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
