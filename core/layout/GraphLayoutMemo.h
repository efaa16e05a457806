// SPDX-License-Identifier: MIT
#pragma once

#include "GraphLayout.h"
#include "LayoutGraph.h"

#include <cstddef>
#include <deque>

namespace se {

/// The last two graphs laid out and their layouts: the dependence graph of
/// a kernel stays the same through most edits (only a violation that
/// appears or goes changes its labels, and the overview's pairs), and an
/// edit that does change it is often undone or redone next; `dot` was a
/// large part of every edit's views on the big kernels, more with the
/// overview's violated pairs. One per thread that lays out (not locked).
class GraphLayoutMemo {
public:
    /// GraphvizLayout::compute, or a kept result when `graph` is equal to
    /// one of the last two.
    const GraphLayout &compute(const LayoutGraph &graph);
    /// How many times Graphviz was called.
    std::size_t layouts() const { return m_layouts; }

private:
    struct Entry {
        LayoutGraph graph;
        GraphLayout layout;
    };
    std::deque<Entry> m_kept; ///< most recently used first, at most two
    std::size_t m_layouts = 0;
};

} // namespace se
