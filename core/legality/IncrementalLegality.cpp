// SPDX-License-Identifier: MIT
#include "IncrementalLegality.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>

namespace se {

std::vector<ViolationReport> IncrementalLegality::check(const PolyhedralModel &model,
                                                        const std::vector<Dependence> &deps,
                                                        const FlatSchedule &schedule, LegalityChecker::Options options,
                                                        const VerdictCarry *carry, const Found &found)
{
    return QuotaScope::run(model.islContext(), "checking legality", [&] {
        const std::vector<bool> *kept = carry && carry->kept.size() == deps.size() ? &carry->kept : nullptr;
        const bool reuse =
            m_last && m_deps == &deps && m_verdicts.size() == deps.size() && m_last->dims() == schedule.dims();
        // (an uncounted report is counted again below where counts are
        // wanted; a counted one loses its count where they are not)
        std::vector<bool> changed(schedule.size(), true);
        if (reuse)
            for (std::size_t k = 0; k < schedule.size(); ++k)
                // Structural comparison: a false "changed" only costs a re-check.
                // A sequence made a set keeps every time but changes the verdict.
                // A moves candidate's moved statement (one with a Transform,
                // now or last) is taken as changed without a comparison.
                changed[k] = (m_last->handle(k) != schedule.handle(k) // the same object: unchanged
                              && (schedule.transform(k) || m_last->transform(k) || !schedule.plainlyEqual(k, *m_last)))
                    || !schedule.sameSetLevels(k, *m_last);
        if (!reuse) {
            m_verdicts.clear();
            m_verdicts.resize(deps.size());
            m_bare.assign(deps.size(), false);
            m_uncounted.assign(deps.size(), false);
        }
        // The verdicts are about to describe `schedule`, not m_last: if this
        // check stops half-way (an abort from a newer edit, the quota), the
        // next one must not reuse any of them.
        m_last.reset();
        TimeBounds bounds(model, schedule, &m_sources);
        // The bounds of unchanged statements are the last check's (a
        // moves list checks hundreds of schedules that differ in one).
        if (reuse && m_bounds)
            bounds.reuse(std::move(*m_bounds), changed);
        m_bounds.reset();
        if (m_cacheDeps != &deps) {
            m_cache = EdgeVerdictCache{}; // keys name edge shapes of these dependences
            m_counts.clear();
            m_meetings.clear();
            m_elements = MeetingElements{};
        }
        m_meetings.resize(deps.size());
        m_cacheDeps = &deps;
        m_cache.setSchedule(schedule);
        m_lastChecked = 0;
        // One edge: its verdict in m_verdicts[e] (null: respected).
        const auto checkEdge = [&](std::size_t e) {
            const Dependence &d = deps[e];
            // A violation's report without a witness or a count is not
            // reused where one is wanted (a respected edge has neither).
            if (reuse && !changed[d.src] && !changed[d.dst]
                && !(m_verdicts[e]
                     && ((options.witnesses && m_bare[e]) || (options.countViolations && m_uncounted[e]))))
                return;
            if (kept && (*kept)[e]) {
                m_verdicts[e].reset(); // (cleared already when the dimensions changed)
                return;
            }
            ++m_lastChecked;
            QuotaScope::nextStep(model.islContext());
            m_verdicts[e].reset();
            m_bare[e] = !options.witnesses;
            m_uncounted[e] = !options.countViolations;
            // Settled by bounds known already (a moved statement's are its
            // source's, moved): no key, no isl.
            if (options.timeBounds && bounds.orderedByKnown(d.src, d.dst))
                return;
            const auto key = options.timeBounds ? m_cache.key(d) : std::nullopt;
            if (key) {
                const auto *known = m_cache.find(*key);
                if (known && (known->counted || !options.countViolations)
                    && (known->witnessed || !known->violated || !options.witnesses)) {
                    const auto count = options.countViolations ? known->count : std::nullopt;
                    if (known->violated)
                        m_verdicts[e] = std::make_unique<const ViolationReport>(
                            options.witnesses ? reported(model, d, e, schedule, *known, count)
                                              : LegalityChecker::bare(model, d, e, count));
                    return;
                }
            }
            // A violation's verdict for the edge's key, with its statements'
            // constants (another edge of the key shifts the witness by them).
            const auto violated = [&](const ViolationReport &r, bool counted, bool witnessed) {
                EdgeVerdictCache::Verdict v;
                v.violated = true;
                v.counted = counted;
                v.witnessed = witnessed;
                v.count = r.count;
                v.witness = r.witness;
                v.srcConstants = *m_cache.constants(d.src);
                v.dstConstants = *m_cache.constants(d.dst);
                return v;
            };
            // The least time difference of the edge's shape decides it with
            // no isl call per edge; a violation still needs its pairs for a
            // count or a witness.
            const auto byMinimum = key ? m_cache.violatedByMinimum(d, *key) : std::nullopt;
            if (key && !byMinimum)
                QuotaScope::nextStep(model.islContext()); // (a minimum may have used this edge's budget)
            if (byMinimum && (!*byMinimum || (!options.countViolations && !options.witnesses))) {
                EdgeVerdictCache::Verdict verdict;
                verdict.counted = true; // (no pairs to count)
                if (*byMinimum) {
                    m_verdicts[e] =
                        std::make_unique<const ViolationReport>(LegalityChecker::bare(model, d, e, std::nullopt));
                    verdict = violated(*m_verdicts[e], false, false);
                }
                m_cache.store(*key, std::move(verdict));
                return;
            }
            // Violated and counted without a witness: where the greatest
            // difference shows every pair violated, the count is the shape's
            // and the pairs need not be made (most of a moves list's counts);
            // else the pairs are made from the linear parts and constants, by
            // the dimension where they break, and counted piece by piece (no
            // lexicographic order of two maps).
            if (byMinimum && *byMinimum && options.countViolations && !options.witnesses && d.shape >= 0
                && !d.shapeRelation.is_null()) {
                std::optional<std::optional<std::int64_t>> counted;
                if (const auto every = m_cache.everyPairViolated(d, *key); every && *every) {
                    counted = m_counts.whole(model, d);
                } else {
                    QuotaScope::nextStep(model.islContext()); // (the maximum may have used this edge's budget)
                    if (const auto pieces = m_cache.violatingPieces(d, *key))
                        counted = m_counts.countPieces(model, *pieces);
                }
                if (counted) {
                    m_verdicts[e] =
                        std::make_unique<const ViolationReport>(LegalityChecker::bare(model, d, e, *counted));
                    m_cache.store(*key, violated(*m_verdicts[e], true, false));
                    return;
                }
            }
            // (an edge the minimum shows violated is not ordered: no bounds to make)
            if (options.timeBounds && !(byMinimum && *byMinimum) && bounds.ordered(d.src, d.dst))
                return;
            const isl::map bad = LegalityChecker::violatingPairs(d, schedule);
            EdgeVerdictCache::Verdict verdict;
            verdict.counted = options.countViolations;
            if (!bad.is_empty()) {
                const auto pairs = options.countViolations ? m_counts.count(model, d, bad) : std::nullopt;
                m_verdicts[e] = std::make_unique<const ViolationReport>(
                    options.witnesses ? LegalityChecker::explain(model, d, e, schedule, bad, pairs)
                                      : LegalityChecker::bare(model, d, e, pairs));
                if (key)
                    verdict = violated(*m_verdicts[e], options.countViolations, options.witnesses);
            }
            if (key)
                m_cache.store(*key, std::move(verdict));
        };
        bool enough = !found;
        for (std::size_t e = 0; e < deps.size(); ++e) {
            checkEdge(e);
            if (!enough && m_verdicts[e])
                enough = found(e);
        }
        m_last = schedule;
        m_bounds = std::move(bounds).memo();
        m_deps = &deps;
        std::vector<ViolationReport> out;
        for (const auto &v : m_verdicts)
            if (v) {
                // A report kept from a check with witnesses is given as asked:
                // the same schedule checked twice answers the same way.
                out.push_back(options.witnesses ? *v : LegalityChecker::bare(model, deps[v->edge], v->edge, v->count));
                if (!options.countViolations)
                    out.back().count.reset();
            }
        return out;
    });
}

ViolationReport IncrementalLegality::reported(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                              const FlatSchedule &schedule, const EdgeVerdictCache::Verdict &known,
                                              std::optional<std::int64_t> count)
{
    // A checker called for hundreds of schedules (serve, moves) meets the
    // same edge shapes again: the witness's times are integer shifts, its
    // sentence is the edge's own. isl only where that does not hold.
    LegalityChecker::Parts parts;
    if (!m_cache.shiftedTimes(known, dep.src, dep.dst, parts.srcTime, parts.dstTime))
        return LegalityChecker::report(model, dep, edge, schedule, known.witness, count);
    auto &m = m_meetings[edge];
    const Witness &w = known.witness;
    if (!m || m->first.src != w.src || m->first.dst != w.dst || m->first.params != w.params)
        m = std::make_pair(w, LegalityChecker::meeting(model, dep, w, &m_elements));
    parts.meeting = m->second;
    return LegalityChecker::compose(model, dep, edge, schedule, w, count, std::move(parts));
}

} // namespace se
