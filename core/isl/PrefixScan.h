// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstdint>
#include <optional>

namespace se {

/// Counts the integer points of a bounded basic set without parameters or
/// existentials by visiting the points of every dimension but the widest
/// one, whose points are counted as one interval per visit. isl's own count
/// visits each point (50,000 for the violating pairs of a tiled kernel's
/// edge); here such a set takes a few hundred visits.
class PrefixScan {
public:
    /// More visits than this and the count is left to isl.
    static constexpr std::int64_t MaxVisits = std::int64_t(1) << 18;
    /// nullopt for a set with parameters or existentials, an unbounded set,
    /// one whose bounds or coefficients exceed 32 bits, one needing more
    /// than MaxVisits visits, or a count beyond 64 bits.
    static std::optional<std::int64_t> count(const isl::basic_set &set);
};

} // namespace se
