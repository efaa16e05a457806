// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;

/// Text forms of a schedule.
class SchedulePrinter {
public:
    /// isl's YAML in block style (PPCG's `--save-schedule` form).
    static std::string blockYaml(const isl::schedule &schedule);
    /// isl's YAML in flow style (one line).
    static std::string flowYaml(const isl::schedule &schedule);
    /// The flat schedule as one quasi-affine expression list per statement,
    /// `[N] -> { s0[i, j] -> [(floor((i)/32)), (i), (j)]; ... }`, the form
    /// `tools/oracle.py` reads.
    static std::string flatMap(const PolyhedralModel &model, const isl::schedule &schedule);
};

} // namespace se
