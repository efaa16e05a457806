// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace se {

class PolyhedralModel;

/// Counts violating pairs (every parameter fixed). An edge whose every pair
/// violates has its shape's count (Dependence::shape), counted once per
/// shape: a sequence made a set breaks thousands of edges whole, of a
/// handful of shapes. An edge broken in part has the count of its violating
/// pairs, kept by their text with the statements' names left out: the tiles
/// of a kernel repeat the same sets (a tile candidate of tiled_matmul_64's
/// band counted one costly set for edge after edge). Valid for one set of
/// dependences.
class ShapeCounts {
public:
    /// The number of pairs in `bad`, the violating pairs of `dep`.
    std::optional<std::int64_t> count(const PolyhedralModel &model, const Dependence &dep, const isl::map &bad);
    /// The number of pairs of `dep`'s shape (Dependence::shape >= 0): the
    /// count of an edge known to be violated by every pair.
    std::optional<std::int64_t> whole(const PolyhedralModel &model, const Dependence &dep);
    /// The number of violating pairs given as disjoint anonymous pieces
    /// (EdgeVerdictCache::violatingPieces), kept by their text.
    std::optional<std::int64_t> countPieces(const PolyhedralModel &model, const std::vector<isl::set> &pieces);
    void clear()
    {
        m_counts.clear();
        m_partCounts.clear();
    }

private:
    /// `count()`, or the count kept under `key`.
    std::optional<std::int64_t> memoized(std::string key, const std::function<std::optional<std::int64_t>()> &count);

    std::map<int, std::optional<std::int64_t>> m_counts;
    std::unordered_map<std::string, std::optional<std::int64_t>> m_partCounts; ///< by the pairs' anonymous text
};

} // namespace se
