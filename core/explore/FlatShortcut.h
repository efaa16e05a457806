// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"
#include "core/schedule/FlatSchedule.h"

#include <optional>
#include <vector>

namespace se {

class FlatPlace;

/// Candidate moves whose flat times are the node's flat schedule with some
/// statements' times put through an affine map of the time dimensions, and
/// nothing else:
/// - a shift of one statement by 1 at one member of a band (+1 at that
///   member's dimension);
/// - a move of a sequence's (or set's) child to the next or previous index
///   (the two children swap: +1 and -1 at the child position's dimension);
/// - a reverse, scale, skew or permutation of a band's members (the same
///   map for every statement under the band), a split and a declaration
///   (permutable, coincident): the times stay;
/// - a mark inserted, renamed or deleted: the times stay.
/// Their verdict needs no new tree, only the flat schedule with those maps
/// applied (much cheaper than a new tree on a 257-statement band;
/// tst_movefinder compares both ways on every band and sequence of the
/// samples), and each moved statement's Transform gives its time bounds.
/// Used only when every instance of each moved statement is under the node
/// (or child) that moves it: a statement split across a sequence keeps its
/// other instances' times.
class FlatShortcut {
public:
    explicit FlatShortcut(FlatPlace &place) : m_place(place) { }

    /// The flat schedule after `e`, or nullopt when `e` is none of these
    /// (or its arguments are out of range: the edit itself says why).
    std::optional<FlatSchedule> after(const Edit &e);

private:
    using Row = FlatSchedule::Transform::Row;
    /// The band's rows of `e` (empty: the times stay), or nullopt.
    std::optional<std::vector<Row>> bandRows(const Edit &e, unsigned members) const;
    /// The flat schedule with `moved` statements' times put through `rows`.
    std::optional<FlatSchedule> moving(const std::vector<std::size_t> &moved, const std::vector<Row> &rows);

    FlatPlace &m_place;
    std::optional<std::optional<std::vector<std::size_t>>> m_underBand; ///< wholeStatements of the node, once
};

} // namespace se
