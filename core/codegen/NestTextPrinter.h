// SPDX-License-Identifier: MIT
#pragma once

#include "RegeneratedNest.h"

#include <string>

namespace se {

/// The regenerated nest in the readable Axis form:
///
///     for (c0: range(0, T, 1))
///       for (c1: range(1, N, 1))
///         s0 stencil: B[c1] <- A[c1 - 1], A[c1], A[c1 + 1]  if N >= c1 + 2  # from s0[t = c0, i = c1]
///
/// Bound lists print as `max(...)`/`min(...)`, marks as `# mark: NAME`
/// lines above what they wrap.
class NestTextPrinter {
public:
    static std::string print(const RegeneratedNest &nest);
    /// One statement line without indentation, labelled by its origin (`s7`).
    static std::string statementLine(const GenStatement &s);
    /// The same under a given label (`s7'` for a second copy of s7).
    static std::string statementLine(const GenStatement &s, const std::string &label);
    /// `range(lb, ub, stride)`.
    static std::string range(const GenLoop &l);
    /// A heading that names the kernel, the schedule and fixed parameters.
    static std::string title(const RegeneratedNest &nest);
};

} // namespace se
