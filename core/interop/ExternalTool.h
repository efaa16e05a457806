// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace se {

/// Runs another program (clang, opt) as a child process and collects what
/// it printed: the C front end's only way to reach LLVM, which the project
/// does not link.
class ExternalTool {
public:
    struct Result {
        bool started = false; ///< false: the program could not be run
        bool timedOut = false;
        int status = -1; ///< exit status; 128 + signal when killed
        std::string out, err; ///< stdout and stderr (at most 1 MB each)
    };

    /// The program's path: `name` itself when it holds a '/', otherwise the
    /// first executable `name` on PATH; empty when there is none.
    static std::string find(const std::string &name);
    /// The value of the environment variable `var`, else `fallback`.
    static std::string fromEnvironment(const char *var, const std::string &fallback);

    /// Runs `argv` (argv[0] found on PATH) in `cwd` (empty: the current
    /// directory), killing it after `seconds`.
    static Result run(const std::vector<std::string> &argv, const std::string &cwd, double seconds);
};

} // namespace se
