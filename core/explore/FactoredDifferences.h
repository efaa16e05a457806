// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace se {

class FlatSchedule;
struct Dependence;

/// Which difference set an edge has: its shape and its offset.
struct DifferenceKey {
    std::size_t shape = 0;
    std::vector<std::int64_t> offset; ///< c_dst - c_src, one per time dimension
    bool operator<(const DifferenceKey &o) const { return shape != o.shape ? shape < o.shape : offset < o.offset; }
};

/// What a band makes of one difference set (BandDifferences::Edge's sets).
struct EdgeSets {
    bool made = false, empty = false;
    std::size_t id = 0; ///< the order in which the sets were made
    isl::set ahead, level;
};

/// The difference vectors { [t0, ..., tn-1] } of dependence edges (the
/// dst's time minus the src's), made once per shape instead of once per
/// edge. A statement's times are an affine function f = g + c, c its
/// constant rows (the positions in sequences); an edge's differences are
/// those of g, translated by c_dst - c_src. Edges whose relations and g's
/// read the same but for the statements' names (a tiled kernel's
/// hundreds of copies of a few statements) share the shape: one isl
/// projection each. BandDifferences' verify mode compares the result
/// with the edge's own pairs.
class FactoredDifferences {
public:
    explicit FactoredDifferences(const FlatSchedule &flat) : m_flat(flat) { }

    /// The edge's key; nullopt when a statement's times are not one affine
    /// function (then the edge is computed on its own).
    std::optional<DifferenceKey> differences(const Dependence &dep);
    /// { [t0, ..., tn-1] }: the differences of an edge with this key.
    isl::set set(const DifferenceKey &key) const;
    /// The band's sets of this key, made by the first edge that asks.
    EdgeSets &slot(const DifferenceKey &key) { return m_slots[key]; }

private:
    struct Split {
        bool affine = false;
        isl::multi_aff g; ///< the function without its constant rows
        std::string text; ///< g's text without the statement's name
        std::vector<std::int64_t> c; ///< the constant rows (0 elsewhere)
    };
    /// `name`: the statement's (a dependence's srcName or dstName).
    const Split &split(std::size_t statement, const std::string &name);

    const FlatSchedule &m_flat;
    std::map<std::size_t, Split> m_splits;
    std::map<std::string, std::size_t> m_shapeOf; ///< shape text -> index
    std::vector<isl::set> m_shapes; ///< { [t] }: g_dst(j) - g_src(i) over the relation
    std::map<DifferenceKey, EdgeSets> m_slots;
};

} // namespace se
