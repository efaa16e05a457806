// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"
#include "core/isl/PolyhedralModel.h"

#include <cstdint>
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
    std::optional<unsigned long> maxOps; ///< --max-ops (0: no limit)
    double timeLimit = 60;               ///< --time-limit seconds (0: none)
    std::optional<std::uint64_t> maxMemory; ///< --max-memory bytes (0: none; default: MemoryLimit's)
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
