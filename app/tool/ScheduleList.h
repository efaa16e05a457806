// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace se::tool {

/// `check --schedules FILE`: a list of schedule files, one name per line.
/// Blank lines and `#` comments are skipped; a relative name is relative
/// to FILE's folder, so a list travels with its schedules.
class ScheduleList {
public:
    /// Throws UsageError when FILE cannot be read or names no schedule.
    static std::vector<std::string> read(const std::string &file);
    /// The names in `text` (the lines of a list in `folder`).
    static std::vector<std::string> parse(const std::string &text, const std::string &folder);
};

} // namespace se::tool
