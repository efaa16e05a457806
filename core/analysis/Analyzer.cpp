// SPDX-License-Identifier: MIT
#include "Analyzer.h"

#include "BoundsChecker.h"

#include "core/deps/DependenceAnalysis.h"
#include "core/deps/DependenceSummary.h"
#include "core/legality/LegalityChecker.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/OriginalSchedule.h"

#include <utility>

namespace se {

Analyzer::Analyzer(KernelPtr kernel, Options options) : m_ctx(options.quota), m_summaryQuota(options.summaryQuota)
{
    m_ctx.setTimeLimit(options.timeLimit);
    m_model = std::make_unique<PolyhedralModel>(m_ctx, std::move(kernel), std::move(options.params));
}

Analyzer::~Analyzer()
{
    // isl objects go before the context that made them.
    m_legality.clear();
    m_edgeReports.clear();
    m_deps.clear();
    m_original.reset();
    m_model.reset();
}

const isl::schedule &Analyzer::originalSchedule()
{
    if (!m_original)
        m_original = OriginalSchedule::build(*m_model);
    return *m_original;
}

const std::vector<Dependence> &Analyzer::dependences(DepMode mode)
{
    auto it = m_deps.find(mode);
    if (it == m_deps.end())
        it = m_deps.emplace(mode, DependenceAnalysis::compute(*m_model, mode)).first;
    return it->second;
}

const SharedVector<EdgeReport> &Analyzer::edgeReports(DepMode mode, bool counts)
{
    const auto key = std::make_pair(mode, counts);
    auto it = m_edgeReports.find(key);
    if (it == m_edgeReports.end()) {
        std::vector<EdgeReport> out;
        DependenceSummary summary(*m_model, m_summaryQuota);
        for (const auto &d : dependences(mode))
            out.push_back(summary.describe(d, counts));
        it = m_edgeReports.emplace(key, SharedVector<EdgeReport>(std::move(out))).first;
    }
    return it->second;
}

const std::vector<std::string> &Analyzer::warnings()
{
    if (!m_warnings) {
        std::vector<std::string> out = m_model->kernel()->warnings;
        for (const auto &b : bounds())
            out.push_back(b.path + ": " + b.message);
        out.insert(out.end(), m_boundsStopped.begin(), m_boundsStopped.end());
        m_warnings = std::move(out);
    }
    return *m_warnings;
}

const std::vector<BoundsReport> &Analyzer::bounds()
{
    if (!m_bounds)
        m_bounds = BoundsChecker::check(*m_model, &m_boundsStopped);
    return *m_bounds;
}

std::vector<ViolationReport> Analyzer::violations(const isl::schedule &schedule, DepMode mode, bool counts,
                                                  bool witnesses)
{
    const FlatSchedule flat =
        QuotaScope::run(m_ctx, "flattening the schedule", [&] { return FlatSchedule(*m_model, schedule); });
    return violations(flat, mode, counts, witnesses);
}

std::vector<ViolationReport> Analyzer::violations(const FlatSchedule &flat, DepMode mode, bool counts, bool witnesses,
                                                  const VerdictCarry *carry, const IncrementalLegality::Found &found)
{
    LegalityChecker::Options options;
    options.countViolations = counts;
    options.witnesses = witnesses;
    return m_legality[mode].check(*m_model, dependences(mode), flat, options, carry, found);
}

CheckReport Analyzer::check(const isl::schedule &schedule, DepMode mode, CheckOptions options)
{
    const FlatSchedule flat =
        QuotaScope::run(m_ctx, "flattening the schedule", [&] { return FlatSchedule(*m_model, schedule); });
    return check(flat, mode, std::move(options));
}

CheckReport Analyzer::check(const FlatSchedule &flat, DepMode mode, CheckOptions options, const VerdictCarry *carry)
{
    CheckReport r;
    r.kernel = m_model->kernel()->name;
    r.deps = depModeName(mode);
    for (const auto &[n, v] : m_model->fixedParams())
        r.fixedParams.emplace_back(n, v);
    r.edges = edgeReports(mode, options.counts);
    // The overrides first: the first violation told ahead is one they leave.
    for (const auto &o : options.assumeNoDep) {
        AssumptionReport a{o.type, o.src, o.dst, o.allocation, o.reason};
        // Read shared, written (copied once) only where an override matches.
        for (std::size_t k = 0; k < r.edges.size(); ++k) {
            const EdgeReport &e = std::as_const(r.edges)[k];
            if (o.matches(e.type, e.src, e.dst, e.allocation)) {
                a.matched = true;
                r.edges[k].assumedAbsent = o.reason;
            }
        }
        r.assumptions.push_back(std::move(a));
    }
    IncrementalLegality::Found found;
    if (options.firstViolation)
        found = [&](std::size_t edge) {
            if (!std::as_const(r.edges)[edge].assumedAbsent.empty())
                return false; // not a violation: look on
            CheckReport first = r;
            first.legal = false;
            first.violations.push_back(LegalityChecker::bare(*m_model, dependences(mode)[edge], edge, std::nullopt));
            options.firstViolation(first);
            return true;
        };
    std::vector<ViolationReport> all =
        violations(flat, mode, options.counts && options.details, options.details, carry, found);
    for (std::size_t k = 0; k < options.assumeNoDep.size(); ++k)
        for (const auto &v : all)
            r.assumptions[k].needed =
                r.assumptions[k].needed || options.assumeNoDep[k].matches(v.type, v.src, v.dst, v.allocation);
    for (auto &v : all)
        if (std::as_const(r.edges)[v.edge].assumedAbsent.empty())
            r.violations.push_back(std::move(v));
    r.legal = r.violations.empty();
    if (options.warnings) {
        r.warnings = warnings();
        r.bounds = bounds();
    }
    return r;
}

} // namespace se
