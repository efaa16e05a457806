// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstddef>
#include <vector>

namespace se {

/// Which dependence edges the graph draws, and grouped how. A small graph
/// draws every edge on its own; a big one (a tiled kernel's thousands of
/// edges) only an overview Graphviz lays out quickly: one edge per
/// statement pair of the transitive reduction, plus every pair holding a
/// violated or assumed-absent edge, plus one self loop per statement.
class GraphOverview {
public:
    /// Above this many edges between distinct statements the overview is
    /// drawn. `dot` time depends on how densely the edges cross ranks, not
    /// just on their number (each labelled edge adds virtual nodes to every
    /// rank it spans, and crossing minimisation grows fast in them). Measured
    /// with labels: all-pairs graphs of 14, 18 and 22 statements (273, 459,
    /// 693 edges) take steeply longer, tiled_matmul_16's 680 edges long too,
    /// tiled_matmul_64's never finish, while pipeline_400's 399-edge chain
    /// is quick. The count is all we know before laying out: 250 bounds the
    /// worst case to a short wait, and every hand-written kernel (the
    /// samples and the conformance suite have at most a few dozen edges)
    /// stays drawn edge by edge.
    static constexpr std::size_t MaxFullEdges = 250;
    /// Above this many pairs in the reduction, lay out no ordinary pair at
    /// all (only violated and assumed ones): better a note than a hang.
    static constexpr std::size_t MaxDrawnPairs = 1500;
    /// Above this many drawn pairs, pairs carry no label (the tooltip still
    /// lists their edges): labels multiply dot's work and would be too
    /// small to read anyway.
    static constexpr std::size_t MaxLabelledPairs = 600;

    struct Input {
        int src = -1; ///< node index, -1 when the statement is not drawn
        int dst = -1;
        bool violated = false;
        bool assumed = false;
    };
    struct Group {
        int src = 0, dst = 0;
        /// False for a pair drawn only because it holds a violated edge (not
        /// in the reduction, nothing assumed): drawn over the layout of the
        /// others, which thus stays the same whether the schedule breaks
        /// dependences or not (nodes do not jump when an edit breaks one,
        /// and Graphviz is not run again).
        bool laidOut = true;
        /// Report edge indices: violated ones first, then assumed, then the
        /// rest, each in report order. The first one stands for the group.
        std::vector<std::size_t> edges;
    };
    struct Plan {
        bool overview = false; ///< false: one group per edge, report order
        bool labels = true; ///< for the laid-out groups (decided by them alone)
        bool extraLabels = true; ///< for the others
        std::vector<Group> groups;
        /// Says what is drawn, when not every edge is.
        QString note;
    };

    static Plan plan(std::size_t nodeCount, const std::vector<Input> &edges);
};

} // namespace se
