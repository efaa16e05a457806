// SPDX-License-Identifier: MIT
#pragma once

#include "JscopDocument.h"

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;

/// Describes a kernel and a schedule as a JSCoP (Polly's exchange format):
/// the parameter context, one array per allocation, and the statements in
/// program order with their domain, flat schedule and accesses in
/// allocation space. Every isl text keeps the kernel's parameters, so the
/// file reads back against the same kernel with any `--param` values.
class JscopWriter {
public:
    /// Throws ResourceLimitError when flattening exceeds the quota.
    static JscopDocument build(const PolyhedralModel &model, const isl::schedule &schedule);
    /// JSON text, keys in Polly's order of meaning (name, context, arrays,
    /// statements), ending with a newline.
    static std::string toText(const JscopDocument &doc);
    /// build + toText; for a kernel opened from a JSCoP (Polly's), that
    /// file with only its schedules replaced (intoSource).
    static std::string write(const PolyhedralModel &model, const isl::schedule &schedule);
    /// The JSCoP the kernel was opened from, each statement's schedule
    /// replaced by `schedule`'s, in the file's coordinates, names and
    /// parameter order: `opt-14 -polly-import-jscop` reads it unchanged.
    static std::string intoSource(const PolyhedralModel &model, const isl::schedule &schedule);
    /// A map as Polly's files give one: a piecewise function where the map
    /// is single-valued, else the map itself.
    static std::string functionText(const isl::map &m);
    /// Throws InputError naming `path` when it cannot be written.
    static void writeFile(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &path);
};

} // namespace se
