// SPDX-License-Identifier: MIT
#pragma once

#include "Dependence.h"
#include "core/report/CheckReport.h"

#include <map>
#include <optional>

namespace se {

class PolyhedralModel;

/// Describes edges for people: the relation as text, the pair count (when
/// every parameter is fixed and counts are asked for), and the distance
/// over the loops the two statements share: the distance set (isl `deltas`)
/// and a direction per loop, `0` (always equal), `+`, `-`, `0+`, `0-` or `*`.
/// Everything but the names is computed once per edge shape.
///
/// The distance and the count only describe an edge: each is computed
/// under its own operation budget, and one that meets it is left out and
/// named in `EdgeReport::stopped` rather than stopping the check.
class DependenceSummary {
public:
    /// `quota`: each part's operation budget (nullopt: the context's quota).
    explicit DependenceSummary(const PolyhedralModel &model, std::optional<unsigned long> quota = std::nullopt)
        : m_model(model), m_quota(quota)
    {
    }

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
        std::vector<std::pair<std::string, std::string>> stopped; ///< EdgeReport::stopped
    };
    Shape &shape(const Dependence &dep);
    void distances(const Dependence &dep, Shape &sh) const;
    /// Runs `part` of the description under its budget; a budget met is
    /// noted in `sh.stopped` (time, memory and cancel stop the caller).
    template <typename F> void bounded(Shape &sh, const std::string &part, F &&f) const;

    const PolyhedralModel &m_model;
    std::optional<unsigned long> m_quota;
    std::map<int, Shape> m_shapes;
};

} // namespace se
