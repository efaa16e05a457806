// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/DepMode.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/cpp.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace se {

class FlatSchedule;
struct Dependence;

class FlatPlace;

/// What a band's edits can change of each dependence: for every edge whose
/// instance pairs reach the band with equal times before it, the band's
/// time differences of those pairs (dst minus src, one per member). An
/// edit of the band's members (shift, skew, scale, reverse, permute, tile)
/// keeps the times before the band and after it, so the exact legality of
/// the edited schedule is a question about these sets alone:
/// - `ahead`: { [d0, ..., dm-1] } of the pairs whose times after the band
///   go forward (a tie across the band is still legal for them);
/// - `level`: those whose times after the band do not (equal, backward,
///   or across a set's children): the band must order them itself.
/// Parametric when parameters are free.
class BandDifferences {
public:
    struct Edge {
        std::size_t edge = 0; ///< index into the analyzer's dependences
        std::size_t src = 0, dst = 0; ///< model statement indices
        isl::set ahead; ///< { [d0, ..., dm-1] }
        isl::set level; ///< { [d0, ..., dm-1] }
        /// Edges with the same value here (other than kOwnSets) have the
        /// same two sets: made once, for the first of them.
        std::size_t sets = kOwnSets;
    };
    static constexpr std::size_t kOwnSets = static_cast<std::size_t>(-1);

    /// Reads the band at `place`; throws TreeError when the node is not a
    /// band with members. `blocked()` says why no edit of the band can make
    /// the schedule legal (a dependence broken before the band or outside
    /// it), and then no edge is read.
    BandDifferences(FlatPlace &place, DepMode mode);

    unsigned members() const { return m_members; }
    /// The statements under the band, model indices in order.
    const std::vector<std::size_t> &statements() const { return m_statements; }
    const std::vector<Edge> &edges() const { return m_edges; }
    /// Non-empty: every range of the band is empty, and this says why
    /// (`RAW s0 -> s1 on A is broken before this band`).
    const std::string &blocked() const { return m_blocked; }
    /// The dependence that blocks it, when one does.
    std::optional<std::size_t> blockingEdge() const { return m_blockingEdge; }

    /// The band's position among the statements' offsets (`statements()`
    /// order), or -1.
    int position(std::size_t statement) const;
    isl::ctx ctx() const { return m_ctx; }

private:
    /// One edge's sets from its difference vectors { [t0, ..., tn-1] }
    /// (no set below the band); nullopt when no pair is undecided before it.
    std::optional<Edge> fromDifferences(const Dependence &dep, std::size_t e, const FlatSchedule &flat,
                                        const isl::set &zeroBefore, const isl::set &aheadDiff,
                                        const isl::set &notAheadDiff, const isl::map &project) const;
    /// The same from its pairs of times { [t] -> [u] }: the reference, and
    /// the way when a set below the band makes the order of a pair depend
    /// on more than its difference.
    std::optional<Edge> fromPairs(const Dependence &dep, std::size_t e, const FlatSchedule &flat,
                                  const isl::map &before, const isl::map &ahead, const isl::map &project, unsigned d,
                                  unsigned end) const;

    isl::ctx m_ctx;
    unsigned m_members = 0;
    std::vector<std::size_t> m_statements;
    std::vector<Edge> m_edges;
    std::string m_blocked;
    std::optional<std::size_t> m_blockingEdge;
};

/// `[d0, d1, d2]`: the names of a band's difference dimensions in isl text.
std::string differenceTuple(unsigned members);

} // namespace se
