// SPDX-License-Identifier: MIT
#include "SequenceShortcut.h"

#include "core/analysis/Analyzer.h"
#include "core/deps/DependenceSummary.h"
#include "core/edit/ScheduleTree.h"
#include "core/isl/IslContext.h"
#include "core/legality/LegalityChecker.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace se {

SequenceShortcut::SequenceShortcut(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root,
                                   const NodePath &path, DepMode mode, bool counts)
    : m_analyzer(analyzer), m_schedule(schedule), m_path(path), m_mode(mode), m_counts(counts)
{
    const TreeNode *t = &root;
    for (const int c : path) {
        if (t->kind == TreeNode::Kind::Band)
            m_dim += t->members();
        else if (t->hasChildren())
            m_dim += 1; // the child's position
        if (c < 0 || static_cast<std::size_t>(c) >= t->children.size())
            return;
        t = &t->children[static_cast<std::size_t>(c)];
    }
    if (t->kind == TreeNode::Kind::Sequence)
        m_node = t;
}

std::vector<std::size_t> SequenceShortcut::statementsUnder(std::size_t k) const
{
    std::vector<std::size_t> out;
    const TreeNode &f = m_node->children[k];
    if (f.kind != TreeNode::Kind::Filter || f.children.empty() || f.children.front().reach.is_null())
        return {};
    bool ok = true;
    f.children.front().reach.foreach_set([&](isl::set part) {
        const char *name = isl_set_get_tuple_name(part.get());
        const int s = name ? m_analyzer.model().statementIndex(name) : -1;
        if (s < 0) {
            ok = false;
            return;
        }
        const isl::set &domain = m_analyzer.model().statements()[static_cast<std::size_t>(s)].domain;
        if (!part.is_equal(domain) || !m_base->setLevels(static_cast<std::size_t>(s)).empty())
            ok = false; // split across children, or under a set: the tree decides
        else
            out.push_back(static_cast<std::size_t>(s));
    });
    return ok ? out : std::vector<std::size_t>{};
}

isl::map SequenceShortcut::fusedTimes(unsigned d, unsigned members) const
{
    // { [t0, ..., tn-1] -> [t0, ..., t(d-1), 0, t(d+1), ..., t(d+M), td, t(d+M+1), ...] }:
    // the child position becomes equal and moves below the band.
    std::string from, to;
    for (unsigned k = 0; k < m_base->dims(); ++k) {
        const std::string t = "t" + std::to_string(k);
        from += (k ? ", " : "") + t;
        to += (k ? ", " : "") + (k == d ? std::string("0") : t);
        if (k == d + members)
            to += ", t" + std::to_string(d);
    }
    return isl::map(m_analyzer.model().islContext().ctx(), "{ [" + from + "] -> [" + to + "] }");
}

isl::map SequenceShortcut::shifted(unsigned d, int by) const
{
    // { [t0, ..., tn-1] -> [t0, ..., td + by, ...] }
    std::string from, to;
    for (unsigned k = 0; k < m_base->dims(); ++k) {
        const std::string t = "t" + std::to_string(k);
        from += (k ? ", " : "") + t;
        to += (k ? ", " : "") + t + (k == d ? (by > 0 ? " + " : " - ") + std::to_string(std::abs(by)) : "");
    }
    return isl::map(m_analyzer.model().islContext().ctx(), "{ [" + from + "] -> [" + to + "] }");
}

void SequenceShortcut::ensureBase()
{
    if (m_base)
        return;
    m_base = FlatSchedule(m_analyzer.model(), m_schedule);
    m_violations = m_analyzer.violations(*m_base, m_mode, m_counts, false);
}

std::optional<std::int64_t> SequenceShortcut::count(const Dependence &d, const isl::map &bad)
{
    if (!m_counts)
        return std::nullopt;
    if (d.shape < 0 || d.shapeRelation.is_null() || !bad.is_equal(d.relation()))
        return DependenceSummary::countPairs(m_analyzer.model(), bad);
    auto it = m_shapeCounts.find(d.shape); // every pair violates: the shape's count
    if (it == m_shapeCounts.end())
        it = m_shapeCounts.emplace(d.shape, DependenceSummary::countPairs(m_analyzer.model(), d.shapeRelation)).first;
    return it->second;
}

