// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;

/// A schedule of one of the project's own kernels put into a JSCoP that
/// Polly exported for the same code (`export-jscop --into POLLY.jscop`):
/// only the file's schedules change, written in Polly's statement names,
/// loop counters and parameter order, so `opt-14 -polly-import-jscop`
/// reads it as it reads its own file.
///
/// Statements are matched by name when every statement of the file names a
/// kernel statement (a kernel opened from that code), else by position in
/// program order. Each pair's domains must be the same set, in the kernel's
/// iterators or in Polly's counters from 0 (JscopCoordinates): a statement
/// whose domain differs is refused by name, never exported shifted.
class JscopMerge {
public:
    /// `pollyText` is the file's JSON, `pollyFile` labels errors. Throws
    /// InputError (a file that is no JSCoP, statements that do not match)
    /// and ResourceLimitError.
    static std::string into(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &pollyText,
                            const std::string &pollyFile);
};

} // namespace se
