// SPDX-License-Identifier: MIT
#include "AnalysisWorker.h"
#include "RunningScope.h"
#include "widgets/common/QtString.h"

#include "widgets/figures/GraphFigureBuilder.h"
#include "widgets/figures/TreeFigureBuilder.h"
#include "core/analysis/IterationSpaceBuilder.h"
#include "core/analysis/SchedulePipeline.h"
#include "core/explore/LegalRanges.h"
#include "core/explore/MoveFinder.h"
#include "core/explore/Repair.h"
#include "core/layout/GraphLayoutMemo.h"
#include "core/explore/ScheduleSuggester.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

#include <QElapsedTimer>

#include <nlohmann/json.hpp>

namespace se {

namespace {

AnalysisError inputError(const InputError &e)
{
    AnalysisError err;
    err.kind = AnalysisError::Kind::Input;
    err.file = q(e.file());
    err.place = q(e.place());
    err.fault = q(e.fault());
    err.message = q(e.what());
    return err;
}

AnalysisError otherError(AnalysisError::Kind kind, const std::exception &e)
{
    AnalysisError err;
    err.kind = kind;
    err.message = q(e.what());
    return err;
}

// The iteration-space slice; one too large to compute is a message in the
// view, not a failed analysis.
IterationSpace iterationSpace(Analyzer &a, const isl::schedule &s, DepMode mode, const AnalysisRequest &r)
{
    try {
        return IterationSpaceBuilder::build(a.model(), a.dependences(mode), s, r.space, r.assumeNoDep);
    } catch (const ResourceLimitError &e) {
        IterationSpace out;
        out.refused = true;
        out.message = std::string("stopped: too large (") + e.what() + ")";
        return out;
    }
}

// What every snapshot of a request carries, before any result.
AnalysisSnapshot headerOf(const AnalysisRequest &r)
{
    AnalysisSnapshot s;
    s.generation = r.generation;
    s.kernel = r.kernel;
    s.kernelFile = r.kernelFile;
    s.fixedParams = r.fixedParams;
    s.mode = r.mode;
    s.assumeNoDep = r.assumeNoDep;
    return s;
}

} // namespace

void AnalysisShared::abortRunning(bool jobsOnly)
{
    std::lock_guard<std::mutex> lock(mutex);
    if (running && (!jobsOnly || runningJob))
        running->abort();
    if (!jobsOnly) {
        if (runningNest)
            runningNest->abort();
        if (runningFallbackNest)
            runningFallbackNest->abort();
    }
}

AnalysisWorker::AnalysisWorker(std::shared_ptr<AnalysisShared> shared, QObject *parent)
    : QObject(parent), m_shared(std::move(shared)), m_graphLayout(std::make_unique<GraphLayoutMemo>())
{
}

AnalysisWorker::~AnalysisWorker() = default;

bool AnalysisWorker::stale(quint64 generation) const
{
    return m_shared->latest.load() != generation;
}

bool AnalysisWorker::staleJob(quint64 job) const
{
    return m_shared->latestJob.load() != job;
}

PipelineRequest AnalysisWorker::pipelineRequest(const AnalysisRequest &r) const
{
    PipelineRequest p;
    p.base = RequestPipeline::base(r);
    p.edits = r.edits;
    p.lenientEdits = r.lenientEdits;
    p.mode = r.mode;
    p.check.counts = m_pipeline->model().allParamsFixed();
    p.check.assumeNoDep = r.assumeNoDep;
    p.tree = true;
    p.flags = PipelineRequest::Flags::Hint;
    return p;
}

isl::schedule AnalysisWorker::schedule(const AnalysisRequest &r)
{
    PipelineRequest p = pipelineRequest(r);
    p.verdict = false;
    return m_pipeline->run(p)->schedule;
}

AnalysisSnapshotPtr AnalysisWorker::analyse(const AnalysisRequest &r)
{
    QElapsedTimer timer;
    timer.start();
    m_pipeline.ensure(r);
    RunningScope running(*m_shared, m_pipeline->analyzer().context(), RunningScope::Slot::Analysis, r.timeLimit);
    checkpoint(m_shared->latest, r.generation);
    const PolyhedralModel &model = m_pipeline->model();

    SchedulePipeline::Hooks hooks;
    hooks.checkpoint = [&] { checkpoint(m_shared->latest, r.generation); };
    // The verdict first: on a big kernel the rest takes much longer. Ahead
    // of it, "illegal" as soon as one edge is known violated.
    const auto ahead = [&](const CheckReport &report, bool firstViolationOnly) {
        auto partial = std::make_shared<AnalysisSnapshot>(headerOf(r));
        partial->report = report;
        partial->complete = false;
        partial->firstViolationOnly = firstViolationOnly;
        partial->checkedAt = QDateTime::currentDateTime();
        partial->elapsedMs = timer.elapsed();
        Q_EMIT checked(partial);
    };
    hooks.illegal = [&](const CheckReport &report) { ahead(report, true); };
    hooks.verdict = [&](const CheckReport &report) { ahead(report, false); };
    const PipelineResultPtr result = m_pipeline->run(pipelineRequest(r), hooks);
    const isl::schedule &schedule = result->schedule;
    checkpoint(m_shared->latest, r.generation);

    auto snap = std::make_shared<AnalysisSnapshot>(headerOf(r));
    snap->report = result->report;
    snap->tree = result->tree;
    snap->edits = result->edits;
    snap->droppedEdits = result->droppedEdits;
    snap->scheduleNotes = result->notes;
    if (!result->edits.empty())
        snap->editScript = nlohmann::json(result->edits).dump();
    if (r.space.enabled)
        snap->space = iterationSpace(m_pipeline->analyzer(), schedule, r.mode, r);
    snap->scheduleYaml = SchedulePrinter::blockYaml(schedule);
    checkpoint(m_shared->latest, r.generation);

    std::vector<std::string> names;
    for (const auto &st : model.statements())
        names.push_back(st.name);
    snap->treeFigure = TreeFigureBuilder::build(snap->tree, names, r.fonts);
    checkpoint(m_shared->latest, r.generation);
    if (r.graph)
        snap->graphFigure = GraphFigureBuilder::build(*r.kernel, snap->report, r.fonts, m_graphLayout.get());
    snap->graphDeferred = !r.graph;

    checkpoint(m_shared->latest, r.generation);

    // Every view but the loop nest: NestWorker makes that at the same time,
    // and the controller puts it into this snapshot when both are there.
    snap->checkedAt = QDateTime::currentDateTime();
    snap->elapsedMs = timer.elapsed();
    snap->nestPending = r.nest;
    snap->nestDeferred = !r.nest;
    return snap;
}

void AnalysisWorker::run(const AnalysisRequest &r)
{
    if (stale(r.generation))
        return; // a newer request is queued behind this one
    try {
        AnalysisSnapshotPtr snap = analyse(r);
        if (!stale(r.generation)) {
            Q_EMIT finished(snap);
            if (snap->nestPending && !stale(r.generation))
                Q_EMIT draftReady(std::make_shared<AnalysisSnapshot>(*snap));
        }
    } catch (const InputError &e) {
        if (!stale(r.generation))
            Q_EMIT failed(r.generation, inputError(e));
    } catch (const ResourceLimitError &e) {
        if (!stale(r.generation))
            Q_EMIT stopped(r.generation, QStringLiteral("stopped: too large (%1)").arg(q(e.what())));
    } catch (const CancelledError &) {
        if (!stale(r.generation))
            Q_EMIT stopped(r.generation, QStringLiteral("stopped"));
    } catch (const std::exception &e) {
        // A failed computation must never read as "no dependence": report it.
        if (!stale(r.generation))
            Q_EMIT failed(r.generation, otherError(AnalysisError::Kind::Internal, e));
    }
}

template <typename F> void AnalysisWorker::runJob(const AnalysisRequest &r, quint64 job, F &&body)
{
    if (staleJob(job))
        return;
    try {
        m_pipeline.ensure(r);
        RunningScope running(*m_shared, m_pipeline->analyzer().context(), RunningScope::Slot::Job, r.timeLimit);
        checkpoint(m_shared->latestJob, job);
        body();
    } catch (const InputError &e) {
        if (!staleJob(job))
            Q_EMIT jobFailed(job, inputError(e));
    } catch (const ResourceLimitError &e) {
        if (!staleJob(job))
            Q_EMIT jobFailed(job, otherError(AnalysisError::Kind::Limit, e));
    } catch (const CancelledError &) {
        // Superseded: nobody waits for it.
    } catch (const std::exception &e) {
        if (!staleJob(job))
            Q_EMIT jobFailed(job, otherError(AnalysisError::Kind::Internal, e));
    }
}

void AnalysisWorker::evaluateMoves(const AnalysisRequest &r, quint64 job, const std::vector<int> &node)
{
    runJob(r, job, [&] {
        const isl::schedule s = schedule(r);
        // Verdicts and violated edges, not pair counts: the list shows "illegal
        // (N edges)", and counting the pairs of every illegal candidate took a
        // large part of the time (tiled_matmul_64's pipelined band).
        const MovesReport report = MoveFinder::evaluate(m_pipeline->analyzer(), s, node, r.mode, false, true, true);
        MovesResult out;
        out.generation = job;
        out.node = report.node;
        out.nodeKind = q(report.nodeKind);
        for (const auto &m : report.moves) {
            MovesResult::Move mv;
            mv.edit = m.edit;
            mv.description = q(m.description);
            mv.verdict = m.verdict == MoveVerdict::Verdict::Legal ? MovesResult::Move::Verdict::Legal
                : m.verdict == MoveVerdict::Verdict::Illegal      ? MovesResult::Move::Verdict::Illegal
                                                                  : MovesResult::Move::Verdict::DoesNotApply;
            mv.violatedEdges = m.violatedEdges;
            mv.violatingPairs = m.violatingPairs;
            mv.reason = q(m.firstViolation
                              ? m.firstViolation->type + " " + m.firstViolation->src + " -> " + m.firstViolation->dst
                                  + " on " + m.firstViolation->allocation + " breaks: " + m.firstViolation->message
                              : m.reason);
            if (m.enabledBy)
                mv.reason += tr("\nLegal after: %1").arg(q(m.enabledBy->summary));
            out.moves.push_back(std::move(mv));
        }
        if (staleJob(job))
            return;
        Q_EMIT movesReady(out);
        if (report.nodeKind != "band")
            return;
        // Then each move's exact range (a second answer of the same job: a
        // big band's ranges take longer than its list).
        const BandRanges ranges = LegalRanges::compute(m_pipeline->analyzer(), s, node, r.mode);
        for (auto &mv : out.moves) {
            const ArgumentRange *a = ranges.of(mv.edit);
            if (a) {
                mv.range = q(a->text);
                mv.min = a->min;
                mv.max = a->max;
                mv.rangeEmpty = a->empty;
            }
        }
        out.withRanges = true;
        if (!ranges.blocked.empty())
            out.rangeNotes << tr("No edit of this band makes the schedule legal: %1").arg(q(ranges.blocked));
        for (const auto &x : ranges.shiftSets)
            out.rangeNotes << tr("Shift member %1: %2").arg(x.member).arg(q(x.range.text));
        QStringList legal;
        for (const auto &p : ranges.permutations)
            if (p.legal) {
                QStringList order;
                for (int k : p.order)
                    order << QString::number(k);
                legal << QStringLiteral("(%1)").arg(order.join(QStringLiteral(", ")));
            }
        if (!ranges.permutations.empty())
            out.rangeNotes
                << tr("Legal member orders: %1").arg(legal.isEmpty() ? tr("none") : legal.join(QStringLiteral(" ")));
        for (const auto &p : ranges.permutable)
            if (p.first == 0 && p.last + 1 == static_cast<int>(ranges.members))
                out.rangeNotes << (p.permutable ? tr("The band is permutable: tiling it is legal for every size.")
                                                : tr("The band is not permutable: Make Permutable finds the edits "
                                                     "that let it be tiled."));
        if (!staleJob(job))
            Q_EMIT movesReady(out);
    });
}

void AnalysisWorker::repair(const AnalysisRequest &r, quint64 job, const QString &goal, const std::vector<int> &node)
{
    runJob(r, job, [&] {
        const isl::schedule s = schedule(r);
        const auto g = repairGoalFromName(goal.toStdString());
        const RepairReport report = Repair::find(
            m_pipeline->analyzer(), s, g ? *g : RepairGoal::Legal,
            node.empty() && g == RepairGoal::Legal ? std::nullopt : std::optional<NodePath>(node), 1, r.mode);
        RepairResult out;
        out.job = job;
        out.goal = goal;
        if (!report.repairs.empty()) {
            out.edits = report.repairs.front().edits;
            out.summary = q(report.repairs.front().summary);
        }
        out.reason = q(report.reason);
        if (!staleJob(job))
            Q_EMIT repairReady(out);
    });
}

void AnalysisWorker::suggest(const AnalysisRequest &r, quint64 job)
{
    runJob(r, job, [&] {
        std::string note;
        const isl::schedule s =
            ScheduleSuggester::suggest(m_pipeline->model(), m_pipeline->analyzer().dependences(r.mode), &note);
        const QString yaml = q(SchedulePrinter::blockYaml(s));
        if (!staleJob(job))
            Q_EMIT suggestionReady(job, yaml, q(note));
    });
}

} // namespace se
