// SPDX-License-Identifier: MIT
#include "FlagCache.h"

#include "core/deps/Dependence.h"

namespace se {

namespace {

// Structural equality: cheap, and the same tree read twice gives the same
// structure; a false "different" only costs a recomputation.
bool same(const FlagCache::Key &a, const FlagCache::Key &b)
{
    return a.outer == b.outer && a.members == b.members
        && isl_set_plain_is_equal(a.reachSrc.get(), b.reachSrc.get()) == isl_bool_true
        && isl_set_plain_is_equal(a.reachDst.get(), b.reachDst.get()) == isl_bool_true
        && isl_map_plain_is_equal(a.timesSrc.get(), b.timesSrc.get()) == isl_bool_true
        && isl_map_plain_is_equal(a.timesDst.get(), b.timesDst.get()) == isl_bool_true;
}

} // namespace

const DependenceFlags *FlagCache::find(const std::vector<Dependence> &deps, std::size_t dep, const Key &key) const
{
    if (m_deps == &deps && m_count == deps.size() && dep < m_last.size())
        for (const auto &e : m_last[dep])
            if (same(e.key, key)) {
                ++m_hits;
                return &e.flags;
            }
    ++m_misses;
    return nullptr;
}

void FlagCache::store(std::size_t dep, Key key, DependenceFlags flags)
{
    if (dep >= m_next.size())
        m_next.resize(dep + 1);
    m_next[dep].push_back({std::move(key), std::move(flags)});
}

void FlagCache::begin(const std::vector<Dependence> &deps)
{
    if (m_deps != &deps || m_count != deps.size())
        m_last.clear();
    m_deps = &deps;
    m_count = deps.size();
    m_next.clear();
    m_hits = m_misses = 0;
}

void FlagCache::finish(bool keepUnseen)
{
    if (keepUnseen) {
        if (m_next.size() < m_last.size())
            m_next.resize(m_last.size());
        for (std::size_t k = 0; k < m_last.size(); ++k)
            if (m_next[k].empty())
                m_next[k] = std::move(m_last[k]);
    }
    m_last = std::move(m_next);
    m_next.clear();
}

void FlagCache::clear()
{
    m_last.clear();
    m_next.clear();
    m_deps = nullptr;
    m_count = 0;
}

} // namespace se
