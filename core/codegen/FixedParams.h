// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <optional>

namespace se {

/// isl's AST generator carries every parameter through each of its
/// tableaus, one the context fixes to a value too: a tile stage of
/// tiled_matmul_64's pipelined band (16 statements, KT = 2) is generated
/// faster without KT. This takes such parameters out of a tree, for the
/// generator only: their values put into the domain (an equality projected
/// out is a substitution) and the filters, the band expressions left as
/// they are (a tree whose bands use one is kept whole). isl prints a fixed
/// parameter as its value, so the nest is the same (NestOrderCheck checks
/// every nest's order after).
class FixedParams {
public:
    struct Result {
        isl::schedule tree;
        isl::set context; ///< `context` without those parameters
    };
    /// Nothing when `context` fixes no parameter, a band uses one, or the
    /// tree has nodes ScheduleTree does not read.
    static std::optional<Result> dropped(const isl::schedule &tree, const isl::set &context);
};

} // namespace se
