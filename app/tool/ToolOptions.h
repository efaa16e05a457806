// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"
#include "core/isl/PolyhedralModel.h"

#include <optional>
#include <string>
#include <vector>

namespace se::tool {

/// The parsed command line of `schedule-tool`.
struct ToolOptions {
    std::string command;
    std::string kernel;
    ParamValues params;
    DepMode deps = DepMode::May;
    bool json = false;
    std::string schedule;   ///< --schedule FILE
    std::string edits;      ///< --edits FILE
    std::string format;     ///< --format
    std::string out;        ///< --out FILE
    std::string node;       ///< --node PATH
    std::string assumeNoDep; ///< --assume-no-dep FILE
    std::string function;   ///< --function NAME (C sources)
    int scop = 0;           ///< --scop N (C sources; 0: none given)
    std::optional<unsigned long> maxOps; ///< --max-ops (0: no limit)
    double timeLimit = 60;               ///< --time-limit seconds (0: none)
    bool counts = true;
    bool help = false;
    bool version = false;
    std::vector<std::string> extra; ///< further positional arguments

    /// Throws UsageError.
    static ToolOptions parse(int argc, char **argv);
    static std::string usage();
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace se::tool
