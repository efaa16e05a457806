// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

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

    /// A band's mapping as the text writes it.
    struct BandKeys {
        int line = 0; ///< where its `coincident` list starts (0: it has none)
        int column = 0;
        int coincident = -1; ///< the list's entries, -1 without one
    };
    /// Refuses (InputError naming the line and column) what isl's reader
    /// would recurse on too deeply or take silently: nodes and their block
    /// indentation and flow brackets nested deeper than
    /// NestingLimit::IslText, `permutable` other than 0 or 1, `coincident`
    /// other than a list of 0 and 1 (isl reads any number as a flag).
    /// Returns the bands (mappings with a `schedule` key) in the order they
    /// open, which is the tree's pre-order: once isl has read the tree, each
    /// list's length is checked against its band's members.
    static std::vector<BandKeys> check(const std::string &text, const std::string &file);
};

} // namespace se
