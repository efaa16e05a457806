// SPDX-License-Identifier: MIT
#pragma once

#include "InputError.h"

namespace se {

/// The ResourceLimitError of the memory limit (MemoryLimit): a front end
/// catches it before ResourceLimitError to name the option that raises
/// it (`--max-memory`).
class MemoryLimitError : public ResourceLimitError {
public:
    explicit MemoryLimitError(const std::string &what) : ResourceLimitError(what) { }
};

} // namespace se
