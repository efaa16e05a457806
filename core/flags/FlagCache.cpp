// SPDX-License-Identifier: MIT
#include "FlagCache.h"

#include "core/deps/Dependence.h"

namespace se {

namespace {

// Times given the same way and plainly equal (a function is compared as a
// function: plain equality of maps normalizes both, which weighed on a tile's flags).
bool sameTimes(const std::optional<isl::map> &a, const std::optional<isl::multi_aff> &fa,
               const std::optional<isl::map> &b, const std::optional<isl::multi_aff> &fb)
{
    if (a.has_value() != b.has_value() || fa.has_value() != fb.has_value() || (!a && !fa))
        return false;
    return (!a || a->get() == b->get() || isl_map_plain_is_equal(a->get(), b->get()) == isl_bool_true)
        && (!fa || fa->get() == fb->get() || fa->plain_is_equal(*fb));
}

} // namespace

const DependenceFlags *FlagCache::find(const std::vector<Dependence> &deps, std::size_t dep, const Key &key) const
{
    if (m_deps == &deps && m_count == deps.size() && dep < m_last.size())
        for (const auto &e : m_last[dep])
            if (e.key.outer == key.outer && e.key.members == key.members && same(e.key.src, key.src)
                && same(e.key.dst, key.dst)) {
                ++m_hits;
                return &e.flags;
            }
    ++m_misses;
    return nullptr;
}

// Structural equality: cheap, and the same tree read twice gives the same
// structure; a false "different" only costs a recomputation.
bool FlagCache::same(const StatementKeyPtr &a, const StatementKeyPtr &b) const
{
    if (a == b)
        return true;
    const auto at = std::make_pair(a.get(), b.get());
    if (const auto known = m_same.find(at); known != m_same.end())
        return known->second;
    const bool equal = isl_set_plain_is_equal(a->reach.get(), b->reach.get()) == isl_bool_true
        && sameTimes(a->times, a->fn, b->times, b->fn);
    m_held.push_back(a);
    m_held.push_back(b);
    m_same.emplace(at, equal);
    return equal;
}

void FlagCache::store(std::size_t dep, Key key, DependenceFlags flags)
{
    if (dep >= m_next.size())
        m_next.resize(dep + 1);
    auto &entries = m_next[dep];
    // Room for a band edit's few bands at once: cpp.h's moves are not
    // noexcept, so a growing vector copies its entries (which weighed on a tile's flags).
    if (entries.empty())
        entries.reserve(4);
    entries.push_back({std::move(key), std::move(flags)});
}

void FlagCache::begin(const std::vector<Dependence> &deps)
{
    if (m_deps != &deps || m_count != deps.size()) {
        m_last.clear();
        m_ranges.clear(); // shape ids are the list's
    }
    m_ranges.trim();
    m_deps = &deps;
    m_count = deps.size();
    m_next.clear();
    m_same.clear();
    m_held.clear();
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
    m_same.clear();
    m_held.clear();
}

void FlagCache::clear()
{
    m_same.clear();
    m_held.clear();
    m_last.clear();
    m_next.clear();
    m_ranges.clear();
    m_deps = nullptr;
    m_count = 0;
}

} // namespace se
