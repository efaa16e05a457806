// SPDX-License-Identifier: MIT
// What the snapshots carry for views that may be hidden: the
// iteration-space slice (issue 8) and the loop nest (issue 15: work that is
// not visible is not done until it is).
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

void Explorer::setNestWanted(bool wanted)
{
    if (wanted == m_nestWanted)
        return;
    m_nestWanted = wanted;
    if (wanted)
        requestNest();
}

bool Explorer::requestNest()
{
    if (!m_snapshot || !m_snapshot->nestDeferred)
        return false;
    if (!m_controller->generateNest()) {
        // The controller has moved on (a later analysis failed or was
        // stopped). Analyse what is shown again if that is the document;
        // else say the nest was not made, never "generated when shown".
        if (m_controller->isBusy())
            return false; // that analysis's snapshot asks again
        if (m_kernel && m_kernel == m_shownKernel && m_session == m_shownSession) {
            submit();
            return true;
        }
        settleNest(tr("the analysis was stopped before it was generated"));
        return false;
    }
    // Shown as on its way, as after an edit; the snapshot with it follows.
    auto pending = std::make_shared<AnalysisSnapshot>(*m_snapshot);
    pending->nestDeferred = false;
    pending->nestPending = true;
    m_snapshot = pending;
    Q_EMIT nestReady(m_snapshot);
    return true;
}

} // namespace se
