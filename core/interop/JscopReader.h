// SPDX-License-Identifier: MIT
#pragma once

#include "JscopDocument.h"

#include <isl/cpp.h>

#include <string>

namespace se {

class PolyhedralModel;

/// Reads a JSCoP (Polly's exchange format) and imports its per-statement
/// schedules as a schedule of the kernel.
///
/// Statements are matched by name when every JSCoP statement's name (its
/// "name", else its schedule's tuple name) is a distinct statement of the
/// kernel; otherwise by position, as Polly does, and the schedule maps'
/// tuples (Polly's `Stmt_for_body`) are renamed to the kernel's `s<id>`.
/// Only the schedules are imported, in the kernel's coordinates: each
/// statement's domain tells whether the file numbers instances by the
/// kernel's iterators or by Polly's loop counters from 0, and the schedule
/// is mapped accordingly (JscopCoordinates); a domain that is neither is an
/// error. The accesses, arrays and context of the file are not compared.
///
/// InputErrors name the file, the JSON path (`statements[1].schedule`) and
/// the fault: not JSON, a missing or mistyped key, a statement count that
/// differs from the kernel's, a map isl cannot parse, a map over the wrong
/// number of dimensions, a parameter the kernel lacks, instances left
/// unscheduled or scheduled twice.
class JscopReader {
public:
    struct Import {
        /// domain -> one band of the (zero-padded) flat times, as
        /// ScheduleReader::fromUnionMap builds it.
        isl::schedule schedule;
        bool byName = false;
        /// One line for people: how the statements were matched, and why.
        std::string note;
    };

    /// True for a file named `*.jscop` (or `*.jscop.<suffix>`, as Polly's
    /// transformed copies are), or JSON text whose "statements" hold an
    /// object with a "schedule".
    static bool looksLikeJscop(const std::string &text, const std::string &file);

    /// The document as plain data; `file` only labels errors.
    static JscopDocument parse(const std::string &text, const std::string &file);
    static JscopDocument readFile(const std::string &path);

    /// The JSCoP's schedules as a schedule of `model`'s kernel.
    static Import importSchedule(const PolyhedralModel &model, const JscopDocument &doc, const std::string &file);
    static Import readSchedule(const PolyhedralModel &model, const std::string &text, const std::string &file);
    static Import readScheduleFile(const PolyhedralModel &model, const std::string &path);
};

} // namespace se
