// SPDX-License-Identifier: MIT
#pragma once

#include "RegeneratedNest.h"

#include <nlohmann/json.hpp>

#include <string>

namespace se {

/// The regenerated nest as a kernel (docs/kernel-format.md) that loads again:
/// version, params, context and tensors (with their allocations) carried
/// over, the name suffixed `_regen`, a description naming the schedule, and
/// a body of loops and statements whose `origin` says where each came from.
/// Parameters the nest was specialised to are pinned in the context.
class NestKernelWriter {
public:
    static nlohmann::ordered_json json(const RegeneratedNest &nest);
    static std::string text(const RegeneratedNest &nest) { return json(nest).dump(1) + "\n"; }

    /// An expression as the format writes it: an integer when constant,
    /// otherwise the string grammar.
    static nlohmann::ordered_json expr(const ExprPtr &e);
};

} // namespace se
