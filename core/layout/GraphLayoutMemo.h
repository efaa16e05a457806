// SPDX-License-Identifier: MIT
#pragma once

#include "GraphLayout.h"
#include "LayoutGraph.h"

#include <cstddef>
#include <optional>

namespace se {

/// The last graph laid out and its layout: the dependence graph of a kernel
/// stays the same through most edits (only a violation that appears or
/// goes changes its labels), and `dot` took 20 ms of every edit's views on
/// the big kernels. One per thread that lays out (not locked).
class GraphLayoutMemo {
public:
    /// GraphvizLayout::compute, or the last result when `graph` is equal to
    /// the last one.
    const GraphLayout &compute(const LayoutGraph &graph);
    /// How many times Graphviz was called.
    std::size_t layouts() const { return m_layouts; }

private:
    std::optional<LayoutGraph> m_graph;
    GraphLayout m_layout;
    std::size_t m_layouts = 0;
};

} // namespace se
