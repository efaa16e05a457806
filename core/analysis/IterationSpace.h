// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

// No isl header here: the app's views read this on their side of the
// thread line.
namespace se {

/// What to plot of the iteration space: the instances of one or two
/// statements over two instance dimensions (by position in the instance
/// tuple, `s0[i, j, k]`: 0 is i), the other dimensions fixed at chosen
/// values, every parameter at its concrete value.
struct IterationSpaceQuery {
    bool enabled = true; ///< false: nothing is computed
    std::vector<std::string> statements; ///< up to two `s<id>`; empty: the first statement
    int xDim = -1; ///< -1: chosen (the outer of the two innermost)
    int yDim = -1; ///< -1: chosen (the innermost)
    std::map<int, std::int64_t> fixed; ///< dimension -> value; missing: the lowest value
    std::size_t maxPoints = 3000; ///< more instances in the slice: refused
    std::size_t maxPairs = 12000; ///< more dependence pairs: none drawn

    bool operator==(const IterationSpaceQuery &o) const
    {
        return enabled == o.enabled && statements == o.statements && xDim == o.xDim && yDim == o.yDim
            && fixed == o.fixed && maxPoints == o.maxPoints && maxPairs == o.maxPairs;
    }
    bool operator!=(const IterationSpaceQuery &o) const { return !(*this == o); }
};

/// One slice of the iteration space as plain data: instances as points
/// with their time under the schedule and their order, the dependence pairs
/// between them (by type, violated or assumed absent), and the tiles of the
/// tiled band when there is one. Made by IterationSpaceBuilder on the
/// analysis thread.
struct IterationSpace {
    /// An instance dimension: one position of the plotted statements' tuples.
    struct Dim {
        int dim = 0;
        std::string name; ///< the iterator(s) at that position: `i`, or `i / k` when they differ
        std::int64_t min = 0, max = 0; ///< over the plotted statements' domains
        std::int64_t value = 0; ///< the fixed value (other dimensions only)
    };
    struct Instance {
        int statement = 0; ///< index into `statements`
        std::vector<std::int64_t> point; ///< the whole instance, `s0[1, 2]` -> {1, 2}
        std::int64_t x = 0, y = 0; ///< its coordinates on the axes (0 where it has no such dimension)
        std::vector<std::int64_t> time; ///< its flat time under the schedule
        int order = 0; ///< 1-based rank of `time` among the plotted instances (ties share)
        int tile = -1; ///< index of its tile in execution order, -1 when untiled
    };
    struct Pair {
        std::size_t src = 0, dst = 0; ///< instance indices: src must run before dst
        std::string type; ///< RAW, WAR, WAW
        std::size_t edge = 0; ///< index of the dependence edge (CheckReport::edges)
        bool violated = false; ///< dst's time is not after src's, or a set may run them either way
        bool assumed = false; ///< its edge is assumed absent by an override
    };

    std::vector<std::string> statements; ///< `s<id>`, as resolved
    std::vector<std::pair<std::string, std::int64_t>> params; ///< the values used
    bool hasX = false, hasY = false;
    Dim x, y;
    std::vector<Dim> others; ///< the fixed dimensions (sliders)
    std::vector<Instance> instances;
    std::vector<Pair> pairs;
    std::size_t pairTotal = 0; ///< pairs in the slice, drawn or not
    std::size_t violatedTotal = 0;
    int tiles = 0; ///< tile count, 0 when no band is tiled
    std::string tileBand; ///< path of the tiled band, `0.0`
    /// Why nothing (or less than everything) is shown; empty when all is.
    std::string message;
    bool refused = false; ///< no instances drawn (too many, no values, ...)

    /// `{1, 2}` -> position in `instances` of statement k; -1 when not plotted.
    int find(int statement, const std::vector<std::int64_t> &point) const;
};

} // namespace se
