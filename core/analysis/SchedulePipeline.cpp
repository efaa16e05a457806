// SPDX-License-Identifier: MIT
#include "SchedulePipeline.h"

#include "ViolationNodes.h"
#include "core/edit/BandEdits.h"
#include "core/flags/FlagAnalysis.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/InputError.h"

#include <isl/schedule_node.h>

#include <algorithm>
#include <utility>

namespace se {

namespace {

void step(const SchedulePipeline::Hooks &hooks)
{
    if (hooks.checkpoint)
        hooks.checkpoint();
}

// Each band's computed flags next to its declared ones in the tree.
void mergeFlags(const FlagReport &flags, ScheduleTreeSnapshot &tree)
{
    for (const auto &band : flags.bands) {
        const int k = tree.find(band.path);
        if (k < 0)
            continue;
        auto &node = tree.nodes[static_cast<std::size_t>(k)];
        node.permutableComputed = band.permutableComputed;
        for (std::size_t m = 0; m < node.members.size() && m < band.coincidentComputed.size(); ++m)
            node.members[m].coincidentComputed = band.coincidentComputed[m];
    }
}

} // namespace

SchedulePipeline::SchedulePipeline(KernelPtr kernel, Analyzer::Options options)
    : m_analyzer(std::make_unique<Analyzer>(std::move(kernel), std::move(options)))
{
}

SchedulePipeline::~SchedulePipeline()
{
    // The caches' isl objects go before the analyzer's context.
    m_flags.clear();
    m_replay.clear();
    m_lastFlat.reset();
    m_lastFlatOf.reset();
    m_lastFlags.reset();
    m_lastFlagsOf.reset();
    m_lastVerdictOf.reset();
}

void SchedulePipeline::nameViolationNodes(PipelineResult &out)
{
    if (out.report.violations.empty())
        return;
    try {
        QuotaScope::run(m_analyzer->context(), "naming the violations' nodes",
                        [&] { ViolationNodes::name(out.schedule, out.report.violations); });
    } catch (const ResourceLimitError &) {
        // The verdict stands without the nodes' names.
    }
}

bool SchedulePipeline::oneBandEditAfter(const PipelineRequest &r, const std::optional<isl::schedule> &beforeLast,
                                        const std::optional<isl::schedule> &last)
{
    return last && beforeLast && !r.lenientEdits && !r.edits.empty() && beforeLast->get() == last->get()
        && BandEdits::isBandEdit(r.edits.back().kind);
}

void SchedulePipeline::computeFlags(const PipelineRequest &r, const std::optional<isl::schedule> &beforeLast,
                                    PipelineResult &out)
{
    // Recomputed from the dependences, next to the declared ones. A hint
    // on screen (too large to compute leaves the declared ones), but each
    // band's list of backward edges also decides which edges a tile of it
    // skips (tileCarry): FlagAnalysis must never leave out an edge that
    // goes backwards.
    try {
        const auto &deps = m_analyzer->dependences(r.mode);
        const bool patch = m_lastFlags && m_lastFlagsMode == r.mode && oneBandEditAfter(r, beforeLast, m_lastFlagsOf);
        m_lastFlagsOf.reset(); // until both are set again (a throw leaves neither)
        out.flags = patch
            ? FlagAnalysis::recompute(model(), deps, out.schedule, *m_lastFlags, r.edits.back().node, &m_flags)
            : FlagAnalysis::compute(model(), deps, out.schedule, &m_flags);
        m_lastFlags = out.flags;
        m_lastFlagsMode = r.mode;
        m_lastFlagsOf = out.schedule;
    } catch (const ResourceLimitError &) {
        if (r.flags == PipelineRequest::Flags::Required)
            throw;
        out.notes.push_back("parallelism flags not computed: too large");
        return;
    }
    if (out.hasTree)
        mergeFlags(out.flags, out.tree);
}

namespace {

// Model indices of the statements reaching the band at `path`, or nothing
// when the path leads to no band.
std::optional<std::vector<std::size_t>> statementsUnderBand(const PolyhedralModel &model, const isl::schedule &schedule,
                                                            const NodePath &path)
{
    const isl::schedule_node n = ScheduleTreeWalk::at(schedule, path);
    if (n.is_null() || !n.isa<isl::schedule_node_band>())
        return std::nullopt;
    return model.statementsOf(isl::manage(isl_schedule_node_get_domain(n.get()))); // raw isl: C-only in cpp.h 0.25
}

// Of the statements under an edited band, those whose times the edit moves:
// a shift or a member expression names them, flags move none.
std::vector<std::size_t> movedBy(const Edit &e, const PolyhedralModel &model, const std::vector<std::size_t> &under)
{
    std::vector<std::string> named;
    switch (e.kind) {
    case EditKind::SetPermutable:
    case EditKind::SetCoincident: return {};
    case EditKind::Shift:
        for (const auto &[statement, offset] : e.offsets)
            named.push_back(statement);
        break;
    case EditKind::MemberExpr: named.push_back(e.statement); break;
    default: return under;
    }
    std::vector<std::size_t> out;
    for (std::size_t s : under)
        if (std::find(named.begin(), named.end(), model.statements()[s].name) != named.end())
            out.push_back(s);
    return out;
}

} // namespace

FlatSchedule SchedulePipeline::flatten(const PipelineRequest &r, const std::optional<isl::schedule> &beforeLast,
                                       const isl::schedule &schedule)
{
    return QuotaScope::run(m_analyzer->context(), "flattening the schedule", [&] {
        std::optional<FlatSchedule> flat;
        // Not after a tile: its new dimensions move the set levels below it.
        if (m_lastFlat && oneBandEditAfter(r, beforeLast, m_lastFlatOf) && r.edits.back().kind != EditKind::Tile)
            if (const auto under = statementsUnderBand(model(), schedule, r.edits.back().node))
                flat = m_lastFlat->rereading(model(), schedule, movedBy(r.edits.back(), model(), *under));
        if (!flat)
            flat = FlatSchedule(model(), schedule);
        m_lastFlatOf.reset(); // until both are set again (a throw leaves neither)
        m_lastFlat = *flat;
        m_lastFlatOf = schedule;
        return std::move(*flat);
    });
}

std::optional<VerdictCarry> SchedulePipeline::tileCarry(const PipelineRequest &r,
                                                        const std::optional<isl::schedule> &beforeLast)
{
    // The verdict and the flags must both be of the schedule tiled.
    if (r.edits.empty() || r.edits.back().kind != EditKind::Tile || !m_lastFlags || m_lastFlagsMode != r.mode
        || m_lastVerdictMode != r.mode || !oneBandEditAfter(r, beforeLast, m_lastFlagsOf)
        || !oneBandEditAfter(r, beforeLast, m_lastVerdictOf))
        return std::nullopt;
    const BandFlags *band = m_lastFlags->find(r.edits.back().node);
    const std::size_t n = m_analyzer->dependences(r.mode).size();
    if (!band || !band->backwardEdges || m_lastBroken.size() != n)
        return std::nullopt;
    VerdictCarry carry;
    carry.kept.resize(n);
    for (std::size_t e = 0; e < n; ++e)
        carry.kept[e] = !m_lastBroken[e];
    for (const std::size_t e : *band->backwardEdges) {
        if (e >= n)
            return std::nullopt;
        carry.kept[e] = false;
    }
    return carry;
}

void SchedulePipeline::rememberVerdict(const PipelineRequest &r, const PipelineResult &out)
{
    const std::size_t n = m_analyzer->dependences(r.mode).size();
    m_lastBroken.assign(n, false);
    for (const auto &v : out.report.violations)
        if (v.edge < n)
            m_lastBroken[v.edge] = true;
    // An edge assumed absent may be violated: not known respected.
    for (std::size_t e = 0; e < n && e < out.report.edges.size(); ++e)
        if (!std::as_const(out.report.edges)[e].assumedAbsent.empty())
            m_lastBroken[e] = true;
    m_lastVerdictOf = out.schedule;
    m_lastVerdictMode = r.mode;
}

PipelineResultPtr SchedulePipeline::run(const PipelineRequest &r, const Hooks &hooks)
{
    auto out = std::make_shared<PipelineResult>();
    EditReplay::Outcome replayed = m_replay.replay(*m_analyzer, r);
    out->schedule = std::move(replayed.schedule);
    out->steps = std::move(replayed.steps);
    out->edits = std::move(replayed.applied);
    out->droppedEdits = std::move(replayed.dropped);
    out->notes = std::move(replayed.notes);
    if (!r.verdict)
        return out;
    step(hooks);

    const std::optional<VerdictCarry> carry = tileCarry(r, replayed.beforeLast);
    m_lastVerdictOf.reset(); // until the check below ends
    const FlatSchedule flat = flatten(r, replayed.beforeLast, out->schedule);
    // Which edges break is known well before their witnesses, sentences
    // and counts (on an illegal tile of a big band above all):
    // a verdict to show goes first, the details after it.
    const bool early = hooks.verdict && r.check.details;
    if (early) {
        Analyzer::CheckOptions verdictOnly = r.check;
        verdictOnly.details = false;
        verdictOnly.firstViolation = hooks.illegal;
        hooks.verdict(m_analyzer->check(flat, r.mode, verdictOnly, carry ? &*carry : nullptr));
        step(hooks);
    }
    Analyzer::CheckOptions options = r.check;
    options.firstViolation = early ? nullptr : hooks.illegal; // (told once, ahead of the verdict)
    out->report = m_analyzer->check(flat, r.mode, options, carry ? &*carry : nullptr);
    rememberVerdict(r, *out);
    step(hooks);
    nameViolationNodes(*out);
    if (hooks.verdict && !early)
        hooks.verdict(out->report);
    step(hooks);

    if (r.tree) {
        out->tree = ScheduleTreeSnapshot::build(model(), out->schedule, &m_treeMemo);
        out->hasTree = true;
    }

    if (r.flags != PipelineRequest::Flags::None)
        computeFlags(r, replayed.beforeLast, *out);
    if (r.stepVerdicts) {
        // Legality and flags after every edit: a later edit can break a
        // flag an earlier one made true.
        Analyzer::CheckOptions quick;
        quick.counts = false;
        quick.warnings = false;
        quick.assumeNoDep = r.check.assumeNoDep;
        for (const auto &s : out->steps) {
            out->stepReports.push_back(m_analyzer->check(s, r.mode, quick));
            out->stepFlags.push_back(FlagAnalysis::compute(model(), m_analyzer->dependences(r.mode), s, &m_flags));
        }
    }
    return out;
}

} // namespace se
