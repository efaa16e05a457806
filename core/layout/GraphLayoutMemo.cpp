// SPDX-License-Identifier: MIT
#include "GraphLayoutMemo.h"

#include "GraphvizLayout.h"

namespace se {

const GraphLayout &GraphLayoutMemo::compute(const LayoutGraph &graph)
{
    for (auto it = m_kept.begin(); it != m_kept.end(); ++it)
        if (it->graph == graph) {
            if (it != m_kept.begin()) {
                Entry e = std::move(*it);
                m_kept.erase(it);
                m_kept.push_front(std::move(e));
            }
            return m_kept.front().layout;
        }
    ++m_layouts;
    GraphLayout layout = GraphvizLayout::compute(graph); // a layout that throws leaves the memo as it was
    m_kept.push_front({graph, std::move(layout)});
    if (m_kept.size() > 2)
        m_kept.pop_back();
    return m_kept.front().layout;
}

} // namespace se
