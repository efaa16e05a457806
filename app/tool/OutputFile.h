// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace se::tool {

/// Where a result goes: `--out FILE`, or stdout for no --out or `--out -`.
class OutputFile {
public:
    static bool isStdout(const std::string &out) { return out.empty() || out == "-"; }
    /// Writes `text`; InputError naming the file when it cannot.
    static void write(const std::string &out, const std::string &text);
};

} // namespace se::tool
