// SPDX-License-Identifier: MIT
#include "FlatPlace.h"

#include "core/analysis/Analyzer.h"
#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslContext.h"

#include <algorithm>
#include <cstdlib>

namespace se {

FlatPlace::FlatPlace(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root, const NodePath &path)
    : m_analyzer(analyzer), m_schedule(schedule), m_path(path)
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
    m_node = t;
}

const FlatSchedule &FlatPlace::base()
{
    if (!m_base)
        m_base = FlatSchedule(m_analyzer.model(), m_schedule);
    return *m_base;
}

isl::map FlatPlace::timeMap(const std::vector<std::string> &to)
{
    std::string from, out;
    for (unsigned k = 0; k < base().dims(); ++k)
        from += (k ? ", t" : "t") + std::to_string(k);
    for (std::size_t k = 0; k < to.size(); ++k)
        out += (k ? ", " : "") + to[k];
    return isl::map(m_analyzer.model().islContext().ctx(), "{ [" + from + "] -> [" + out + "] }");
}

isl::map FlatPlace::translation(unsigned d, int by)
{
    // One per dimension and step: a moves list asks for each hundreds of times.
    if (const auto known = m_translations.find({d, by}); known != m_translations.end())
        return known->second;
    std::vector<std::string> to;
    for (unsigned k = 0; k < base().dims(); ++k)
        to.push_back("t" + std::to_string(k)
                     + (k == d ? (by > 0 ? " + " : " - ") + std::to_string(std::abs(by)) : std::string()));
    return m_translations.emplace(std::make_pair(d, by), timeMap(to)).first->second;
}

std::optional<std::vector<std::size_t>> FlatPlace::wholeStatements(const TreeNode &n) const
{
    if (n.reach.is_null())
        return std::nullopt;
    const auto under = m_analyzer.model().statementsOf(n.reach);
    if (!under || !std::all_of(under->begin(), under->end(), [&](std::size_t s) { return whole(n, s); }))
        return std::nullopt;
    return under;
}

bool FlatPlace::whole(const TreeNode &n, std::size_t s) const
{
    const isl::set &domain = m_analyzer.model().statements()[s].domain;
    return !n.reach.is_null() && n.reach.extract_set(domain.get_space()).is_equal(domain);
}

} // namespace se
