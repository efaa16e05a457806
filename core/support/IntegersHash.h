// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace se {

/// A hash of a few integers (the keys of edges sharing a verdict or flags:
/// a shape, two parts' ids and constants' differences), for unordered maps.
struct IntegersHash {
    std::size_t operator()(const std::vector<std::int64_t> &v) const noexcept
    {
        std::size_t h = v.size();
        for (const std::int64_t x : v)
            h ^= std::hash<std::int64_t>{}(x) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        return h;
    }
};

} // namespace se
