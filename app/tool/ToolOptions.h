// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"
#include "core/isl/PolyhedralModel.h"
#include "core/report/CheckDetail.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace se::tool {

/// One option of a command, as the parser knows it.
struct OptionInfo {
    std::string name; ///< "--schedule"
    std::string value; ///< what it takes ("FILE", "may|flow", "N"), or "" for a flag
    std::string help;
    bool repeatable = false;
};

/// A command with its options, in the order of its help.
struct CommandInfo {
    std::string name;
    std::string summary;
    std::vector<OptionInfo> options; ///< without --help, which every command takes
};

/// The parsed command line of `schedule-tool`. The grammar (which command
/// takes which option, the help texts) is in ToolOptions.cpp: one line per
/// option there.
struct ToolOptions {
    std::string command;
    std::string kernel; ///< KERNEL ("-": stdin)
    ParamValues params;
    DepMode deps = DepMode::May;
    bool json = false;
    std::string schedule; ///< the first --schedule FILE ("-": stdin)
    std::vector<std::string> schedules; ///< every --schedule (check takes several: one verdict each)
    std::string schedulesFile; ///< check --schedules FILE: more schedules, one file name per line
    std::string edits; ///< --edits FILE
    std::string format; ///< --format
    std::string out; ///< --out FILE ("-": stdout)
    std::string node; ///< --node PATH
    std::string into; ///< export-jscop --into POLLY.jscop
    std::string assumeNoDep; ///< --assume-no-dep FILE
    std::optional<unsigned long> maxOps; ///< --max-ops (0: no limit)
    double timeLimit = 60; ///< --time-limit seconds (0: none)
    std::optional<std::uint64_t> maxMemory; ///< --max-memory bytes (0: none; default: MemoryLimit's)
    bool counts = true;
    unsigned jobs = 0; ///< serve --jobs: requests answered at once (0: ServePool's default)
    bool ranges = false; ///< moves --ranges: the exact legal arguments of a band's edits
    std::string goal = "legal"; ///< repair --goal: legal, permutable or parallel
    unsigned count = 3; ///< repair --count: at most this many proposals
    CheckDetail detail = CheckDetail::All; ///< check/serve --detail: how much of each verdict
    // Kernel input (every command that reads a KERNEL takes them).
    std::string function; ///< --function NAME: the function of a C input
    std::optional<unsigned> scop; ///< --scop N: the N-th SCoP of a C input
    bool fixed = false; ///< --fixed: YAML and C exports keep the --param values
    bool help = false;
    bool version = false;
    std::vector<std::string> extra; ///< unused: kept for callers that checked it

    /// Throws UsageError (or HelpRequest for --help / help COMMAND).
    static ToolOptions parse(int argc, char **argv);
    /// The overview: every command with one line each.
    static std::string usage();
    /// A command's own help (its options), or the overview for "".
    static std::string commandHelp(const std::string &command);
    /// The one-line usage of a command, for error messages.
    static std::string shortUsage(const std::string &command);
    /// The commands, in the order of the overview.
    static std::vector<std::string> commandNames();
    /// Every command with its options, read from the parser itself: the
    /// shell completions are made from it, so they cannot drift from it.
    static std::vector<CommandInfo> grammar();
};

/// A command line that does not follow the grammar (exit status 2).
/// `command` names the subcommand whose short usage goes with the message.
struct UsageError : std::runtime_error {
    explicit UsageError(const std::string &what, std::string command = {})
        : std::runtime_error(what), command(std::move(command))
    {
    }
    std::string command;
};

/// --help or `help COMMAND`: print `text` and exit 0.
struct HelpRequest {
    std::string text;
};

} // namespace se::tool
