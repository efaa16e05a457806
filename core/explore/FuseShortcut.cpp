// SPDX-License-Identifier: MIT
#include "FuseShortcut.h"

#include "core/analysis/Analyzer.h"
#include "core/deps/DependenceSummary.h"
#include "core/edit/ScheduleTree.h"
#include "core/isl/IslContext.h"
#include "core/legality/LegalityChecker.h"

#include <string>

namespace se {

FuseShortcut::FuseShortcut(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root,
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

std::vector<std::size_t> FuseShortcut::statementsUnder(std::size_t k) const
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

isl::map FuseShortcut::fusedTimes(unsigned d, unsigned members) const
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

std::optional<FuseShortcut::Verdict> FuseShortcut::after(const Edit &e)
{
    if (!m_node || e.kind != EditKind::Fuse || e.node != m_path || e.child < 0
        || static_cast<std::size_t>(e.child) + 1 >= m_node->children.size())
        return std::nullopt;
    const auto k = static_cast<std::size_t>(e.child);
    const TreeNode &ba = m_node->children[k].children.front();
    const TreeNode &bb = m_node->children[k + 1].children.front();
    if (!ba.isBand() || !bb.isBand() || ba.members() == 0 || ba.members() != bb.members())
        return std::nullopt; // the tree says why it does not apply
    if (!m_base) {
        m_base = FlatSchedule(m_analyzer.model(), m_schedule);
        m_violations = m_analyzer.violations(*m_base, m_mode, m_counts, false);
    }
    if (m_dim + ba.members() >= m_base->dims())
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
    Verdict v;
    std::int64_t total = 0;
    bool counted = true; // every violated edge has its count
    const auto add = [&](std::optional<std::int64_t> count) {
        ++v.violatedEdges;
        if (count)
            total += *count;
        else
            counted = false;
    };
    for (const ViolationReport &r : m_violations)
        if (!between(deps[r.edge]))
            add(r.count);
    // The two children's statements with their fused times.
    const isl::map fuse = fusedTimes(m_dim, ba.members());
    std::vector<std::pair<std::size_t, isl::map>> times;
    for (const auto *group : {&a, &b})
        for (std::size_t s : *group)
            times.emplace_back(s, m_base->of(s).apply_range(fuse));
    const FlatSchedule fused = m_base->withTimes(std::move(times));
    for (const Dependence &d : deps) {
        if (!between(d))
            continue;
        QuotaScope::nextStep(m_analyzer.context());
        const isl::map bad = LegalityChecker::violatingPairs(d, fused);
        if (bad.is_empty())
            continue;
        add(m_counts ? DependenceSummary::countPairs(m_analyzer.model(), bad) : std::nullopt);
    }
    if (v.violatedEdges > 0 && counted)
        v.violatingPairs = total;
    return v;
}

} // namespace se
