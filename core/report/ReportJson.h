// SPDX-License-Identifier: MIT
#pragma once

#include "CheckReport.h"

#include <nlohmann/json.hpp>

namespace se {

/// The JSON shapes of the `schedule-tool` contract (analysis-and-cli.md).
class ReportJson {
public:
    static nlohmann::json edge(const EdgeReport &e);
    static nlohmann::json violation(const ViolationReport &v);
    /// `check --json`: kernel, legal, deps, dependences, violations, warnings.
    static nlohmann::json check(const CheckReport &r);
    /// `deps --json`: kernel, deps, dependences, warnings.
    static nlohmann::json deps(const CheckReport &r);
};

} // namespace se
