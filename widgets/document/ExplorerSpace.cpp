// SPDX-License-Identifier: MIT
// What the snapshots carry for views that may be hidden: the
// iteration-space slice (issue 8), the loop nest, its flat schedule map and
// the dependence graph (issue 15: work that is not visible is not done until
// it is).
#include "Explorer.h"

#include "widgets/figures/GraphFigureBuilder.h"
#include "widgets/worker/AnalysisController.h"

#include <QFutureWatcher>
#include <QtConcurrent>

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
    if (!m_controller->generateNest(m_mapWanted))
        // (never "generated when shown" for a nest that will not come)
        return reanalyseShownOr([this] { settleNest(tr("the analysis was stopped before it was generated")); });
    // Shown as on its way, as after an edit; the snapshot with it follows.
    auto pending = std::make_shared<AnalysisSnapshot>(*m_snapshot);
    pending->nestDeferred = false;
    pending->nestPending = true;
    m_snapshot = pending;
    Q_EMIT nestReady(m_snapshot);
    return true;
}

void Explorer::setGraphWanted(bool wanted)
{
    if (wanted == m_graphWanted)
        return;
    m_graphWanted = wanted;
    if (wanted)
        requestGraph();
}

bool Explorer::requestGraph()
{
    if (!m_snapshot || !m_snapshot->graphDeferred)
        return false;
    const quint64 generation = m_snapshot->generation;
    if (m_graphJob == generation)
        return true; // on its way
    // Plain data in, plain data out (Graphviz is locked inside): another
    // thread lays it out while the GUI stays live.
    m_graphJob = generation;
    auto *watcher = new QFutureWatcher<GraphFigure>(this);
    connect(watcher, &QFutureWatcher<GraphFigure>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (m_graphJob == generation)
            m_graphJob.reset();
        installGraph(generation, watcher->result());
    });
    // The snapshot is immutable: shared with the pool thread, not copied on this one.
    watcher->setFuture(QtConcurrent::run([snapshot = m_snapshot, fonts = m_fonts] {
        return GraphFigureBuilder::build(*snapshot->kernel, snapshot->report, fonts);
    }));
    return true;
}

void Explorer::graphNow()
{
    if (m_snapshot && m_snapshot->graphDeferred)
        installGraph(m_snapshot->generation,
                     GraphFigureBuilder::build(*m_snapshot->kernel, m_snapshot->report, m_fonts));
}

void Explorer::setMapWanted(bool wanted)
{
    if (wanted == m_mapWanted)
        return;
    m_mapWanted = wanted;
    if (wanted)
        requestMap();
}

bool Explorer::requestMap()
{
    if (!m_snapshot || !m_snapshot->mapDeferred)
        return false;
    const quint64 generation = m_snapshot->generation;
    if (m_mapJob == generation && m_controller->latest() == generation)
        return true; // on its way
    m_mapJob.reset();
    if (m_controller->generateMap(generation)) {
        m_mapJob = generation;
        return true;
    }
    // (a newer analysis still running brings its own map, as wanted now)
    return reanalyseShownOr([this] { settleMap(tr("the analysis was stopped before it was made")); });
}

bool Explorer::reanalyseShownOr(const std::function<void()> &settle)
{
    if (m_controller->isBusy())
        return false;
    if (m_kernel && m_kernel == m_shownKernel && m_session == m_shownSession) {
        submit();
        return true;
    }
    settle();
    return false;
}

void Explorer::settleMap(const QString &why)
{
    m_mapJob.reset();
    if (m_snapshot)
        installMap(m_snapshot->generation, QStringLiteral("# not made: ") + why);
}

void Explorer::installMap(quint64 generation, const QString &map)
{
    if (m_mapJob == generation)
        m_mapJob.reset();
    // Only into the snapshot it was made for, and only once.
    if (!m_snapshot || m_snapshot->generation != generation || !m_snapshot->mapDeferred)
        return;
    auto shown = std::make_shared<AnalysisSnapshot>(*m_snapshot);
    shown->scheduleMap = map.toStdString();
    shown->mapDeferred = false;
    m_snapshot = shown;
    Q_EMIT mapReady(m_snapshot);
}

void Explorer::installGraph(quint64 generation, GraphFigure figure)
{
    // Only into the snapshot it was laid out for, and only once.
    if (!m_snapshot || m_snapshot->generation != generation || !m_snapshot->graphDeferred)
        return;
    auto shown = std::make_shared<AnalysisSnapshot>(*m_snapshot);
    shown->graphFigure = std::move(figure);
    shown->graphDeferred = false;
    m_snapshot = shown;
    Q_EMIT graphReady(m_snapshot);
}

} // namespace se
