// SPDX-License-Identifier: MIT
#pragma once

#include "DependenceFlags.h"
#include "DifferenceRanges.h"

#include <isl/cpp.h>

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace se {

struct Dependence;

/// Per-dependence results of the last FlagAnalysis::compute, reused while
/// the dependence's two statements reach a band with the same instances and
/// the same times: an edit changes the times of a few statements, and the
/// flags of a 257-statement band over 11,360 dependences are slow to
/// compute from scratch. Holds isl objects: it goes before their context.
class FlagCache {
public:
    /// One statement's part of a key, made once per band and shared by its
    /// edges (a key per edge copied six isl objects, edge after edge of a
    /// first tile's flags on tiled_matmul_64).
    struct StatementKey {
        isl::set reach; ///< { s[i] } reaching the band
        /// { s[i] -> [outer..., members...] }: a map, a function on s's
        /// space, or both (optional: cpp.h refuses to copy a null object)
        std::optional<isl::map> times;
        std::optional<isl::multi_aff> fn;
    };
    using StatementKeyPtr = std::shared_ptr<const StatementKey>;
    struct Key {
        StatementKeyPtr src, dst;
        int outer = 0;
        unsigned members = 0;
    };
    /// The result stored for dependence `dep` of `deps` under `key`, or null.
    const DependenceFlags *find(const std::vector<Dependence> &deps, std::size_t dep, const Key &key) const;
    /// Remembers a result for the next compute (the current one's results
    /// replace the last one's when it ends).
    void store(std::size_t dep, Key key, DependenceFlags flags);
    /// Starts a compute over `deps`; `finish` makes its results the ones found.
    void begin(const std::vector<Dependence> &deps);
    /// `keepUnseen`: dependences this compute stored nothing for keep the
    /// last results (a compute of some bands only).
    void finish(bool keepUnseen = false);
    void clear();

    /// The ranges of time differences of the same dependence list, kept
    /// across computes (a tile's point band meets its tile band's and the
    /// untiled band's dimensions again). Emptied with the entries.
    DifferenceRanges &ranges() { return m_ranges; }

    std::size_t hits() const { return m_hits; }
    std::size_t misses() const { return m_misses; }

private:
    struct Entry {
        Key key;
        DependenceFlags flags;
    };
    /// Structural equality of two statements' keys, asked once per pair in
    /// a compute (thousands of edges share a few hundred statements).
    bool same(const StatementKeyPtr &a, const StatementKeyPtr &b) const;
    using Table = std::vector<std::vector<Entry>>; // per dependence index
    const void *m_deps = nullptr; // the dependence list the entries are for
    std::size_t m_count = 0;
    Table m_last, m_next;
    DifferenceRanges m_ranges;
    /// same()'s answers in this compute, by the two keys' addresses; the
    /// keys are held (`m_held`) so that no address names another key.
    mutable std::map<std::pair<const StatementKey *, const StatementKey *>, bool> m_same;
    mutable std::vector<StatementKeyPtr> m_held;
    mutable std::size_t m_hits = 0, m_misses = 0;
};

} // namespace se
