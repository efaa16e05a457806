// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>

namespace se {

/// isl unrolls a loop without counting operations or looking at an abort:
/// a loop of 10^8 iterations marked `unroll` (a band option of a user's
/// tree) runs and grows past every quota and time limit. Any unrolled
/// member whose values, for fixed outer loop values, may span more than
/// MaxUnroll is refused before isl sees the tree.
class UnrollLimit {
public:
    static constexpr long MaxUnroll = 1024;
    /// An InputError (in `file`, at the band's node) for the first member
    /// marked unroll whose loop may run more than MaxUnroll iterations.
    static void check(const isl::schedule &schedule, const std::string &file);
};

} // namespace se
