// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTree.h"

#include <isl/cpp.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace se {

/// A subtree (read without reaches) for the statements of `only` (each
/// one's universe): each band's members keep only their pieces, each filter
/// only their instances, and sequence or set children without them go.
/// What isl's gist by `only` leaves of the subtree, made without gisting
/// every statement's piece of every member per child (the sequences that
/// StatementGrouping and ConstantLevels put above a band).
class TreeRestriction {
public:
    explicit TreeRestriction(const isl::union_set &only);

    /// The statement names of each sequence or set child, kept across the
    /// restrictions of one subtree to several statement sets.
    using ChildNames = std::map<const TreeNode *, std::vector<std::set<std::string>>>;
    TreeNode of(const TreeNode &t, ChildNames &childNames) const;

private:
    isl::multi_union_pw_aff restricted(const isl::multi_union_pw_aff &band) const;

    isl::union_set m_only;
    std::set<std::string> m_names;
};

} // namespace se
