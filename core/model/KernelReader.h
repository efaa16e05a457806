// SPDX-License-Identifier: MIT
#pragma once

#include "Kernel.h"

#include <nlohmann/json_fwd.hpp>

namespace se {

/// Walks a kernel document (docs/kernel-format.md) into a Kernel, rule by rule:
/// every fault is an InputError whose place is the JSON path
/// (`body[0].body[2].reads[1].index[0]`); the caller adds the file.
class KernelReader {
public:
    static void read(Kernel &kernel, const nlohmann::json &doc);
};

} // namespace se
