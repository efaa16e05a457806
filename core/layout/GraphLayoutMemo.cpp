// SPDX-License-Identifier: MIT
#include "GraphLayoutMemo.h"

#include "GraphvizLayout.h"

namespace se {

const GraphLayout &GraphLayoutMemo::compute(const LayoutGraph &graph)
{
    if (m_graph && *m_graph == graph)
        return m_layout;
    m_graph.reset(); // a layout that throws leaves nothing remembered
    ++m_layouts;
    m_layout = GraphvizLayout::compute(graph);
    m_graph = graph;
    return m_layout;
}

} // namespace se
