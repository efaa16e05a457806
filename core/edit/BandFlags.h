// SPDX-License-Identifier: MIT
#pragma once

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
