// SPDX-License-Identifier: MIT
#pragma once

#include "Dependence.h"
#include "core/report/CheckReport.h"

#include <map>

namespace se {

class PolyhedralModel;

/// Describes edges for people: the relation as text, the pair count (when
/// every parameter is fixed and counts are asked for), and the distance
/// over the loops the two statements share: the distance set (isl `deltas`)
/// and a direction per loop, `0` (always equal), `+`, `-`, `0+`, `0-` or `*`.
/// Everything but the names is computed once per edge shape.
class DependenceSummary {
public:
    explicit DependenceSummary(const PolyhedralModel &model) : m_model(model) { }

    EdgeReport describe(const Dependence &dep, bool count);

    /// The number of instance pairs of a relation, when every parameter is
    /// fixed; nullopt otherwise.
    static std::optional<std::int64_t> countPairs(const PolyhedralModel &model, const isl::map &relation);

private:
    struct Shape {
        std::string relation; ///< with the placeholder names below
        std::optional<std::int64_t> count;
        bool counted = false;
        unsigned sharedLoops = 0;
        std::string distance;
        std::vector<std::string> direction;
    };
    Shape &shape(const Dependence &dep);

    const PolyhedralModel &m_model;
    std::map<int, Shape> m_shapes;
};

} // namespace se
