// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

namespace se {

/// Where isl's reader stops on a text it refuses. isl prints the position
/// of a syntax error ("syntax error (1, 49): unexpected ...") only to
/// stderr, and only when errors are not silenced; the core silences them.
/// For an error message, the text is read again in a child process (isl's
/// YAML reader can hang) with isl's stderr captured. ScheduleReader puts the
/// position into its InputError's place, so every front end shows it.
class IslSyntaxProbe {
public:
    struct Result {
        int line = 0;
        int column = 0;
        std::string message; ///< isl's words after the position
    };
    /// `tree`: read as a schedule tree (YAML), else as a union map.
    static std::optional<Result> probe(const std::string &text, bool tree);

    /// Throws InputError(file, "line L, column C", fault + ": " + isl's
    /// words) when isl finds a syntax error at a position; returns when it
    /// does not (the caller throws its own error then).
    static void throwWithPosition(const std::string &text, bool tree, const std::string &file,
                                  const std::string &fault);
};

} // namespace se
