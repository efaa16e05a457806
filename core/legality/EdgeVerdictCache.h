// SPDX-License-Identifier: MIT
#pragma once

#include "DifferenceMinimum.h"
#include "LinearPartIds.h"
#include "core/deps/Dependence.h"
#include "core/report/CheckReport.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/IntegersHash.h"

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace se {

/// Verdicts of edges that are the same problem up to names and a common
/// shift in time. Whether an edge is violated depends only on its relation
/// (its shape) and on tT - tS over its pairs; with affine times t = L(x) + c
/// that is the two linear parts and cT - cS. A fused pipeline of 400 stages
/// poses a handful of such problems, not 399; the witness pair carries over
/// too. Kept across checks, so undoing an edit finds its verdicts again.
class EdgeVerdictCache {
public:
    struct Verdict {
        bool violated = false;
        bool counted = false;
        std::optional<std::int64_t> count;
        /// src, dst, params, and their times under the schedule it was found in
        Witness witness;
        bool witnessed = false; ///< violated: `witness` was found (not by a check without witnesses)
        /// The two statements' time constants then: an edge with the same
        /// key has the same linear parts, so its times at the witness are
        /// these times shifted by its own constants' difference.
        std::vector<std::int64_t> srcConstants, dstConstants;
    };

    /// Starts a new schedule: the per-statement forms are recomputed lazily.
    void setSchedule(const FlatSchedule &schedule);
    /// An edge's problem: its shape, its statements' linear parts' ids and
    /// their constants' difference per time dimension (in that order); at a
    /// dimension where both times are their constants alone, only its sign,
    /// and after the first such non-zero sign, zeros (key()).
    using Key = std::vector<std::int64_t>;
    /// The key of an edge under the current schedule, or nullopt when a
    /// time is not a single affine piece.
    std::optional<Key> key(const Dependence &dep);
    /// Whether an edge is violated (`key`: its key()), from the least time
    /// difference of its shape under its statements' linear parts (made
    /// once per shape and pair of parts); nullopt when that minimum is not
    /// a plain integer point (isl decides the edge then).
    std::optional<bool> violatedByMinimum(const Dependence &dep, const Key &key);
    /// Whether every pair of an edge is violated, from the greatest time
    /// difference in the same way (made only when asked: a count wants it).
    std::optional<bool> everyPairViolated(const Dependence &dep, const Key &key);
    /// The violating pairs of an edge (`key`: its key()) known violated by
    /// the least difference, from its statements' linear parts and
    /// constants: { [a -> b] } of the anonymous shape, as disjoint pieces,
    /// one per dimension where the difference turns negative (from the
    /// least difference's first non-zero one) and one where it is 0
    /// throughout. Nothing when the forms or the minimum are not known.
    std::optional<std::vector<isl::set>> violatingPieces(const Dependence &dep, const Key &key);

    const Verdict *find(const Key &key) const;
    /// The time constants of a statement whose key was made (its times are
    /// one affine piece); null otherwise.
    const std::vector<std::int64_t> *constants(std::size_t statement) const;
    /// `verdict`'s witness times for an edge from `src` to `dst` with the
    /// same key; false when a time leaves 64 bits (isl computes them then).
    bool shiftedTimes(const Verdict &verdict, std::size_t src, std::size_t dst, std::vector<Integer> &srcTime,
                      std::vector<Integer> &dstTime) const;
    void store(const Key &key, Verdict v);

private:
    struct Form {
        bool known = false;
        bool affine = false;
        int part = -1; ///< the times without their constants: an id in m_parts
        /// { [x] -> [t] }: the times without their constants, anonymous.
        std::optional<isl::multi_aff> linearFn;
        std::vector<std::int64_t> constants; ///< per time dimension
        /// A source form's time map (optional: a null isl::map cannot be copied).
        std::optional<isl::map> map;
        FlatSchedule::Handle times; ///< a statement's form's times (their identity)
    };
    const Form &form(std::size_t statement);
    /// `source` with its times put through `rows`, or nullopt (a constant
    /// beyond 64 bits, a dimension out of range).
    std::optional<Form> transformed(const Form &source, const std::vector<FlatSchedule::Transform::Row> &rows);
    /// The form of times that are one affine function (null: not one).
    Form readForm(const isl::multi_aff &times);
    /// The form of a map candidates move (FlatSchedule::Transform), kept
    /// across schedules by the map's object (the form holds the map).
    const Form &sourceForm(const isl::map &map);
    const Form *sourceFormIfKnown(const isl::map &map) const;

    const FlatSchedule *m_schedule = nullptr;
    std::vector<Form> m_forms;
    std::unordered_map<const isl_map *, Form> m_sourceForms;
    std::unordered_map<Key, Verdict, IntegersHash> m_verdicts;
    LinearPartIds m_parts;
    /// A source part and rows -> the moved linear part's id and function.
    std::unordered_map<std::string, std::pair<int, isl::multi_aff>> m_movedParts;
    /// The least and greatest differences' problems so far.
    using Extremes = std::map<std::tuple<int, int, int>, DifferenceMinimum>; ///< shape, src part, dst part
    std::optional<bool> byExtreme(Extremes &known, bool greatest, const Dependence &dep, const Key &key);
    Extremes m_minima, m_maxima;
};

} // namespace se
