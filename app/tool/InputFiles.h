// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

namespace se::tool {

/// The texts of the input files, for the tool's own reading of `-` (stdin)
/// and for error messages that compute a line and column from a place.
class InputFiles {
public:
    /// What an error calls stdin.
    static constexpr const char *StdinName = "<stdin>";

    /// `path`, or StdinName for "-".
    static std::string displayName(const std::string &path);
    /// The text of stdin, read once (at most 256 MB; InputError beyond).
    static const std::string &stdinText();
    /// The text of the file an error names: stdin's as read, or a regular
    /// file's current contents (nullopt when unreadable or too large).
    static std::optional<std::string> textOf(const std::string &name);
};

} // namespace se::tool
