// SPDX-License-Identifier: MIT
#pragma once

#include "core/schedule/ScheduleTreeWalk.h"

#include "core/support/InputError.h"

#include <string>
#include <vector>

namespace se {

/// A tree operation (an edit, reading a tree, restricting it) that does not
/// apply to the node it names: the place is the node's path (`node 0.1`),
/// the fault says why (`tile: node 0.1 is a sequence, not a band`). An
/// InputError, so the CLI exits with status 2.
class TreeError : public InputError {
public:
    TreeError(const std::vector<int> &node, const std::string &fault)
        : InputError("", "node " + ScheduleTreeWalk::pathText(node), fault)
    {
    }
};

} // namespace se
