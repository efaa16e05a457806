// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <unordered_map>

namespace se {

/// Reads a union map text piece by piece and keeps each piece's map. A
/// search loop (serve) sends hundreds of schedules whose pieces mostly
/// repeat, one statement's times changed here and there, and isl's parser
/// is a large part of checking one: a piece read before costs a lookup. Only
/// plain texts, `[params] -> { piece; ...; piece }` with no comments,
/// braces or quotes inside, are split; for anything else, or a piece isl
/// does not read, it returns nullopt and the caller reads the whole text
/// (with isl's own error and its position). Owned next to the isl context
/// it reads into, and destroyed before it.
class UnionMapPieces {
public:
    std::optional<isl::union_map> read(isl::ctx ctx, const std::string &text);
    std::size_t size() const { return m_maps.size(); }

private:
    std::unordered_map<std::string, isl::map> m_maps; ///< by params prefix + '\n' + piece
};

} // namespace se
