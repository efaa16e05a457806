// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

namespace se {

class PolyhedralModel;

/// Program order between two statements, built from the loops they share
/// only: never the whole-kernel lexicographic order, whose size grows with
/// the square of the statement count.
class ProgramOrder {
public:
    /// { src[i] -> dst[j] : src[i] runs strictly before dst[j] }. With k
    /// shared loops, src is before dst when the shared iterators are
    /// lexicographically smaller, or equal and src's body item comes first.
    static isl::map before(const PolyhedralModel &model, std::size_t src, std::size_t dst);
    /// Number of loops two statements share.
    static unsigned sharedLoops(const PolyhedralModel &model, std::size_t a, std::size_t b);
};

} // namespace se
