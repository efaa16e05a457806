// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace se {
class InputError;
}

namespace se::tool {

/// One error as the tool prints it: `FILE:LINE:COLUMN: error: PLACE: FAULT`
/// (the form editors and CI annotators jump to), `FILE: error: ...` when no
/// position is known, `schedule-tool: error: ...` when no file is involved.
/// Under --json the same fields go to stdout as an object.
struct Diagnostic {
    std::string kind = "input"; ///< input, usage, resource, output, internal
    std::string file;
    int line = 0;
    int column = 0;
    std::string place; ///< a JSON path, a schedule node, an option; "" when the position says it all
    std::string fault;
    int exitStatus = 2;
    std::string severity = "error"; ///< error or warning

    /// The line and column come from the place: `line L, column C`, a JSON
    /// path looked up in the file's text (a `, column C` after it counts
    /// inside the string), or isl's own syntax position.
    static Diagnostic fromInputError(const InputError &e);
    static Diagnostic plain(std::string kind, std::string fault, int exitStatus);
    /// A warning of the core about `file` (`body[0].reads[1]: s0 reads A
    /// outside its shape ...`), at the place its leading JSON path names.
    static Diagnostic warning(const std::string &file, const std::string &text);

    std::string text() const;
    nlohmann::json json() const;
};

} // namespace se::tool
