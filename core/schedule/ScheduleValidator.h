// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;
class UnionMapPieces;

/// What every schedule must be before any analysis sees it: one object read
/// from the whole text, and one time for each instance. isl itself checks
/// neither: its union-map reader stops after the first map and ignores what
/// follows, and a schedule tree whose sequence or set filters overlap runs
/// the shared instances once per child (codegen then emits them twice).
class ScheduleValidator {
public:
    /// The union map of the whole `text`: InputError (naming the line and
    /// column) when text follows the first union map, e.g. a second one.
    /// `pieces` (optional): pieces read before are taken from there.
    static isl::union_map readWholeUnionMap(isl_ctx *ctx, const std::string &text, const std::string &file,
                                            UnionMapPieces *pieces = nullptr);

    /// InputError naming the node when a child of it cannot be read: isl's
    /// reader takes `sequence: []` and the tree then fails on first use.
    /// Call before anything walks the tree.
    static void checkReadable(const isl::schedule &tree, const std::string &file);

    /// InputError naming the node and the instances when two children of a
    /// sequence or set node share instances; also refuses a sequence or set
    /// without children. `tree` is read but not yet restricted to the domain.
    static void checkDisjointFilters(const PolyhedralModel &model, const isl::schedule &tree, const std::string &file);

    /// The instances `times` maps to two or more different times (an empty
    /// set when it is single-valued). `times` is one statement's map.
    static isl::set scheduledTwice(const isl::map &times);
};

} // namespace se