std::optional<SequenceShortcut::Verdict> SequenceShortcut::toSet()
{
    // A set runs its children in any order: a pair between two children is
    // ordered only by the dimensions above the node, and violated unless
    // they put its source first. Pairs within one child, or with an end
    // outside the node, keep their order.
    ensureBase();
    const std::size_t n = m_analyzer.model().statements().size();
    std::vector<std::size_t> child(n, 0); // child index + 1
    for (std::size_t k = 0; k < m_node->children.size(); ++k) {
        const std::vector<std::size_t> under = statementsUnder(k);
        if (under.empty())
            return std::nullopt;
        for (std::size_t s : under)
            child[s] = k + 1;
    }
    const auto between = [&](const Dependence &d) {
        return child[d.src] && child[d.dst] && child[d.src] != child[d.dst];
    };
    const std::vector<Dependence> &deps = m_analyzer.dependences(m_mode);
    Tally tally;
    for (const ViolationReport &r : m_violations)
        if (!between(deps[r.edge]))
            tally.add(r.count);
    // { [t] -> [t0, ..., t(d-1)] }: the dimensions above the node
    const isl::map above = prefix(m_dim);
    for (const Dependence &d : deps) {
        if (!between(d))
            continue;
        QuotaScope::nextStep(m_analyzer.context());
        isl::map bad = d.relation();
        if (m_dim > 0) {
            // raw isl: a lexicographic order between two maps (not in cpp.h 0.25)
            isl_map *ge = isl_map_lex_ge_map(m_base->of(d.src).apply_range(above).release(),
                                             m_base->of(d.dst).apply_range(above).release());
            bad = bad.intersect(isl::manage(ge));
        }
        if (!bad.is_empty())
            tally.add(count(d, bad));
    }
    return tally.verdict();
}

isl::map SequenceShortcut::prefix(unsigned d) const
{
    std::string from, to;
    for (unsigned k = 0; k < m_base->dims(); ++k) {
        from += (k ? ", t" : "t") + std::to_string(k);
        if (k < d)
            to += (k ? ", t" : "t") + std::to_string(k);
    }
    return isl::map(m_analyzer.model().islContext().ctx(), "{ [" + from + "] -> [" + to + "] }");
}

std::optional<SequenceShortcut::Verdict> SequenceShortcut::after(const Edit &e)
{
    if (m_node && e.node == m_path && e.kind == EditKind::ToSet)
        return toSet();
    if (!m_node || e.node != m_path || e.child < 0)
        return std::nullopt;
    const bool fuse = e.kind == EditKind::Fuse;
    const bool swap = e.kind == EditKind::Move && (e.to == e.child + 1 || e.to == e.child - 1) && e.to >= 0;
    if (!fuse && !swap)
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
    ensureBase();
    if (m_dim + (fuse ? ba.members() : 0) >= m_base->dims())
        return std::nullopt;
    const std::vector<std::size_t> a = statementsUnder(k), b = statementsUnder(k + 1);
    if (a.empty() || b.empty())
        return std::nullopt;
    const std::size_t n = m_analyzer.model().statements().size();
    std::vector<int> side(n, 0); // 1: child k, 2: child k + 1
    for (std::size_t s : a)
        side[s] = 1;
    for (std::size_t s : b)
        side[s] = 2;
    const auto between = [&](const Dependence &d) { return side[d.src] && side[d.dst] && side[d.src] != side[d.dst]; };

    const std::vector<Dependence> &deps = m_analyzer.dependences(m_mode);
    Tally tally;
    for (const ViolationReport &r : m_violations)
        if (!between(deps[r.edge]))
            tally.add(r.count);
    // The two children's statements with their new times.
    std::vector<std::pair<std::size_t, isl::map>> times;
    if (fuse) {
        const isl::map fused = fusedTimes(m_dim, ba.members());
        for (const auto *group : {&a, &b})
            for (std::size_t s : *group)
                times.emplace_back(s, m_base->of(s).apply_range(fused));
    } else {
        const isl::map later = shifted(m_dim, 1), earlier = shifted(m_dim, -1);
        for (std::size_t s : a)
            times.emplace_back(s, m_base->of(s).apply_range(later));
        for (std::size_t s : b)
            times.emplace_back(s, m_base->of(s).apply_range(earlier));
    }
    const FlatSchedule edited = m_base->withTimes(std::move(times));
    for (const Dependence &d : deps) {
        if (!between(d))
            continue;
        QuotaScope::nextStep(m_analyzer.context());
        const isl::map bad = LegalityChecker::violatingPairs(d, edited);
        if (!bad.is_empty())
            tally.add(count(d, bad));
    }
    return tally.verdict();
}

} // namespace se
