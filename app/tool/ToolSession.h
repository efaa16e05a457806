// SPDX-License-Identifier: MIT
#pragma once

#include "ToolOptions.h"
#include "core/analysis/SchedulePipeline.h"
#include "core/analysis/ScheduleExport.h"
#include "core/edit/EditScript.h"
#include "core/schedule/UnionMapPieces.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>

namespace se::tool {

/// What every subcommand starts from: the kernel loaded, its analysis
/// pipeline, and the schedule the options name (the original one by
/// default, then any `--schedule` file, then any `--edits` script applied).
class ToolSession {
public:
    explicit ToolSession(const ToolOptions &options);
    /// Another session on a kernel already loaded (serve's workers: each
    /// has its own isl context and analysis).
    ToolSession(const ToolOptions &options, KernelPtr kernel);

    const ToolOptions &options() const { return m_options; }
    Analyzer &analyzer() { return m_pipeline->analyzer(); }
    const PolyhedralModel &model() const { return m_pipeline->model(); }
    /// The analysis of what the options name: base, edits, --deps, counts
    /// and the overrides; callers add what else they need (flags, ...).
    PipelineRequest request();
    PipelineResultPtr analyse(const PipelineRequest &request) { return m_pipeline->run(request); }
    /// The schedule to analyse.
    const isl::schedule &schedule();
    /// The schedule before any `--edits` script.
    const isl::schedule &baseSchedule();
    /// The `--edits` script (empty without one).
    const EditScript &editScript();
    /// Dependence overrides: the edit script's, then `--assume-no-dep`'s.
    const std::vector<DependenceOverride> &overrides();
    /// The union map pieces this session has read (serve's requests).
    UnionMapPieces &pieces() { return m_pieces; }
    /// serve's kept bases this session has read, by generation
    /// (ServeBases): read once per worker.
    std::map<std::uint64_t, isl::schedule> &baseSchedules() { return m_baseSchedules; }
    /// serve's last schedule texts this session read, with their schedules
    /// (a search sends the same tree with edit after edit): newest last.
    std::deque<std::pair<std::string, isl::schedule>> &recentTexts() { return m_recentTexts; }
    /// Switches to another --schedule file (a batch check: the kernel and
    /// its dependences stay).
    void selectSchedule(const std::string &path);
    /// For a kernel opened from C or a JSCoP: each statement with the
    /// source lines it came from; empty for the kernel JSON.
    std::string statementSources() const;
    /// A short description of where the schedule came from.
    std::string scheduleSource() const;
    /// schedule() as YAML and C exports write it: parametric unless
    /// `--fixed` (or nothing is fixed).
    const ScheduleExport &exported();

private:
    /// The schedule alone: no legality check, no overrides read.
    PipelineRequest scheduleRequest();

    ToolOptions m_options;
    std::unique_ptr<SchedulePipeline> m_pipeline;
    std::optional<isl::schedule> m_base;
    std::optional<EditScript> m_script;
    std::optional<std::vector<DependenceOverride>> m_overrides;
    PipelineResultPtr m_schedule; ///< the schedule alone (no verdict)
    std::unique_ptr<ScheduleExport> m_export; // after m_pipeline: its isl objects go first
    UnionMapPieces m_pieces; // after m_pipeline, as m_export
    std::map<std::uint64_t, isl::schedule> m_baseSchedules; // after m_pipeline, as m_export
    std::deque<std::pair<std::string, isl::schedule>> m_recentTexts; // after m_pipeline, as m_export
};

} // namespace se::tool
