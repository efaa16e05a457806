// SPDX-License-Identifier: MIT
#pragma once

#include "core/deps/Dependence.h"

#include <isl/cpp.h>

#include <cstdint>
#include <map>
#include <optional>

namespace se {

class PolyhedralModel;

/// Counts violating pairs (every parameter fixed). An edge whose every pair
/// violates has its shape's count (Dependence::shape), counted once per
/// shape: a sequence made a set breaks thousands of edges whole, of a
/// handful of shapes. Valid for one set of dependences.
class ShapeCounts {
public:
    /// The number of pairs in `bad`, the violating pairs of `dep`.
    std::optional<std::int64_t> count(const PolyhedralModel &model, const Dependence &dep, const isl::map &bad);
    void clear() { m_counts.clear(); }

private:
    std::map<int, std::optional<std::int64_t>> m_counts;
};

} // namespace se
