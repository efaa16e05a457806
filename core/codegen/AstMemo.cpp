// SPDX-License-Identifier: MIT
#include "AstMemo.h"

#include "core/isl/IslUtil.h"

namespace se {

void AstMemo::begin(const isl::union_set &domain)
{
    m_next.clear();
    if (!m_domain || !islutil::plainEqual(*m_domain, domain)) {
        m_older.clear();
        m_last.clear();
        m_domain = domain;
    }
}

void AstMemo::finish()
{
    m_older = std::move(m_last);
    m_last = std::move(m_next);
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
    for (const auto *builds : {&m_last, &m_older}) {
        const auto stored = builds->find(k);
        if (stored != builds->end() && ScheduleTree::plainlyEqual(stored->second.child, child)) {
            ++m_hits;
            return &(m_next[k] = stored->second).ast;
        }
    }
    ++m_misses;
    return nullptr;
}

void AstMemo::store(const std::string &stage, const TreeNode &child, const isl::ast_node &ast)
{
    m_next[key(stage, child)] = Entry{child, ast};
}

} // namespace se
