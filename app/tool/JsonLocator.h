// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace se::tool {

/// Where a JSON path (`body[0].reads[1].index[0]`, as InputError's places
/// name them) is in the text of a JSON document: the byte offset of the
/// value, or of the deepest enclosing value the text has (a missing key
/// points at its object). The core parses JSON without positions; this
/// scan is done only when an error is printed.
class JsonLocator {
public:
    /// Byte offset of the value at `path` (or its deepest existing
    /// ancestor: `exact` is then false); nullopt when `path` is not a JSON path.
    static std::optional<std::size_t> find(const std::string &text, const std::string &path, bool *exact = nullptr);
    /// 1-based line and column (in characters) of a byte offset.
    static std::pair<int, int> lineColumn(const std::string &text, std::size_t offset);
    /// The JSON path at the start of a place (`body[0].ub, column 3` ->
    /// `body[0].ub`), or "" when the place is not one.
    static std::string pathPart(const std::string &place);
};

} // namespace se::tool
