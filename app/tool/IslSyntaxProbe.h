// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

namespace se::tool {

/// Where isl's reader stops on a text it refuses. isl prints the position
/// of a syntax error ("syntax error (1, 49): unexpected ...") only to
/// stderr, and only when errors are not silenced; the core silences them.
/// For an error message, the text is read again in a child process (isl's
/// YAML reader can hang) with isl's stderr captured.
class IslSyntaxProbe {
public:
    struct Result {
        int line = 0;
        int column = 0;
        std::string message; ///< isl's words after the position
    };
    /// `tree`: read as a schedule tree (YAML), else as a union map.
    static std::optional<Result> probe(const std::string &text, bool tree);
};

} // namespace se::tool
