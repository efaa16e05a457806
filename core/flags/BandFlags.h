// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace se {

/// The parallelism flags of one band, declared in the tree and computed
/// from the dependences, side by side. Plain data for the CLI and the app.
struct BandFlags {
    std::vector<int> path; ///< the band's node path
    unsigned members = 0;
    bool permutableDeclared = false;
    /// Every dependence not carried by the outer bands has a non-negative
    /// distance in every member.
    bool permutableComputed = false;
    std::vector<bool> coincidentDeclared;
    /// Member k carries no dependence: dependent instances with equal outer
    /// schedule (ancestors and members 0..k-1) have equal values of member k.
    std::vector<bool> coincidentComputed;
    /// The dependences (indices into the list the flags were computed
    /// from) that go backwards in a member while the outer dimensions leave
    /// them open, when every dependence was looked at: a tile of the band
    /// keeps every other edge's order, and the check after it skips those
    /// that were respected (SchedulePipeline). Exact, not a hint: an edge
    /// left out here would be a violation left out after a tile.
    std::optional<std::vector<std::size_t>> backwardEdges;

    /// A flag is declared that the dependences do not support.
    bool stale() const;
    /// `permutable: declared yes, computed no; coincident: [yes/yes, no/yes]`
    std::string summary() const;
};

struct FlagReport {
    std::vector<BandFlags> bands; ///< pre-order
    bool anyStale() const;
    const BandFlags *find(const std::vector<int> &path) const;
};

} // namespace se
