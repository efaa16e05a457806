// SPDX-License-Identifier: MIT
// Explorer's iteration-space query (issue 8): which slice the snapshots
// carry for the iteration-space view.
#include "Explorer.h"

#include "widgets/worker/AnalysisController.h"

namespace se {

void Explorer::setSpaceQuery(const IterationSpaceQuery &query)
{
    if (query == m_spaceQuery)
        return;
    m_spaceQuery = query;
    if (!m_kernel || !query.enabled)
        return;
    submit();
    // The new run also carries a change still being checked: it is the one
    // whose result makes that change undoable.
    if (m_pending)
        m_pending->generation = m_controller->latest();
}

} // namespace se
