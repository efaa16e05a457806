// SPDX-License-Identifier: MIT
#pragma once

#include "Expr.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace se {

/// Reads an expression in any of the kernel format's three forms: a JSON
/// integer, a string (ExprParser grammar) or a tree
/// (`{"kind": "Sum", "terms": [...], "const": 1}` and so on).
/// Errors are InputErrors whose place is `path` (plus `, column N` inside a
/// string, or the sub-path inside a tree).
class ExprReader {
public:
    static ExprPtr read(const nlohmann::json &value, const std::string &path, bool allowExtremum = false);
};

} // namespace se
