// SPDX-License-Identifier: MIT
#pragma once

#include "Dependence.h"

#include <isl/cpp.h>

#include <vector>

namespace se {

class PolyhedralModel;

/// Computes the dependence edges of a kernel.
///
/// May mode: every ordered pair of instances that touch the same allocation
/// element, at least one writing (no kill): RAW = writes composed with
/// reversed reads, WAR = reads with reversed writes, WAW = writes with
/// reversed writes, each restricted to program order. Flow mode: isl's exact
/// dataflow, each read to the last write before it (RAW only).
///
/// Edges are sorted by (type, src, dst, allocation); each relation is
/// non-empty.
class DependenceAnalysis {
public:
    static std::vector<Dependence> compute(const PolyhedralModel &model, DepMode mode);

private:
    static std::vector<Dependence> may(const PolyhedralModel &model);
    static std::vector<Dependence> flow(const PolyhedralModel &model);
};

} // namespace se
