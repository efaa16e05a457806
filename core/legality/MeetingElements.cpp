// SPDX-License-Identifier: MIT
#include "MeetingElements.h"

namespace se {

namespace {

// Far more than a big kernel's instances met by one check's violations (a
// few hundred): a bound on a long session's memory, not a size.
constexpr std::size_t kMaxKnown = 1u << 16;

} // namespace

const MeetingElements::List *MeetingElements::find(const Key &key) const
{
    const auto it = m_known.find(key);
    return it == m_known.end() ? nullptr : &it->second;
}

const MeetingElements::List &MeetingElements::store(Key key, List list)
{
    if (m_known.size() >= kMaxKnown)
        m_known.clear();
    return m_known.insert_or_assign(std::move(key), std::move(list)).first->second;
}

} // namespace se
