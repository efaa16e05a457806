// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/cpp.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace se {

class Analyzer;
struct TreeNode;

/// What the moves shortcuts share about one node of one schedule: where
/// the node's own flat time dimensions start, the schedule flattened once
/// for all candidates, and the maps that move flat times.
class FlatPlace {
public:
    FlatPlace(Analyzer &analyzer, const isl::schedule &schedule, const TreeNode &root, const NodePath &path);

    Analyzer &analyzer() const { return m_analyzer; }
    const NodePath &path() const { return m_path; }
    /// The node, or null when the path names none.
    const TreeNode *node() const { return m_node; }
    /// Flat dimensions before the node's own (a band's members, or a
    /// sequence's or set's child position).
    unsigned dim() const { return m_dim; }
    /// The schedule's flat times, made on first use.
    const FlatSchedule &base();

    /// { [t0, ..., tn-1] -> [to...] }: `to` written over t0, ..., tn-1 (n = base().dims()).
    isl::map timeMap(const std::vector<std::string> &to);
    /// { [t] -> [t'] }: `by` added to dimension `d`.
    isl::map translation(unsigned d, int by);
    /// The statements reaching `n`, when every instance of each does
    /// (none split across the node and its siblings); nothing otherwise.
    std::optional<std::vector<std::size_t>> wholeStatements(const TreeNode &n) const;
    /// True when every instance of statement `s` reaches `n`.
    bool whole(const TreeNode &n, std::size_t s) const;

private:
    Analyzer &m_analyzer;
    const isl::schedule &m_schedule;
    NodePath m_path;
    unsigned m_dim = 0;
    const TreeNode *m_node = nullptr;
    std::optional<FlatSchedule> m_base;
    std::map<std::pair<unsigned, int>, isl::map> m_translations; ///< translation()'s, made once
};

} // namespace se
