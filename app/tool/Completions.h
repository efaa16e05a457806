// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace se::tool {

/// `schedule-tool completions bash|zsh|fish`: the shell completion script,
/// written from the parser's own grammar (ToolOptions::grammar) so that a
/// new command or option is completed without touching a script. The build
/// runs it and installs the scripts (packaging/CMakeLists.txt).
class Completions {
public:
    /// The script for `shell`, or nothing for a shell it does not know.
    static std::optional<std::string> script(const std::string &shell);
    static std::vector<std::string> shells();
};

} // namespace se::tool
