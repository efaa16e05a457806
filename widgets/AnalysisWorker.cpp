// SPDX-License-Identifier: MIT
#include "AnalysisWorker.h"

#include "GraphFigureBuilder.h"
#include "TreeFigureBuilder.h"
#include "core/analysis/Analyzer.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/schedule/ScheduleReader.h"
#include "core/support/InputError.h"

#include <QElapsedTimer>

namespace se {

namespace {

// Thrown between steps when a newer request arrived: the same path out as
// an isl abort.
void checkpoint(const std::atomic<quint64> &latest, quint64 generation)
{
    if (latest.load() != generation)
        throw CancelledError();
}

// Registers the context of the analysis in progress for abortRunning().
class RunningScope {
public:
    RunningScope(AnalysisShared &shared, IslContext &ctx) : m_shared(shared)
    {
        std::lock_guard<std::mutex> lock(m_shared.mutex);
        m_shared.running = &ctx;
    }
    ~RunningScope()
    {
        std::lock_guard<std::mutex> lock(m_shared.mutex);
        m_shared.running = nullptr;
    }
    RunningScope(const RunningScope &) = delete;
    RunningScope &operator=(const RunningScope &) = delete;

private:
    AnalysisShared &m_shared;
};

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

void AnalysisShared::abortRunning()
{
    std::lock_guard<std::mutex> lock(mutex);
    if (running)
        running->abort();
}

AnalysisWorker::AnalysisWorker(std::shared_ptr<AnalysisShared> shared, QObject *parent)
    : QObject(parent), m_shared(std::move(shared))
{
}

AnalysisWorker::~AnalysisWorker() = default;

bool AnalysisWorker::stale(quint64 generation) const
{
    return m_shared->latest.load() != generation;
}

void AnalysisWorker::ensureAnalyzer(const AnalysisRequest &r)
{
    if (m_analyzer && m_kernel == r.kernel && m_fixed == r.fixedParams)
        return;
    m_analyzer.reset(); // its isl objects go before a new context is made
    Analyzer::Options options;
    for (const auto &[name, value] : r.fixedParams)
        options.params[name] = value;
    m_analyzer = std::make_unique<Analyzer>(r.kernel, options);
    m_kernel = r.kernel;
    m_fixed = r.fixedParams;
}

AnalysisSnapshotPtr AnalysisWorker::analyse(const AnalysisRequest &r)
{
    QElapsedTimer timer;
    timer.start();
    ensureAnalyzer(r);
    RunningScope running(*m_shared, m_analyzer->context());
    {
        // Clear an abort meant for an earlier request (it may have landed
        // between two steps, outside any quota scope); one meant for this
        // request shows in the checkpoint below.
        QuotaScope resume(m_analyzer->context(), "starting");
    }
    checkpoint(m_shared->latest, r.generation);
    const PolyhedralModel &model = m_analyzer->model();

    isl::schedule schedule = r.scheduleText.empty()
                                 ? m_analyzer->originalSchedule()
                                 : ScheduleReader::read(model, r.scheduleText, r.scheduleFile.toStdString());
    checkpoint(m_shared->latest, r.generation);

    auto snap = std::make_shared<AnalysisSnapshot>();
    snap->generation = r.generation;
    snap->kernel = r.kernel;
    snap->kernelFile = r.kernelFile;
    snap->fixedParams = r.fixedParams;
    snap->mode = r.mode;
    snap->editScript = r.editScript;

    Analyzer::CheckOptions options;
    options.counts = model.allParamsFixed();
    snap->report = m_analyzer->check(schedule, r.mode == DepsMode::Flow ? DepMode::Flow : DepMode::May, options);
    checkpoint(m_shared->latest, r.generation);
    snap->tree = ScheduleTreeSnapshot::build(model, schedule);
    // Name the tree node where each violation's order breaks.
    for (auto &v : snap->report.violations)
        if (v.node.empty() && v.level >= 0)
            if (const int k = snap->tree.nodeForLevel(v.src, v.level); k >= 0)
                v.node = ScheduleTreeSnapshot::pathText(snap->tree.nodes[static_cast<std::size_t>(k)].path);
    snap->scheduleYaml = SchedulePrinter::blockYaml(schedule);
    snap->scheduleMap = SchedulePrinter::flatMap(model, schedule);
    checkpoint(m_shared->latest, r.generation);

    std::vector<std::string> names;
    for (const auto &st : model.statements())
        names.push_back(st.name);
    snap->treeFigure = TreeFigureBuilder::build(snap->tree, names, r.fonts);
    checkpoint(m_shared->latest, r.generation);
    snap->graphFigure = GraphFigureBuilder::build(*r.kernel, snap->report, r.fonts);

    snap->checkedAt = QDateTime::currentDateTime();
    snap->elapsedMs = timer.elapsed();
    return snap;
}

void AnalysisWorker::run(const AnalysisRequest &r)
{
    if (stale(r.generation))
        return; // a newer request is queued behind this one
    try {
        AnalysisSnapshotPtr snap = analyse(r);
        if (!stale(r.generation))
            Q_EMIT finished(snap);
    } catch (const InputError &e) {
        if (stale(r.generation))
            return;
        AnalysisError err;
        err.kind = AnalysisError::Kind::Input;
        err.file = q(e.file());
        err.place = q(e.place());
        err.fault = q(e.fault());
        err.message = q(e.what());
        Q_EMIT failed(r.generation, err);
    } catch (const ResourceLimitError &e) {
        if (!stale(r.generation))
            Q_EMIT stopped(r.generation, QStringLiteral("stopped: too large (%1)").arg(q(e.what())));
    } catch (const CancelledError &) {
        if (!stale(r.generation))
            Q_EMIT stopped(r.generation, QStringLiteral("stopped"));
    } catch (const std::exception &e) {
        if (stale(r.generation))
            return;
        // A failed computation must never read as "no dependence": report it.
        AnalysisError err;
        err.kind = AnalysisError::Kind::Internal;
        err.message = q(e.what());
        Q_EMIT failed(r.generation, err);
    }
}

} // namespace se
