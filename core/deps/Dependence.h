// SPDX-License-Identifier: MIT
#pragma once

#include "DepMode.h"

#include <isl/cpp.h>

#include <string>

namespace se {

enum class DepType { RAW, WAR, WAW };

const char *depTypeName(DepType t);
const char *depModeName(DepMode m);

/// One dependence edge: all ordered conflicting instance pairs of one type
/// between two statements on one allocation.
struct Dependence {
    DepType type = DepType::RAW;
    std::size_t src = 0; ///< model statement index
    std::size_t dst = 0;
    std::string allocation;
    isl::map relation; ///< { s0[i, j] -> s1[i', j'] }: src instance before dst instance
    /// Edges of equal shape have the same relation up to the names of their
    /// two statements (tiles of one kernel repeat a handful of shapes), so
    /// counts and distances are computed once per shape.
    int shape = -1;
};

} // namespace se
