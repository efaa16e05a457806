// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/Kernel.h"

#include <cstdint>
#include <map>
#include <string>

namespace se {

/// A JSCoP of a kernel under a schedule given as text (an isl YAML tree or
/// union map), made in an isl context of its own: for callers that hold no
/// isl objects, such as the app's File > Export, which has a snapshot's
/// schedule text and nothing else.
class JscopExport {
public:
    /// Throws InputError (a schedule that does not read back, `label`
    /// naming it) and ResourceLimitError.
    static std::string write(const KernelPtr &kernel, const std::map<std::string, std::int64_t> &params,
                             const std::string &scheduleText, const std::string &label);
};

} // namespace se
