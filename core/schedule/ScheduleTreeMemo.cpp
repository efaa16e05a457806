// SPDX-License-Identifier: MIT
#include "ScheduleTreeMemo.h"

namespace se {

void ScheduleTreeMemo::begin()
{
    m_nextIds.clear();
    m_statements.next.clear();
    m_members.next.clear();
    m_shown.next.clear();
    m_partTexts.next.clear();
}

void ScheduleTreeMemo::finish()
{
    m_ids.swap(m_nextIds);
    m_nextIds.clear();
    m_statements.finish();
    m_members.finish();
    m_shown.finish();
    m_partTexts.finish();
}

int ScheduleTreeMemo::domainId(int parent, const std::string &text)
{
    std::string key = std::to_string(parent) + '|' + text;
    if (const auto n = m_nextIds.find(key); n != m_nextIds.end())
        return n->second;
    const auto l = m_ids.find(key);
    const int id = l != m_ids.end() ? l->second : m_nextId++;
    m_nextIds.emplace(std::move(key), id);
    return id;
}

const std::vector<std::string> *ScheduleTreeMemo::statements(int domain)
{
    return counted(m_statements.find(std::to_string(domain)));
}

void ScheduleTreeMemo::storeStatements(int domain, std::vector<std::string> statements)
{
    m_statements.store(std::to_string(domain), std::move(statements));
}

const std::vector<ScheduleTreeMemo::Parts> *ScheduleTreeMemo::members(int domain, const std::string &band)
{
    return counted(m_members.find(std::to_string(domain) + '|' + band));
}

const std::vector<ScheduleTreeMemo::Parts> *ScheduleTreeMemo::storeMembers(int domain, const std::string &band,
                                                                           std::vector<Parts> members)
{
    return m_members.store(std::to_string(domain) + '|' + band, std::move(members));
}

const std::string *ScheduleTreeMemo::shownText(const std::string &raw)
{
    return counted(m_shown.find(raw));
}

void ScheduleTreeMemo::storeShownText(const std::string &raw, std::string shown)
{
    m_shown.store(raw, std::move(shown));
}

const std::optional<std::string> *ScheduleTreeMemo::partText(const std::string &key)
{
    return counted(m_partTexts.find(key));
}

const std::optional<std::string> *ScheduleTreeMemo::storePartText(const std::string &key,
                                                                  std::optional<std::string> text)
{
    return m_partTexts.store(key, std::move(text));
}

const std::string *ScheduleTreeMemo::domainText(const std::string &name) const
{
    const auto it = m_domainTexts.find(name);
    return it == m_domainTexts.end() ? nullptr : &it->second;
}

const std::string &ScheduleTreeMemo::storeDomainText(const std::string &name, std::string text)
{
    return m_domainTexts[name] = std::move(text);
}

} // namespace se
