// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <stdexcept>

namespace se {

/// 64-bit arithmetic that throws std::overflow_error instead of wrapping:
/// a wrapped index would silently change which elements conflict.
inline std::int64_t checkedAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r))
        throw std::overflow_error("integer overflow");
    return r;
}

inline std::int64_t checkedMul(std::int64_t a, std::int64_t b)
{
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        throw std::overflow_error("integer overflow");
    return r;
}

} // namespace se
