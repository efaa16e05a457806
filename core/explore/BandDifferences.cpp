// SPDX-License-Identifier: MIT
#include "BandDifferences.h"
#include "FactoredDifferences.h"
#include "FlatPlace.h"

#include "core/analysis/Analyzer.h"
#include "core/isl/IslContext.h"
#include "core/legality/LegalityChecker.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleTree.h"
#include "core/schedule/TreeError.h"
#include "core/support/VerifyMode.h"

#include <algorithm>
#include <cassert>

namespace se {

std::string differenceTuple(unsigned members)
{
    std::string out = "[";
    for (unsigned k = 0; k < members; ++k)
        out += (k ? ", d" : "d") + std::to_string(k);
    return out + "]";
}

namespace {

std::string tuple(const char *name, unsigned n)
{
    std::string out = "[";
    for (unsigned k = 0; k < n; ++k)
        out += (k ? ", " : "") + std::string(name) + std::to_string(k);
    return out + "]";
}

std::string var(const char *name, unsigned k)
{
    return name + std::to_string(k);
}

// { [t] -> [u] : t_k = u_k for k in [from, to) }, the conjunction's text.
std::string equalOn(unsigned from, unsigned to)
{
    std::string out;
    for (unsigned k = from; k < to; ++k)
        out += (out.empty() ? "" : " and ") + var("t", k) + " = " + var("u", k);
    return out;
}

// The pairs of times whose dimensions [from, n) go lexicographically forward.
std::string aheadFrom(unsigned from, unsigned n)
{
    std::string out;
    for (unsigned k = from; k < n; ++k) {
        const std::string same = equalOn(from, k);
        out += (out.empty() ? "(" : " or (") + (same.empty() ? "" : same + " and ") + var("t", k) + " < " + var("u", k)
            + ")";
    }
    return out.empty() ? "false" : out; // no dimensions: nothing goes forward
}

// The difference vectors whose dimensions [from, n) go lexicographically forward.
std::string aheadDifference(unsigned from, unsigned n)
{
    std::string out;
    for (unsigned k = from; k < n; ++k) {
        std::string same;
        for (unsigned j = from; j < k; ++j)
            same += var("t", j) + " = 0 and ";
        out += (out.empty() ? "(" : " or (") + same + var("t", k) + " > 0)";
    }
    return out.empty() ? "false" : out;
}

// The difference vectors whose dimensions [from, n) do not go forward:
// backward or all 0 (the complement of aheadDifference, written out, so
// that a set's other part is an intersection rather than a subtraction).
std::string notAheadDifference(unsigned from, unsigned n)
{
    std::string out, same;
    for (unsigned k = from; k < n; ++k) {
        out += (out.empty() ? "(" : " or (") + same + var("t", k) + " < 0)";
        same += var("t", k) + " = 0 and ";
    }
    const std::string zero = same.empty() ? "0 = 0" : same.substr(0, same.size() - 5);
    return out.empty() ? zero : out + " or (" + zero + ")";
}

isl::map timePairs(isl::ctx ctx, unsigned n, const std::string &condition)
{
    return isl::map(
        ctx, "{ " + tuple("t", n) + " -> " + tuple("u", n) + (condition.empty() ? "" : " : " + condition) + " }");
}

} // namespace

BandDifferences::BandDifferences(FlatPlace &place, DepMode mode) : m_ctx(place.analyzer().model().islContext().ctx())
{
    const TreeNode *band = place.node();
    if (!band)
        throw TreeError(place.path(), "there is no node " + nodePathText(place.path()));
    if (!band->isBand())
        throw TreeError(place.path(),
                        std::string("ranges: node ") + nodePathText(place.path()) + " is a " + treeKindName(band->kind)
                            + ", not a band");
    m_members = band->members();
    if (m_members == 0)
        throw TreeError(place.path(), "ranges: the band has no members");
    const auto under = place.wholeStatements(*band);
    if (!under) {
        m_blocked = "a statement under this band has instances outside it too (a split statement): its ranges are "
                    "not computed";
        return;
    }
    m_statements = *under;
    std::sort(m_statements.begin(), m_statements.end());
    Analyzer &analyzer = place.analyzer();
    const PolyhedralModel &model = analyzer.model();
    const FlatSchedule &flat = place.base();
    const std::vector<Dependence> &deps = analyzer.dependences(mode);
    const unsigned n = flat.dims();
    const unsigned d = place.dim();
    const unsigned end = d + m_members;
    assert(end <= n && "a band's members are flat dimensions");
    const isl::map before = timePairs(m_ctx, n, equalOn(0, d));
    const auto inBand = [&](std::size_t s) { return position(s) >= 0; };

    // A dependence the band cannot mend blocks every range: broken outside
    // the band, or at a level above it.
    for (const ViolationReport &v : analyzer.violations(flat, mode, false, false)) {
        const Dependence &dep = deps[v.edge];
        const std::string name =
            std::string(depTypeName(dep.type)) + " " + dep.srcName + " -> " + dep.dstName + " on " + dep.allocation;
        if (!inBand(dep.src) || !inBand(dep.dst)) {
            m_blocked = name + " is broken outside this band";
            m_blockingEdge = v.edge;
            return;
        }
        const isl::map bad =
            LegalityChecker::violatingPairs(dep, flat).apply_domain(flat.of(dep.src)).apply_range(flat.of(dep.dst));
        if (!bad.subtract(before).is_empty()) {
            m_blocked = name + " is broken above this band (before its time dimensions)";
            m_blockingEdge = v.edge;
            return;
        }
    }

    const isl::map ahead = timePairs(m_ctx, n, aheadFrom(end, n));
    // { [t] -> [d0, ..., dm-1] }: a difference vector's band dimensions.
    const isl::map project(
        m_ctx, "{ " + tuple("t", n) + " -> " + differenceTuple(m_members) + " : " + [&] {
            std::string eq;
            for (unsigned k = 0; k < m_members; ++k)
                eq += (k ? " and " : "") + var("d", k) + " = " + var("t", d + k);
            return eq;
        }() + " }");
    // { [t0, ..., tn-1] }: difference vectors zero before the band, and
    // those that go lexicographically forward after it.
    std::string zero = "0 = 0";
    for (unsigned k = 0; k < d; ++k)
        zero += " and " + var("t", k) + " = 0";
    const isl::set zeroBefore(m_ctx, "{ " + tuple("t", n) + " : " + zero + " }");
    const isl::set aheadDiff(m_ctx, "{ " + tuple("t", n) + " : " + aheadDifference(end, n) + " }");
    const isl::set notAheadDiff(m_ctx, "{ " + tuple("t", n) + " : " + notAheadDifference(end, n) + " }");
    assert(aheadDiff.unite(notAheadDiff).is_equal(isl::set(m_ctx, "{ " + tuple("t", n) + " }"))
           && aheadDiff.intersect(notAheadDiff).is_empty() && "ahead or not, one of the two");
    FactoredDifferences factored(flat);
    std::size_t madeSets = 0;
    for (std::size_t e = 0; e < deps.size(); ++e) {
        const Dependence &dep = deps[e];
        if (!inBand(dep.src) || !inBand(dep.dst))
            continue;
        QuotaScope::nextStep(model.islContext());
        const auto &levels = flat.setLevels(dep.src);
        const bool setBelow =
            std::any_of(levels.begin(), levels.end(), [&](const SetLevel &l) { return l.dim >= end; });
        std::optional<Edge> out;
        if (setBelow)
            out = fromPairs(dep, e, flat, before, ahead, project, d, end);
        else if (const auto key = factored.differences(dep)) {
            // Edges whose differences are the same set have the same sets
            // here: made once.
            EdgeSets &sets = factored.slot(*key);
            if (!sets.made) {
                const isl::set all = factored.set(*key).intersect(zeroBefore);
                sets.made = true;
                sets.id = madeSets++;
                sets.empty = all.is_empty();
                if (!sets.empty) {
                    sets.ahead = all.intersect(aheadDiff).apply(project).coalesce();
                    sets.level = all.intersect(notAheadDiff).apply(project).coalesce();
                }
            }
            if (!sets.empty)
                out = Edge{e, dep.src, dep.dst, sets.ahead, sets.level, sets.id};
        } else
            out = fromDifferences(dep, e, flat, zeroBefore, aheadDiff, notAheadDiff, project);
        if (out && !setBelow && VerifyMode::on()) {
            const auto ref = fromPairs(dep, e, flat, before, ahead, project, d, end);
            VerifyMode::check(ref && ref->ahead.is_equal(out->ahead) && ref->level.is_equal(out->level),
                              "band differences from difference vectors");
        }
        if (out)
            m_edges.push_back(std::move(*out));
    }
}

std::optional<BandDifferences::Edge>
BandDifferences::fromDifferences(const Dependence &dep, std::size_t e, const FlatSchedule &flat,
                                 const isl::set &zeroBefore, const isl::set &aheadDiff, const isl::set &notAheadDiff,
                                 const isl::map &project) const
{
    // Without a set below the band, whether a pair goes forward after the
    // band depends on its difference vector alone: the sets are made from
    // the edge's differences (n dimensions), not its pairs of times (2n).
    const isl::set diffs =
        dep.relation().apply_domain(flat.of(dep.src)).apply_range(flat.of(dep.dst)).deltas().intersect(zeroBefore);
    if (diffs.is_empty())
        return std::nullopt;
    Edge out;
    out.edge = e;
    out.src = dep.src;
    out.dst = dep.dst;
    out.ahead = diffs.intersect(aheadDiff).apply(project).coalesce();
    out.level = diffs.intersect(notAheadDiff).apply(project).coalesce();
    return out;
}

std::optional<BandDifferences::Edge> BandDifferences::fromPairs(const Dependence &dep, std::size_t e,
                                                                const FlatSchedule &flat, const isl::map &before,
                                                                const isl::map &ahead, const isl::map &project,
                                                                unsigned d, unsigned end) const
{
    const unsigned n = flat.dims();
    const isl::map rel = dep.relation();
    const isl::map pairs = rel.apply_domain(flat.of(dep.src)).apply_range(flat.of(dep.dst)).intersect(before);
    if (pairs.is_empty())
        return std::nullopt;
    isl::map forward = pairs.intersect(ahead);
    // A set below the band may run its children either way: pairs whose
    // times after the band first differ at a set's position do not go
    // forward there, whichever way they point.
    for (const SetLevel &level : flat.setLevels(dep.src)) {
        if (level.dim < end)
            continue;
        std::string cond;
        for (const std::string &part : {equalOn(0, d), equalOn(end, level.dim)})
            if (!part.empty())
                cond += part + " and ";
        cond += "(" + var("t", level.dim) + " < " + var("u", level.dim) + " or " + var("t", level.dim) + " > "
            + var("u", level.dim) + ")";
        const isl::map across = rel.intersect_domain(level.instances)
                                    .apply_domain(flat.of(dep.src))
                                    .apply_range(flat.of(dep.dst))
                                    .intersect(timePairs(m_ctx, n, cond));
        forward = forward.subtract(across);
    }
    Edge out;
    out.edge = e;
    out.src = dep.src;
    out.dst = dep.dst;
    out.ahead = forward.deltas().apply(project).coalesce();
    out.level = pairs.subtract(forward).deltas().apply(project).coalesce();
    return out;
}

int BandDifferences::position(std::size_t statement) const
{
    const auto it = std::find(m_statements.begin(), m_statements.end(), statement);
    return it == m_statements.end() ? -1 : static_cast<int>(it - m_statements.begin());
}

} // namespace se
