// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace se {

/// A graph to lay out, with every size given by the caller in points (the
/// GUI measures its own text, so labels fit whatever font it draws with).
struct LayoutGraph {
    struct Node {
        double width = 72; ///< points
        double height = 36; ///< points
        bool operator==(const Node &) const = default;
    };
    struct Edge {
        std::size_t src = 0; ///< index into nodes
        std::size_t dst = 0;
        double labelWidth = 0; ///< points; 0 means no label
        double labelHeight = 0;
        bool operator==(const Edge &) const = default;
    };
    enum class Direction { TopToBottom, LeftToRight };
    enum class Splines { Curved, Straight };

    std::vector<Node> nodes;
    std::vector<Edge> edges;
    Direction direction = Direction::TopToBottom;
    Splines splines = Splines::Curved;
    /// Keep each node's out-edges (children) in the order given: trees.
    bool keepChildOrder = false;
    double nodeSeparation = 24; ///< points between nodes of one rank
    double rankSeparation = 36; ///< points between ranks

    bool operator==(const LayoutGraph &) const = default;
};

} // namespace se
