// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTree.h"

#include <isl/cpp.h>

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

namespace se {

/// isl's nest of each child of a tree's root sequence (AstSequenceSplit),
/// kept from one AstBuilder::build to the next, so that the nest after an
/// edit generates again only the children the edit changed (pipeline_400's
/// 400 loop nests, every one generated again per edit, slowed every edit).
///
/// A child is found by its statements and taken only when its subtree
/// (filter and every node below) is written exactly as the stored one's and
/// the tree's domain is too: isl generates the same nest from the same
/// objects. Holds isl objects of one model's context (one memo per model,
/// kept by the SchedulePipeline); what the last two builds used is kept, so
/// an undo (the build before the last) finds its children too.
class AstMemo {
public:
    /// Starts a build of a tree over `domain`: a different domain forgets
    /// every child.
    void begin(const isl::union_set &domain);
    void finish();

    /// The nest stored for `child` (a filter node and its subtree) made at
    /// `stage` (AstSequenceSplit), or null.
    const isl::ast_node *find(const std::string &stage, const TreeNode &child);
    void store(const std::string &stage, const TreeNode &child, const isl::ast_node &ast);

    std::size_t hits() const { return m_hits; }
    std::size_t misses() const { return m_misses; }

private:
    struct Entry {
        TreeNode child;
        isl::ast_node ast;
    };
    /// The stage and the child's statements, in the filter's order.
    static std::string key(const std::string &stage, const TreeNode &child);

    std::optional<isl::union_set> m_domain;
    std::unordered_map<std::string, Entry> m_older, m_last, m_next;
    std::size_t m_hits = 0, m_misses = 0;
};

} // namespace se
