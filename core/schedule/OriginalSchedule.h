// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

namespace se {

class PolyhedralModel;

/// The schedule tree of the loop nest as written: the domain, a band of one
/// member per loop (its iterator) over the statements inside it, a sequence
/// with one filter per item where a body has several items, and a mark
/// `s<id>` above each statement's leaf. It orders instances as program
/// order does.
class OriginalSchedule {
public:
    static isl::schedule build(const PolyhedralModel &model);
};

} // namespace se
