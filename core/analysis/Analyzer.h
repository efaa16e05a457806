// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"
#include "core/deps/Dependence.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/legality/DependenceOverride.h"
#include "core/legality/IncrementalLegality.h"

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace se {

class FlatSchedule;

/// One kernel's analysis in one isl context: the model, the original
/// schedule and the dependences, each computed once and kept, and legality
/// checks of any number of schedules against them. Lives on one thread (the
/// CLI's, or the app's worker); everything it returns to others is plain
/// data (CheckReport).
class Analyzer {
public:
    struct Options {
        ParamValues params;
        unsigned long quota = IslContext::DefaultQuota;
        double timeLimit = 0; ///< seconds for everything this analyzer does (0: none)
        /// Each edge description part's operation budget (DependenceSummary;
        /// nullopt: the quota).
        std::optional<unsigned long> summaryQuota = std::nullopt;
    };
    struct CheckOptions {
        bool counts = true; ///< pair counts (only when every parameter is fixed)
        bool warnings = true; ///< out-of-shape access warnings
        /// Edges assumed absent: ignored by the verdict, named in it.
        std::vector<DependenceOverride> assumeNoDep;
        /// Each violation's witness pair, its sentence and (with `counts`)
        /// its pair count; without, only which edges break (the verdict
        /// the app shows first).
        bool details = true;
        /// Called once, as soon as one edge is known violated (and not
        /// assumed absent), with a report naming that edge alone: the
        /// schedule is illegal whatever the other edges say.
        std::function<void(const CheckReport &)> firstViolation = {};
    };

    /// Throws InputError for bad parameter values, ResourceLimitError when
    /// building the model exceeds the quota.
    Analyzer(KernelPtr kernel, Options options);
    explicit Analyzer(KernelPtr kernel) : Analyzer(std::move(kernel), Options{}) { }
    ~Analyzer();

    IslContext &context() { return m_ctx; }
    const PolyhedralModel &model() const { return *m_model; }
    const KernelPtr &kernel() const { return m_model->kernel(); }

    const isl::schedule &originalSchedule();
    const std::vector<Dependence> &dependences(DepMode mode);
    /// Edge descriptions (relation text, count, distance), cached per mode.
    const SharedVector<EdgeReport> &edgeReports(DepMode mode, bool counts);
    /// The kernel reader's warnings, then each out-of-shape access
    /// (`path: message`) and each access whose bounds check stopped.
    const std::vector<std::string> &warnings();
    /// The out-of-shape accesses (BoundsChecker), made once.
    const std::vector<BoundsReport> &bounds();

    /// The dependences and the legality verdict of `schedule`. Successive
    /// checks re-examine only the edges of statements whose times changed.
    CheckReport check(const isl::schedule &schedule, DepMode mode, CheckOptions options);
    CheckReport check(const isl::schedule &schedule, DepMode mode) { return check(schedule, mode, CheckOptions{}); }
    /// The same for a schedule already flattened; `carry`: the edges the
    /// edit that made it cannot have broken (IncrementalLegality).
    CheckReport check(const FlatSchedule &flat, DepMode mode, CheckOptions options,
                      const VerdictCarry *carry = nullptr);
    /// Only the violated edges, without the edge listing, the warnings or
    /// overrides: what a search over many candidate schedules needs; with
    /// `witnesses` off, each holds only its edge and count.
    std::vector<ViolationReport> violations(const isl::schedule &schedule, DepMode mode, bool counts,
                                            bool witnesses = true);
    std::vector<ViolationReport> violations(const FlatSchedule &flat, DepMode mode, bool counts, bool witnesses = true,
                                            const VerdictCarry *carry = nullptr,
                                            const IncrementalLegality::Found &found = {});

private:
    IslContext m_ctx; // first: outlives every isl object below
    std::optional<unsigned long> m_summaryQuota;
    std::unique_ptr<PolyhedralModel> m_model;
    std::optional<isl::schedule> m_original;
    std::map<DepMode, std::vector<Dependence>> m_deps;
    std::map<std::pair<DepMode, bool>, SharedVector<EdgeReport>> m_edgeReports;
    std::optional<std::vector<std::string>> m_warnings;
    std::optional<std::vector<BoundsReport>> m_bounds;
    std::vector<std::string> m_boundsStopped;
    std::map<DepMode, IncrementalLegality> m_legality;
};

} // namespace se
