// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <utility>

namespace se {

/// The one JSON parser for input files (kernels, edit scripts, dependence
/// overrides, JSCoP, sessions). Syntax errors become InputErrors placed at
/// `line L, column C` (columns count characters), a character that is not
/// ASCII is quoted whole and named, and a key given twice in one object is
/// refused with both places: nlohmann (like most JSON readers) would keep
/// the last value silently, so `"ub": "N", "ub": 1000000` would mean
/// whatever the second one says.
class JsonText {
public:
    /// `file` only labels errors.
    static nlohmann::json parse(const std::string &text, const std::string &file);

    /// Throws the InputError for the first duplicate key of `text`, which
    /// must be well-formed JSON; its place is the key's JSON path
    /// (`body[0].ub`).
    static void checkDuplicateKeys(const std::string &text, const std::string &file);

    /// 1-based line and column (in characters) of `byte` in `text`.
    static std::pair<std::size_t, std::size_t> lineColumn(const std::string &text, std::size_t byte);
    static std::string where(const std::string &text, std::size_t byte);
};

} // namespace se
