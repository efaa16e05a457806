// SPDX-License-Identifier: MIT
#pragma once

#include "ToolOptions.h"
#include "core/analysis/Analyzer.h"
#include "core/analysis/ScheduleExport.h"
#include "core/edit/EditScript.h"

#include <memory>

namespace se::tool {

/// What every subcommand starts from: the kernel loaded, its analyzer, and
/// the schedule the options name (the original one by default, then any
/// `--schedule` file, then any `--edits` script applied).
class ToolSession {
public:
    explicit ToolSession(const ToolOptions &options);

    const ToolOptions &options() const { return m_options; }
    Analyzer &analyzer() { return *m_analyzer; }
    const PolyhedralModel &model() const { return m_analyzer->model(); }
    /// The schedule to analyse.
    const isl::schedule &schedule();
    /// The schedule before any `--edits` script.
    const isl::schedule &baseSchedule();
    /// The `--edits` script (empty without one) and the schedule after each
    /// of its edits.
    const EditScript &editScript();
    const std::vector<isl::schedule> &editSteps();
    /// Dependence overrides: the edit script's, then `--assume-no-dep`'s.
    std::vector<DependenceOverride> overrides();
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
    ToolOptions m_options;
    std::unique_ptr<Analyzer> m_analyzer;
    std::optional<isl::schedule> m_base;
    std::optional<isl::schedule> m_schedule;
    std::optional<EditScript> m_script;
    std::vector<isl::schedule> m_steps;
    std::unique_ptr<ScheduleExport> m_export; // after m_analyzer: its isl objects go first
};

} // namespace se::tool
