// SPDX-License-Identifier: MIT
#pragma once

#include "EdgeVerdictCache.h"
#include "LegalityChecker.h"
#include "ShapeCounts.h"
#include "VerdictCarry.h"
#include "core/schedule/FlatSchedule.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace se {

/// Legality checks of successive schedules against one set of dependences,
/// as the app runs them after every edit: only edges with a statement whose
/// time map changed are checked again, and violated edges whose report
/// lacks the witness or count now asked for; the others keep their verdict.
class IncrementalLegality {
public:
    /// Called with each edge found violated, as the check finds it, until
    /// it returns true: a caller can tell "illegal" long before the last
    /// edge is checked.
    using Found = std::function<bool(std::size_t edge)>;
    /// `carry`: edges known respected under `schedule` (not checked).
    std::vector<ViolationReport> check(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                       const FlatSchedule &schedule, LegalityChecker::Options options,
                                       const VerdictCarry *carry = nullptr, const Found &found = {});
    /// Edges checked by the last call (the rest were reused).
    std::size_t lastChecked() const { return m_lastChecked; }

private:
    const std::vector<Dependence> *m_deps = nullptr;
    const std::vector<Dependence> *m_cacheDeps = nullptr;
    std::optional<FlatSchedule> m_last;
    std::optional<TimeBounds::Memo> m_bounds; ///< of m_last
    TimeBounds::Sources m_sources; ///< bounds of the maps candidates translate
    // Per edge; null: respected. A pointer, not an optional: a report is
    // ~360 bytes and tiled_matmul_256 has 180,608 edges, almost all respected.
    std::vector<std::unique_ptr<const ViolationReport>> m_verdicts;
    std::vector<bool> m_bare; ///< per edge: its report has no witness (Options::witnesses off)
    std::vector<bool> m_uncounted; ///< per edge: its report has no count (Options::countViolations off)
    std::size_t m_lastChecked = 0;
    EdgeVerdictCache m_cache;
    ShapeCounts m_counts; ///< violating pairs, once per shape where an edge breaks whole
    /// Per edge: the witness its meeting sentence was made for, and the
    /// sentence (it depends on the kernel and the witness, not the schedule).
    std::vector<std::optional<std::pair<Witness, std::string>>> m_meetings;
    MeetingElements m_elements; ///< of the instances the reports meet (the model's: kept with it)

    /// The report of a violation found before under the same key.
    ViolationReport reported(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                             const FlatSchedule &schedule, const EdgeVerdictCache::Verdict &known,
                             std::optional<std::int64_t> count);
};

} // namespace se
