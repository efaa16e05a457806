// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class UnionMapPieces;

class PolyhedralModel;

/// A SCHEDULE argument, whatever its format: Polly's JSCoP (JscopReader) or
/// an isl schedule tree / union map (ScheduleReader). Format detection sits
/// here, above both readers, so that the schedule layer never needs interop.
class ScheduleInput {
public:
    /// `notes` (when given) receives a JSCoP's line saying how statements
    /// were matched.
    /// `pieces` (optional): a union map's pieces read before (serve).
    static isl::schedule readFile(const PolyhedralModel &model, const std::string &path,
                                  std::vector<std::string> *notes = nullptr, UnionMapPieces *pieces = nullptr);
    /// `file` only labels errors.
    static isl::schedule read(const PolyhedralModel &model, const std::string &text, const std::string &file,
                              std::vector<std::string> *notes = nullptr, UnionMapPieces *pieces = nullptr);
};

} // namespace se
