// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace se {

/// The guarded calls of a group's statements in one build (GroupExpansion),
/// made as isl's insert_pending_guard_nodes makes a sequence's leaves
/// (isl_ast_graft.c): each call under an if of its guard, gisted by the
/// build's domain, and a guard that holds only where an open if's guard
/// does goes in that if's then-branch. Statements come by form (equal
/// domains and times but for the name): tests and guards are made once per
/// pair of forms.
class GuardNest {
public:
    /// `points`: { [t...] } where the group runs in `build`.
    GuardNest(const isl::ast_build &build, isl::set points);
    ~GuardNest();
    GuardNest(const GuardNest &) = delete;
    GuardNest &operator=(const GuardNest &) = delete;

    /// Adds `call` of a statement of form `form`, run where `domain` holds;
    /// false when isl would put it in an else-branch (none can be made).
    bool add(const isl::ast_node &call, int form, const isl::set &domain);
    /// The calls added, as one node.
    isl::ast_node node() const;

private:
    struct Item;
    struct Open {
        Item *item;
        int form, outer; ///< its form and the form of the if it is in (-1: none)
        isl::set guard, complement; ///< its pending guard; where the loops run but it does not
    };
    struct Guard {
        std::optional<isl::ast_expr> cond; ///< none: no if
        std::vector<std::optional<isl::ast_expr>> parts; ///< disjoint parts' conditions, when split
    };
    using Key = std::array<int, 3>;

    const isl::set &pendingOf(int form, const isl::set &domain);
    const Guard &guardOf(int form, int outerForm, const isl::set &pending, const isl::set &outer);
    std::optional<isl::ast_expr> condition(const isl::set &guard) const;
    isl::ast_node nodeOf(const std::vector<std::unique_ptr<Item>> &items) const;

    isl::ast_build m_build;
    isl::set m_points;
    bool m_or, m_else; ///< isl's allow_or and allow_else
    std::vector<std::unique_ptr<Item>> m_items;
    std::vector<Open> m_open;
    std::map<Key, bool> m_within, m_outside;
    std::map<Key, Guard> m_guards;
    std::map<int, isl::set> m_pending; ///< by form
};

} // namespace se
