// SPDX-License-Identifier: MIT
#include "NestWorker.h"

#include "AnalysisWorker.h"
#include "RunningScope.h"

#include "core/analysis/SchedulePipeline.h"
#include "core/codegen/CodeGenerator.h"
#include "core/codegen/NestKernelWriter.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

namespace se {

namespace {

std::string describeSource(const AnalysisRequest &r, std::size_t edits)
{
    std::string s = r.scheduleText.empty() ? "the original schedule" : "the schedule " + r.scheduleFile.toStdString();
    if (edits)
        s += " with " + std::to_string(edits) + (edits == 1 ? " edit" : " edits");
    return s;
}

// The same schedule the analysis checks: the same base and edits, replayed
// here (no legality check, no tree).
PipelineRequest scheduleOnly(const AnalysisRequest &r)
{
    PipelineRequest p;
    p.base = RequestPipeline::base(r);
    p.edits = r.edits;
    p.lenientEdits = r.lenientEdits;
    p.mode = r.mode;
    p.verdict = false;
    return p;
}

} // namespace

NestWorker::NestWorker(std::shared_ptr<AnalysisShared> shared, RunningScope::Slot slot, QObject *parent)
    : QObject(parent), m_shared(std::move(shared)), m_slot(slot)
{
}

NestWorker::~NestWorker() = default;

void NestWorker::generate(const AnalysisRequest &r, NestResult &out)
{
    m_pipeline.ensure(r);
    RunningScope running(*m_shared, m_pipeline->analyzer().context(), m_slot, r.timeLimit);
    checkpoint(m_shared->latest, r.generation);
    const PipelineResultPtr result = m_pipeline->run(scheduleOnly(r));
    checkpoint(m_shared->latest, r.generation);
    // The isl tab beside the nest: made here, off the other views' path,
    // and only when that tab shows (a sizeable part of a tile's nest on
    // tiled_matmul_64).
    if (r.map)
        out.scheduleMap = SchedulePrinter::flatMap(m_pipeline->model(), result->schedule);
    out.mapDeferred = !r.map;
    checkpoint(m_shared->latest, r.generation);
    const RegeneratedNest nest =
        CodeGenerator::generateWithC(m_pipeline->model(), result->schedule, r.scheduleFile.toStdString(),
                                     describeSource(r, result->edits.size()), out.c, &m_pipeline->astMemo());
    out.text = NestTextPrinter::print(nest);
    out.kernelJson = NestKernelWriter::text(nest);
}

void NestWorker::map(const AnalysisRequest &r, bool again)
{
    if (m_shared->latest.load() != r.generation)
        return;
    std::string text;
    try {
        m_pipeline.ensure(r);
        RunningScope running(*m_shared, m_pipeline->analyzer().context(), m_slot, r.timeLimit);
        const PipelineResultPtr result = m_pipeline->run(scheduleOnly(r));
        checkpoint(m_shared->latest, r.generation);
        text = SchedulePrinter::flatMap(m_pipeline->model(), result->schedule);
    } catch (const CancelledError &) {
        if (m_shared->latest.load() != r.generation)
            return; // a newer request: its own map follows when wanted
        // Still the newest: interrupted for a side job or by Stop. Once
        // more after what is queued (the side job goes first), then say so.
        if (!again) {
            QMetaObject::invokeMethod(
                this, [this, r] { map(r, true); }, Qt::QueuedConnection);
            return;
        }
        text = "# not made: interrupted (show this tab again after the next edit)";
    } catch (const ResourceLimitError &) {
        text = "# not made: stopped, too large";
    } catch (const std::exception &e) {
        text = std::string("# not made: ") + e.what();
    }
    if (m_shared->latest.load() == r.generation)
        Q_EMIT mapReady(r.generation, QString::fromStdString(text));
}

void NestWorker::run(const AnalysisRequest &r)
{
    if (m_shared->latest.load() != r.generation)
        return; // a newer request is queued behind this one
    NestResult out;
    out.generation = r.generation;
    out.fallback = m_slot == RunningScope::Slot::FallbackNest;
    // A schedule the nest cannot express is not an error of the analysis,
    // only of this view; a schedule that is wrong fails the analysis too,
    // which then reports it.
    try {
        generate(r, out);
    } catch (const InputError &e) {
        out.error = "no loop nest for this schedule: " + e.fault();
    } catch (const ResourceLimitError &) {
        out.error = "no loop nest: stopped, too large";
    } catch (const CancelledError &) {
        return; // a newer request: nobody waits for this one
    } catch (const std::exception &e) {
        out.error = std::string("no loop nest: ") + e.what();
    }
    if (m_shared->latest.load() == r.generation)
        Q_EMIT finished(out);
}

} // namespace se
