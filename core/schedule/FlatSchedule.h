// SPDX-License-Identifier: MIT
#pragma once

#include "ScheduleFlattener.h"

#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace se {

class PolyhedralModel;

/// A schedule flattened to one time map per statement, all of the same
/// length so that times of different statements compare lexicographically:
/// `{ s0[i, j] -> [t0, ..., tn-1] }` (restricted to the statement's domain).
class FlatSchedule {
public:
    FlatSchedule() = default;
    FlatSchedule(const PolyhedralModel &model, const isl::schedule &schedule);
    /// From a union map whose ranges may differ in length: the shorter are
    /// padded with zeros.
    FlatSchedule(const PolyhedralModel &model, const isl::union_map &times);

    /// { s[...] -> [t0, ..., tn-1] } for the statement of that model index,
    /// made from function() the first time it is asked for (copies share
    /// it). Like any isl object, not to be used from two threads at once,
    /// even through different copies.
    const isl::map &of(std::size_t statement) const;
    /// of() when it is made already, else null.
    const isl::map *madeMap(std::size_t statement) const;
    unsigned dims() const { return m_dims; }
    /// { s[...] -> [t0, ..., tn-1] } as one affine function, when the
    /// statement's times were read from a tree as one piece (of() is this
    /// function on the statement's instances); null otherwise.
    const isl::multi_aff *function(std::size_t statement) const
    {
        return statement < m_times.size() && m_times[statement]->function ? &*m_times[statement]->function : nullptr;
    }
    /// A statement's times as an object that copies of this schedule share
    /// until they replace them: equal handles are equal times, and holding
    /// one keeps its address from naming other times.
    using Handle = std::shared_ptr<const StatementTimes>;
    Handle handle(std::size_t statement) const { return m_times[statement]; }
    /// True when the statement's times here and in `other` are plainly
    /// the same (a false "different" is allowed: it only costs a re-check).
    bool plainlyEqual(std::size_t statement, const FlatSchedule &other) const;
    std::size_t size() const { return m_times.size(); }
    /// Times that are another map's (`from`) with some dimensions replaced
    /// by affine forms of its dimensions (a candidate shift, reverse, scale,
    /// skew or permutation of a band, MoveFinder): their bounds follow from
    /// those of `from` (TimeBounds), with no isl computation per candidate.
    struct Transform {
        struct Row {
            unsigned dim = 0; ///< the dimension replaced
            std::vector<std::pair<unsigned, long>> terms; ///< coefficient per dimension of `from`
            long constant = 0;
        };
        isl::map from;
        std::vector<Row> rows;
        /// "{ [t0, ..., tn-1] -> [...] }": `rows` over n = `dims` time
        /// dimensions, the others kept; without their constants unless
        /// `constants`.
        static std::string mapText(const std::vector<Row> &rows, unsigned dims, bool constants);
    };
    /// The same schedule with some statements' times replaced (of the
    /// same length): a candidate edit that moves a few statements
    /// (MoveFinder), each with its Transform when it is one.
    FlatSchedule withTimes(std::vector<std::pair<std::size_t, isl::map>> times,
                           std::vector<std::pair<std::size_t, Transform>> transforms = {}) const;
    /// How the statement's times were made from another's, or null.
    const Transform *transform(std::size_t statement) const
    {
        return statement < m_transforms.size() && m_transforms[statement] ? &*m_transforms[statement] : nullptr;
    }
    /// The flat schedule of `schedule`, a tree that differs from the one
    /// this was made from only in bands that `statements` (and only they)
    /// reach: a band edit. Their times are read again, the others' and the
    /// set levels (a band edit moves no set) kept. Nullopt when their times
    /// no longer fit dims().
    std::optional<FlatSchedule> rereading(const PolyhedralModel &model, const isl::schedule &schedule,
                                          const std::vector<std::size_t> &statements) const;
    /// All of them as one union map.
    isl::union_map unionMap() const;
    /// The set nodes the statement's instances pass (none for a union map).
    const std::vector<SetLevel> &setLevels(std::size_t statement) const
    {
        static const std::vector<SetLevel> none;
        return statement < m_setLevels.size() ? m_setLevels[statement] : none;
    }
    /// True when some instance of the statement passes a set at `dim`.
    bool underSet(std::size_t statement, unsigned dim) const;
    /// True when both have the same set levels (plain comparison: a false
    /// "different" only costs a re-check).
    bool sameSetLevels(std::size_t statement, const FlatSchedule &other) const;

    /// Pads every range of `times` to the longest one with zero dimensions.
    static isl::union_map padded(const isl::union_map &times, unsigned *dims = nullptr);

private:
    void split(const PolyhedralModel &model, const isl::union_map &padded);
    void take(const PolyhedralModel &model, std::vector<StatementTimes> times);
    /// Per statement; a map or function is never changed once given, only
    /// the map made from the function (hence shared between copies).
    std::vector<std::shared_ptr<StatementTimes>> m_times;
    std::vector<std::vector<SetLevel>> m_setLevels;
    std::vector<std::optional<Transform>> m_transforms; ///< per statement, from withTimes
    unsigned m_dims = 0;
};

} // namespace se
