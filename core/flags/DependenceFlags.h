// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

namespace se {

/// What one dependence says about one band's flags: whether it goes
/// backwards in a member while the outer dimensions leave it open (not
/// permutable), and which members it crosses while the earlier ones leave
/// it open (not coincident).
struct DependenceFlags {
    bool backwards = false;
    std::vector<bool> crosses; ///< per member
};

} // namespace se
