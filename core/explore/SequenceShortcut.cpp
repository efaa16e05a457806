// SPDX-License-Identifier: MIT
#include "SequenceShortcut.h"

#include "core/analysis/Analyzer.h"
#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslContext.h"
#include "core/legality/LegalityChecker.h"

#include <algorithm>
#include <string>

namespace se {

namespace {

// Violated edges and their pairs, as they are added up.
struct Tally {
    SequenceShortcut::Verdict v;
    std::int64_t total = 0;
    bool counted = true; // every violated edge has its count
    void add(std::optional<std::int64_t> count)
    {
        ++v.violatedEdges;
        if (count)
            total += *count;
        else
            counted = false;
    }
    SequenceShortcut::Verdict verdict() const
    {
        SequenceShortcut::Verdict out = v;
        if (out.violatedEdges > 0 && counted)
            out.violatingPairs = total;
        return out;
    }
};

} // namespace

SequenceShortcut::SequenceShortcut(FlatPlace &place, DepMode mode, bool counts)
    : m_place(place), m_mode(mode), m_counts(counts)
{
    if (place.node() && place.node()->kind == TreeNode::Kind::Sequence)
        m_node = place.node();
}

std::optional<std::vector<std::size_t>> SequenceShortcut::statementsUnder(std::size_t k)
{
    const TreeNode &f = m_node->children[k];
    if (f.kind != TreeNode::Kind::Filter || f.children.empty())
        return std::nullopt;
    auto out = m_place.wholeStatements(f.children.front());
    if (!out || out->empty())
        return std::nullopt;
    for (std::size_t s : *out)
        if (!m_place.base().setLevels(s).empty())
            return std::nullopt; // under a set: the tree decides
    return out;
}

isl::map SequenceShortcut::fusedTimes(unsigned d, unsigned members)
{
    // { [t0, ..., tn-1] -> [t0, ..., t(d-1), 0, t(d+1), ..., t(d+M), td, t(d+M+1), ...] }:
    // the child position becomes equal and moves below the band.
    std::vector<std::string> to;
    for (unsigned k = 0; k < m_place.base().dims(); ++k) {
        to.push_back(k == d ? std::string("0") : "t" + std::to_string(k));
        if (k == d + members)
            to.push_back("t" + std::to_string(d));
    }
    return m_place.timeMap(to);
}

SequenceShortcut::Verdict SequenceShortcut::verdict(const std::vector<std::size_t> &child,
                                                    const std::function<isl::map(const Dependence &)> &bad)
{
    Analyzer &analyzer = m_place.analyzer();
    if (!m_violations)
        m_violations = analyzer.violations(m_place.base(), m_mode, m_counts, false);
    const auto between = [&](const Dependence &d) {
        return child[d.src] && child[d.dst] && child[d.src] != child[d.dst];
    };
    const std::vector<Dependence> &deps = analyzer.dependences(m_mode);
    Tally tally;
    for (const ViolationReport &r : *m_violations)
        if (!between(deps[r.edge]))
            tally.add(r.count);
    for (const Dependence &d : deps) {
        if (!between(d))
            continue;
        QuotaScope::nextStep(analyzer.context());
        const isl::map pairs = bad(d);
        if (!pairs.is_empty())
            tally.add(m_counts ? m_shapeCounts.count(analyzer.model(), d, pairs) : std::nullopt);
    }
    return tally.verdict();
}

std::optional<SequenceShortcut::Verdict> SequenceShortcut::toSet()
{
    // A set runs its children in any order: a pair between two children is
    // ordered only by the dimensions above the node, and violated unless
    // they put its source first. Pairs within one child, or with an end
    // outside the node, keep their order.
    std::vector<std::size_t> child(m_place.analyzer().model().statements().size(), 0);
    for (std::size_t k = 0; k < m_node->children.size(); ++k) {
        const auto under = statementsUnder(k);
        if (!under)
            return std::nullopt;
        for (std::size_t s : *under)
            child[s] = k + 1;
    }
    const unsigned dim = m_place.dim();
    std::vector<std::string> to; // { [t] -> [t0, ..., t(d-1)] }: the dimensions above the node
    for (unsigned k = 0; k < dim; ++k)
        to.push_back("t" + std::to_string(k));
    const isl::map above = m_place.timeMap(to);
    const FlatSchedule &base = m_place.base();
    return verdict(child, [&](const Dependence &d) {
        isl::map bad = d.relation();
        if (dim > 0)
            // raw isl: a lexicographic order between two maps (not in cpp.h 0.25)
            bad = bad.intersect(isl::manage(isl_map_lex_ge_map(base.of(d.src).apply_range(above).release(),
                                                               base.of(d.dst).apply_range(above).release())));
        return bad;
    });
}

std::optional<SequenceShortcut::Verdict> SequenceShortcut::neighbours(const Edit &e)
{
    const bool fuse = e.kind == EditKind::Fuse;
    const bool swap = e.kind == EditKind::Move && (e.to == e.child + 1 || e.to == e.child - 1) && e.to >= 0;
    if ((!fuse && !swap) || e.child < 0)
        return std::nullopt;
    const auto k = static_cast<std::size_t>(fuse ? e.child : std::min(e.child, e.to));
    if (k + 1 >= m_node->children.size())
        return std::nullopt;
    const TreeNode &ba = m_node->children[k].children.front();
    const TreeNode &bb = m_node->children[k + 1].children.front();
    if (fuse && (!ba.isBand() || !bb.isBand() || ba.members() == 0 || ba.members() != bb.members()))
        return std::nullopt; // the tree says why it does not apply
    // raw isl: tuples compared without the parameters (not in cpp.h 0.25)
    if (fuse && isl_space_has_equal_tuples(ba.band.get_space().get(), bb.band.get_space().get()) != isl_bool_true)
        return std::nullopt; // bands of differently named spaces do not fuse: the tree says so
    const unsigned dim = m_place.dim();
    const FlatSchedule &base = m_place.base();
    if (dim + (fuse ? ba.members() : 0) >= base.dims())
        return std::nullopt;
    const auto a = statementsUnder(k), b = statementsUnder(k + 1);
    if (!a || !b)
        return std::nullopt;
    std::vector<std::size_t> child(m_place.analyzer().model().statements().size(), 0);
    // The two children's statements with their new times.
    std::vector<std::pair<std::size_t, isl::map>> times;
    const isl::map ofA = fuse ? fusedTimes(dim, ba.members()) : m_place.translation(dim, 1);
    const isl::map ofB = fuse ? ofA : m_place.translation(dim, -1);
    for (std::size_t s : *a) {
        child[s] = 1;
        times.emplace_back(s, base.of(s).apply_range(ofA));
    }
    for (std::size_t s : *b) {
        child[s] = 2;
        times.emplace_back(s, base.of(s).apply_range(ofB));
    }
    const FlatSchedule edited = base.withTimes(std::move(times));
    return verdict(child, [&](const Dependence &d) { return LegalityChecker::violatingPairs(d, edited); });
}

std::optional<SequenceShortcut::Verdict> SequenceShortcut::after(const Edit &e)
{
    if (!m_node || e.node != m_place.path())
        return std::nullopt;
    return e.kind == EditKind::ToSet ? toSet() : neighbours(e);
}

} // namespace se
