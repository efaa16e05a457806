// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTreeWalk.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace isl {
class schedule;
}

namespace se {

struct TreeNode;

enum class EditKind {
    // band
    Permute, ///< reorder the members: member k takes old member order[k]
    Interchange, ///< swap the band with its only child band (a perfect nest)
    Tile, ///< band -> tile band floor(x / size) over point band x
    Split, ///< members [0, at) stay, [at, n) move to a new child band
    Merge, ///< append the only child band's members
    Reverse, ///< member := -member
    Shift, ///< member += offset, per statement (quasi-affine in the parameters)
    Skew, ///< member += factor * source member
    Scale, ///< member *= factor (factor >= 1)
    SetPermutable, ///< declare the band (not) permutable
    SetCoincident, ///< declare a member (not) coincident
    // sequence / set
    Move, ///< move child `child` to index `to`
    Fuse, ///< children `child` and `child + 1` (both starting with bands of equal
    ///< member count) become one band over a sequence of the two
    Distribute, ///< a band over a sequence/set becomes one band per child
    ToSet, ///< sequence -> set
    ToSequence, ///< set -> sequence
    // mark
    InsertMark, ///< a mark `name` above the node
    RenameMark,
    DeleteMark,
    // member expression
    MemberExpr, ///< replace one statement's expression in one member
};

const char *editKindName(EditKind kind);
std::optional<EditKind> editKindFromName(const std::string &name);
/// Every kind, in declaration order.
const std::vector<EditKind> &allEditKinds();

/// A schedule edit as a value: a kind, the node it targets and its
/// arguments. Edits are applied to immutable isl schedule trees and give new
/// ones; they serialise to JSON (docs/edits.md) and can be logged and
/// replayed. Each kind reads only the arguments documented for it.
struct Edit {
    EditKind kind = EditKind::Permute;
    NodePath node;

    std::vector<int> order; ///< permute
    std::vector<std::int64_t> sizes; ///< tile, one per member
    int member = 0; ///< reverse, shift, skew, scale, set_coincident, member_expr; split: `at`
    int source = 0; ///< skew: the member that is added
    std::int64_t factor = 1; ///< skew, scale
    /// shift: statement (`s1`) -> offset expression (`1`, `N - 2`, `floor(T / 2)`)
    std::vector<std::pair<std::string, std::string>> offsets;
    bool value = true; ///< set_permutable, set_coincident
    int child = 0; ///< move: the child moved; fuse: the first of two
    int to = 0; ///< move: its new index
    std::string name; ///< insert_mark, rename_mark
    std::string statement; ///< member_expr
    std::string expression; ///< member_expr, in the kernel's expression grammar

    bool operator==(const Edit &) const = default;

    // Named constructors, one per kind.
    static Edit permute(NodePath node, std::vector<int> order);
    static Edit interchange(NodePath node);
    static Edit tile(NodePath node, std::vector<std::int64_t> sizes);
    static Edit split(NodePath node, int at);
    static Edit merge(NodePath node);
    static Edit reverse(NodePath node, int member);
    static Edit shift(NodePath node, int member, std::vector<std::pair<std::string, std::string>> offsets);
    static Edit skew(NodePath node, int member, int source, std::int64_t factor);
    static Edit scale(NodePath node, int member, std::int64_t factor);
    static Edit setPermutable(NodePath node, bool value);
    static Edit setCoincident(NodePath node, int member, bool value);
    static Edit move(NodePath node, int child, int to);
    static Edit fuse(NodePath node, int child);
    static Edit distribute(NodePath node);
    static Edit toSet(NodePath node);
    static Edit toSequence(NodePath node);
    static Edit insertMark(NodePath node, std::string name);
    static Edit renameMark(NodePath node, std::string name);
    static Edit deleteMark(NodePath node);
    static Edit memberExpr(NodePath node, int member, std::string statement, std::string expression);

    /// One line for people: `tile band 0.0 by 32 x 32`.
    std::string describe() const;

    /// The new tree. Throws TreeError (an InputError naming the node) when
    /// the edit does not apply there; every check runs before any isl call
    /// that could fail. isl quota and abort exceptions pass through: run it
    /// inside a QuotaScope.
    isl::schedule apply(const isl::schedule &schedule) const;
    /// The same on a tree already read from a schedule (MoveFinder reads
    /// one tree for many edits); the tree is not changed.
    isl::schedule apply(const TreeNode &tree) const;

    /// `{ "edit": "tile", "node": [0, 0], "sizes": [32, 32] }`
    nlohmann::json toJson() const;
    /// Throws InputError whose place is a path inside `doc` (`sizes[1]`).
    static Edit fromJson(const nlohmann::json &doc);
};

/// For nlohmann::json: `json j = edits;` writes each edit's toJson().
void to_json(nlohmann::json &doc, const Edit &edit);

} // namespace se
