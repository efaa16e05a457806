// SPDX-License-Identifier: MIT
#pragma once

#include "CheckDetail.h"
#include "CheckReport.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace se {

/// The JSON shapes of the `schedule-tool` contract (docs/cli.md).
class ReportJson {
public:
    static nlohmann::json edge(const EdgeReport &e);
    static nlohmann::json violation(const ViolationReport &v);
    /// One out-of-shape access: statement, tensor, access, path, dim,
    /// instance, index, witness_params, params (an isl set), message.
    static nlohmann::json bounds(const BoundsReport &b);
    static nlohmann::json bounds(const std::vector<BoundsReport> &list);
    /// `check --json`: kernel, legal, deps, dependences, violations, warnings,
    /// bounds.
    /// `edges` false: "dependences" left empty, for write().
    static nlohmann::json check(const CheckReport &r, bool edges = true);
    /// `check --detail verdict|first --json` and serve's "detail": kernel,
    /// legal, verdict, deps and `violated` (the number of violated edges);
    /// First adds "violations" with the first one alone. All is check().
    static nlohmann::json check(const CheckReport &r, CheckDetail detail);
    /// `deps --json`: kernel, deps, dependences, warnings, bounds.
    static nlohmann::json deps(const CheckReport &r, bool edges = true);

    /// Writes `doc` (made with `edges` false) with r's edges streamed into
    /// its "dependences" array: the same text as doc.dump(indent) with the
    /// array filled, without every edge's JSON held at once (tiled_matmul_256
    /// has 180,608 edges: the whole document took 450 MB).
    static void write(std::ostream &out, nlohmann::json doc, const CheckReport &r, int indent);
};

} // namespace se
