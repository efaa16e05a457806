// SPDX-License-Identifier: MIT
#include "AstMemo.h"

#include "core/isl/IslUtil.h"

namespace se {

void AstMemo::begin(const isl::union_set &domain)
{
    m_next.clear();
    if (!m_domain || !islutil::plainEqual(*m_domain, domain)) {
        m_last.clear();
        m_domain = domain;
    }
}

void AstMemo::finish()
{
    m_last.swap(m_next);
    m_next.clear();
}

std::string AstMemo::key(const std::string &stage, const TreeNode &child)
{
    std::string k = stage + ":";
    child.set.foreach_set([&](const isl::set &s) { k += islutil::tupleName(s) + ";"; });
    return k;
}

const isl::ast_node *AstMemo::find(const std::string &stage, const TreeNode &child)
{
    const std::string k = key(stage, child);
    const auto stored = m_last.find(k);
    if (stored == m_last.end() || !ScheduleTree::plainlyEqual(stored->second.child, child)) {
        ++m_misses;
        return nullptr;
    }
    ++m_hits;
    return &(m_next[k] = stored->second).ast;
}

void AstMemo::store(const std::string &stage, const TreeNode &child, const isl::ast_node &ast)
{
    m_next[key(stage, child)] = Entry{child, ast};
}

} // namespace se
