// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace se::tool {

/// `schedule-tool --version`: the project's version (from CMake's project
/// version) and the versions of the libraries doing the work, as loaded at
/// run time (a bug report needs those, not the ones built against).
class VersionText {
public:
    static std::string text();
    /// "isl 0.25, Graphviz 2.42.2": shared with the app's --version.
    static std::string libraries();
};

} // namespace se::tool
