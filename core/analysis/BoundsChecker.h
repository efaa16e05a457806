// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/CheckReport.h"

#include <string>
#include <vector>

namespace se {

class PolyhedralModel;

/// Static bounds checks: for each access of each statement, the instances
/// whose index leaves the tensor's shape (0 <= index < extent in each
/// dimension, before any allocation remapping), exactly, over the
/// statement's domain (loop bounds, strides, min/max bounds, predicates and
/// the context). Accesses of a JSCoP's statements are not checked: their
/// array sizes are Polly's, not the kernel's.
class BoundsChecker {
public:
    /// One report per access that can leave its shape, in access order.
    /// With every parameter fixed the witness is the access's first
    /// offending instance (lexicographically least); otherwise a sample.
    /// An access whose check meets the operation quota is skipped and named
    /// in `stopped` (a bounds check is a warning: it never stops a verdict);
    /// a time or memory limit throws ResourceLimitError.
    static std::vector<BoundsReport> check(const PolyhedralModel &model, std::vector<std::string> *stopped = nullptr);
};

} // namespace se
