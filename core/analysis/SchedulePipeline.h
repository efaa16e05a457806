// SPDX-License-Identifier: MIT
#pragma once

#include "Analyzer.h"
#include "EditReplay.h"
#include "PipelineRequest.h"
#include "PipelineResult.h"
#include "core/codegen/AstMemo.h"
#include "core/flags/FlagCache.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleTreeMemo.h"

#include <functional>
#include <memory>

namespace se {

/// The one way to analyse a schedule, for the CLI, the app's worker and the
/// bench: the base schedule, the edits replayed (prefix cached), the
/// legality check with the overrides (the analyzer's caches), each
/// violation's tree node named, the band flags computed and merged into the
/// tree. Owns the kernel's Analyzer and lives on one thread with it.
class SchedulePipeline {
public:
    /// Optional calls during run(): `checkpoint` between steps (throws to
    /// stop, e.g. CancelledError when a newer request came), `verdict` as
    /// soon as the verdict is known: which edges break, without the
    /// witnesses, counts or nodes' names the request's report gets after.
    /// `illegal` ahead of the verdict, as soon as one edge is known
    /// violated: a report naming that edge alone (on a first tile of a big
    /// band, well before the verdict).
    struct Hooks {
        std::function<void()> checkpoint;
        std::function<void(const CheckReport &)> verdict;
        std::function<void(const CheckReport &)> illegal;
    };

    /// Throws as Analyzer's constructor does.
    SchedulePipeline(KernelPtr kernel, Analyzer::Options options);
    ~SchedulePipeline();
    SchedulePipeline(const SchedulePipeline &) = delete;
    SchedulePipeline &operator=(const SchedulePipeline &) = delete;

    /// For the exploration features that are not the analysis (legal moves,
    /// isl's scheduler, exports, the dependence listing).
    Analyzer &analyzer() { return *m_analyzer; }
    const PolyhedralModel &model() const { return m_analyzer->model(); }
    /// The model's loop nests kept between schedules (CodeGenerator).
    AstMemo &astMemo() { return m_astMemo; }

    /// Throws InputError (a base that does not read, an edit that does not
    /// apply), ResourceLimitError, CancelledError.
    PipelineResultPtr run(const PipelineRequest &request, const Hooks &hooks);
    PipelineResultPtr run(const PipelineRequest &request) { return run(request, Hooks{}); }

private:
    void nameViolationNodes(PipelineResult &out);
    /// `beforeLast`: as for flatten(), the flags of the last schedule are
    /// recomputed only at and below the edited band.
    void computeFlags(const PipelineRequest &request, const std::optional<isl::schedule> &beforeLast,
                      PipelineResult &out);
    /// True when `request` adds one band edit (of any kind: it changes
    /// nothing outside the band's subtree) to `last` (a schedule of an
    /// earlier run), the schedule `beforeLast` of this one.
    static bool oneBandEditAfter(const PipelineRequest &request, const std::optional<isl::schedule> &beforeLast,
                                 const std::optional<isl::schedule> &last);
    /// The flat schedule to check: the last one with the statements under
    /// the edited band read again when the request adds one band edit to
    /// the last schedule flattened (much cheaper on pipeline_400), else
    /// flattened whole.
    FlatSchedule flatten(const PipelineRequest &request, const std::optional<isl::schedule> &beforeLast,
                         const isl::schedule &schedule);
    /// When `request` adds a tile to the last schedule checked and given
    /// flags: the edges that schedule respected and its band's flags do
    /// not name (the check skips them).
    std::optional<VerdictCarry> tileCarry(const PipelineRequest &request,
                                          const std::optional<isl::schedule> &beforeLast);
    /// Which edges the check of `out` did not find respected, for tileCarry().
    void rememberVerdict(const PipelineRequest &request, const PipelineResult &out);

    std::unique_ptr<Analyzer> m_analyzer; // first: its context outlives the caches below
    EditReplay m_replay;
    FlagCache m_flags;
    ScheduleTreeMemo m_treeMemo;
    AstMemo m_astMemo;
    std::optional<FlatSchedule> m_lastFlat;
    std::optional<isl::schedule> m_lastFlatOf; ///< the schedule m_lastFlat was made from
    std::optional<FlagReport> m_lastFlags;
    std::optional<isl::schedule> m_lastFlagsOf; ///< the schedule m_lastFlags are of
    DepMode m_lastFlagsMode = DepMode::May;
    /// Per dependence of the last full check: violated or assumed absent
    /// (not known respected), of the schedule m_lastVerdictOf.
    std::vector<bool> m_lastBroken;
    std::optional<isl::schedule> m_lastVerdictOf;
    DepMode m_lastVerdictMode = DepMode::May;
};

} // namespace se
