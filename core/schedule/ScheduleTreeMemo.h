// SPDX-License-Identifier: MIT
#pragma once

#include "ScheduleTreeSnapshot.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace se {

/// What ScheduleTreeSnapshot::build read from the nodes of its last tree,
/// keyed by the isl text that decides it, so that the tree after an edit
/// reads again only the nodes the edit changed (gisting and printing every
/// band member of a 400-statement tree again slowed every edit). Plain data,
/// no isl object; one per model (its context and statements), kept by the
/// SchedulePipeline.
///
/// The instances reaching a node are named by an id: the same id for the
/// same chain of domain and filter texts from the root. Ids live as long as
/// a tree uses them and are never reused, so equal ids mean equal chains.
/// Only what the last build used is kept.
class ScheduleTreeMemo {
public:
    using Parts = std::vector<ScheduleTreeSnapshot::Member::Part>;

    /// Starts a build: what it finds or stores replaces the last one's.
    void begin();
    void finish();

    /// The id of the instances reaching a domain or filter node: those
    /// reaching its parent (`parent`, -1 at the root) within `text` (isl's
    /// text of the node's set).
    int domainId(int parent, const std::string &text);

    /// Statements reaching instances `domain`, once stored.
    const std::vector<std::string> *statements(int domain);
    void storeStatements(int domain, std::vector<std::string> statements);

    /// The member parts of a band (`band`: isl's text of its partial
    /// schedule) over instances `domain`, once stored.
    const std::vector<Parts> *members(int domain, const std::string &band);
    /// Returns the stored value.
    const std::vector<Parts> *storeMembers(int domain, const std::string &band, std::vector<Parts> members);

    /// A member's part as shown (C text) by `key`: the statement's domain
    /// and the part's isl text, both without the statement's name, so that
    /// statements with equal domains and expressions (a kernel's tiles, a
    /// pipeline's stages) share it: a tile of a 257-statement band gists and
    /// prints a few dozen parts, not 2,570. Empty inside: no instance.
    const std::optional<std::string> *partText(const std::string &key);
    /// Returns the stored value.
    const std::optional<std::string> *storePartText(const std::string &key, std::optional<std::string> text);
    /// Statement `name`'s domain without its name, once stored (a model's
    /// domains never change: kept for the memo's life).
    const std::string *domainText(const std::string &name) const;
    const std::string &storeDomainText(const std::string &name, std::string text);

    /// A domain or filter set as the snapshot shows it, by isl's raw text.
    const std::string *shownText(const std::string &raw);
    void storeShownText(const std::string &raw, std::string shown);

    std::size_t hits() const { return m_hits; }
    std::size_t misses() const { return m_misses; }

private:
    template <typename T> const T *counted(const T *found)
    {
        ++(found ? m_hits : m_misses);
        return found;
    }

    template <typename V> struct Generations {
        std::unordered_map<std::string, std::shared_ptr<const V>> last, next;
        /// Found entries are kept for the next build.
        const V *find(const std::string &key)
        {
            if (const auto n = next.find(key); n != next.end())
                return n->second.get();
            const auto l = last.find(key);
            if (l == last.end())
                return nullptr;
            return (next[key] = l->second).get();
        }
        const V *store(const std::string &key, V value)
        {
            return (next[key] = std::make_shared<const V>(std::move(value))).get();
        }
        void finish()
        {
            last.swap(next);
            next.clear();
        }
    };

    std::unordered_map<std::string, int> m_ids, m_nextIds;
    int m_nextId = 0;
    Generations<std::vector<std::string>> m_statements;
    Generations<std::vector<Parts>> m_members;
    Generations<std::string> m_shown;
    Generations<std::optional<std::string>> m_partTexts;
    std::unordered_map<std::string, std::string> m_domainTexts;
    std::size_t m_hits = 0, m_misses = 0;
};

} // namespace se
