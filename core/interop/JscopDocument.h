// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace se {

/// A JSCoP (Polly's exchange format) as plain data: every value is the isl
/// text Polly writes or reads. See docs/jscop.md.
struct JscopAccess {
    bool write = false; ///< "kind": "write" or "read"
    std::string relation; ///< { s0[i] -> A[i + 1] } (allocation space)
};

struct JscopStatement {
    std::string name; ///< s<id> on export; Polly writes Stmt_<block>
    std::string domain; ///< [N] -> { s0[i] : 0 <= i < N }
    std::string schedule; ///< [N] -> { s0[i] -> [0, i, 0] } (one flat map)
    std::vector<JscopAccess> accesses;
};

struct JscopArray {
    std::string name; ///< the allocation: a tensor or `<buffer>_alloc`
    std::vector<std::string> sizes; ///< one per dimension; "*" where unknown
    std::string type; ///< element type; kernels carry none: "unknown"
};

struct JscopDocument {
    std::string name; ///< the kernel's name
    std::string context; ///< [N] -> { : N >= 3 }
    std::vector<JscopArray> arrays;
    std::vector<JscopStatement> statements; ///< program order
};

} // namespace se
