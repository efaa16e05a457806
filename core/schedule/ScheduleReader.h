// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class UnionMapPieces;

class PolyhedralModel;

/// Reads a user's schedule: an isl schedule tree in isl's YAML (block or
/// flow style) or an isl union map from instances to time vectors. The
/// result is always a tree over exactly the kernel's domain; a union map
/// becomes domain -> one band of its (zero-padded) time dimensions.
///
/// InputErrors name the file and the fault: unreadable text, a statement or
/// parameter the kernel lacks, instances left unscheduled (with an
/// example), instances scheduled twice, and tree nodes this project does
/// not handle (context, guard, extension, expansion: isl 0.25 can crash in
/// AST generation on them).
class ScheduleReader {
public:
    /// A JSCoP is not read here: ScheduleInput (interop) detects it first.
    static isl::schedule readFile(const PolyhedralModel &model, const std::string &path);
    /// `file` only labels errors.
    /// `pieces` (optional): a union map's pieces read before (serve).
    static isl::schedule read(const PolyhedralModel &model, const std::string &text, const std::string &file,
                              UnionMapPieces *pieces = nullptr);

    static isl::schedule fromUnionMap(const PolyhedralModel &model, const isl::union_map &times,
                                      const std::string &file);
    /// Refuses unsupported node kinds and checks the domain; returns the
    /// tree restricted to the kernel's domain.
    static isl::schedule validateTree(const PolyhedralModel &model, const isl::schedule &tree, const std::string &file);
    /// True when the text looks like a schedule tree rather than a union map.
    static bool looksLikeTree(const std::string &text);
};

} // namespace se
