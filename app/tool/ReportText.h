// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"

#include <string>

namespace se::tool {

/// Readable terminal output: aligned tables of edges and violations (warnings go to stderr:
/// printWarnings in AnalysisCommands).
class ReportText {
public:
    static std::string edges(const CheckReport &r);
    static std::string violations(const CheckReport &r);
    static std::string header(const CheckReport &r);
    static std::string verdict(const CheckReport &r);
};

} // namespace se::tool
