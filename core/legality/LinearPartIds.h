// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace se {

/// Small integer ids of the linear parts of statements' times, equal for
/// plainly equal functions: `{ [x] -> [t] }` without names or constants.
/// Found by isl's hash and plain comparison (printing each function to text
/// weighed on a tile's verdict on a 257-statement band).
class LinearPartIds {
public:
    int id(const isl::multi_aff &linear);
    std::size_t size() const { return m_next; }
    /// Per time dimension of the part `id`: whether it is 0 there (no
    /// variable, no division), so that the statement's time there is its
    /// constant alone.
    const std::vector<bool> &zeroDims(int id) const { return m_zeroDims[static_cast<std::size_t>(id)]; }

private:
    std::unordered_multimap<std::uint32_t, std::pair<isl::multi_aff, int>> m_known;
    std::vector<std::vector<bool>> m_zeroDims; // by id
    int m_next = 0;
};

} // namespace se
