// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;

/// Text forms of a schedule.
class SchedulePrinter {
public:
    /// isl's YAML in block style (PPCG's `--save-schedule` form), with an
    /// explicit leaf under every mark so that plain isl reads it back.
    static std::string blockYaml(const isl::schedule &schedule);
    /// isl's YAML in flow style (one line), leaves under marks likewise.
    static std::string flowYaml(const isl::schedule &schedule);
    /// The flat schedule as one quasi-affine expression list per statement,
    /// `[N] -> { s0[i, j] -> [(floor((i)/32)), (i), (j)]; ... }`, the form
    /// `tools/oracle.py` reads.
    static std::string flatMap(const PolyhedralModel &model, const isl::schedule &schedule);
    /// Whether what is printed over `model` is parametric, for exports'
    /// headings: "parametric in N, T", or "for the fixed parameter values
    /// N = 12 only".
    static std::string paramsNote(const PolyhedralModel &model);
};

} // namespace se
