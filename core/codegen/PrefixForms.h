// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace se {

/// Each statement reaching a node, its prefix times as one function, by
/// form: the ancestor bands' members read per statement (isl's prefix
/// schedule of every statement at once, then restricted to the reach, was
/// slow at a tile of a 400-statement band), and statements alike but for
/// their names (a pipeline's stages) sharing the first one's form.
struct PrefixForms {
    struct Form {
        isl::set instances; ///< its first statement's
        isl::multi_aff times; ///< { S[...] -> [prefix] }, that statement's
    };
    std::vector<Form> forms;
    std::vector<std::pair<isl::set, std::size_t>> statements; ///< instances and form, in `reach`'s order

    /// The forms at `node` (a sequence or set: it adds no band) for the
    /// instances `reach` reaching it. Nothing when an ancestor is a node kind
    /// this does not follow or a member is not one affine piece on a
    /// statement: isl's prefix schedule then.
    static std::optional<PrefixForms> of(const isl::schedule_node &node, const isl::union_set &reach);
};

} // namespace se
