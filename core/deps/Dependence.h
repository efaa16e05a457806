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
    /// Edges of equal shape have the same relation up to the names of their
    /// two statements (tiles of one kernel repeat a handful of shapes), so
    /// counts and distances are computed once per shape.
    int shape = -1;
    /// { [i, j] -> [i', j'] }: the shape's relation, with anonymous tuples,
    /// one isl object shared by every edge of the shape.
    isl::map shapeRelation;
    std::string srcName, dstName; ///< the statements' tuple names

    /// { s0[i, j] -> s1[i', j'] }: src instance before dst instance. Made
    /// on each call from the shape's relation: one named copy per edge
    /// took 2.9 KB each, 520 MB of tiled_matmul_256's 180,608 edges.
    isl::map relation() const;
};
} // namespace se
