// SPDX-License-Identifier: MIT
#pragma once

#include "RegeneratedNest.h"

#include <isl/cpp.h>

#include <string>

namespace se {

class AstMemo;
class PolyhedralModel;

/// The regenerated loop nest of a schedule (docs/cli.md,
/// "Regenerated loop nest"): isl's AST of the schedule, translated back into
/// the kernel format, or printed as C.
///
/// `scheduleFile` labels errors (the kernel's file when empty);
/// `scheduleDescription` says in words where the schedule came from.
/// Constructs the format cannot express are InputErrors naming the AST node;
/// a quota hit is a ResourceLimitError.
class CodeGenerator {
public:
    static RegeneratedNest generate(const PolyhedralModel &model, const isl::schedule &schedule,
                                    const std::string &scheduleFile = "",
                                    const std::string &scheduleDescription = "the original schedule");
    static std::string cCode(const PolyhedralModel &model, const isl::schedule &schedule,
                             const std::string &scheduleFile = "",
                             const std::string &scheduleDescription = "the original schedule");
    /// Both from one AST (the app shows both; AST generation is most of the
    /// time on a big kernel). `c` is set before the nest is translated, so a
    /// nest the format cannot express still has its C. With `memo` (the
    /// model's), the parts of the nest an edit did not change are not
    /// generated again (AstMemo).
    static RegeneratedNest generateWithC(const PolyhedralModel &model, const isl::schedule &schedule,
                                         const std::string &scheduleFile, const std::string &scheduleDescription,
                                         std::string &c, AstMemo *memo = nullptr);
};

} // namespace se
