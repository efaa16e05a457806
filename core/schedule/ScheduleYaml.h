// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace se {

/// isl 0.25 prints a mark node whose child is a leaf with no child at all
/// (`mark: "s0"`), but its reader insists on one ("expecting child"): every
/// tree with a mark above a statement, as `tree` prints the original
/// schedule, fails to read back. isl's reader does take an explicit leaf,
/// `child: { leaf }` (flow) or `child:` / `leaf` (block).
class ScheduleYaml {
public:
    /// The same YAML (block or flow style) with an explicit leaf child under
    /// every mark that has none; anything else is copied unchanged.
    static std::string withExplicitLeaves(const std::string &text);
};

} // namespace se
