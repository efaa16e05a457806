// SPDX-License-Identifier: MIT
#pragma once

namespace se {

/// The verify mode of the shortcuts (issue 44): with the environment
/// variable SE_VERIFY_CACHES set to 1, every shortcut that answers a
/// question in a cheaper way than its reference path (a union of shapes
/// instead of each shape, integer bounds instead of isl sets, one pass
/// instead of one per statement) also runs that reference path, and the
/// two must agree. Off by default; the tests switch it on.
class VerifyMode {
public:
    /// Whether the reference paths run beside the shortcuts (read once).
    static bool on();
    /// Throws std::logic_error naming `shortcut` when `agree` is false: a
    /// shortcut that disagrees with its reference path is a bug, never an
    /// answer.
    static void check(bool agree, const char *shortcut);
};

} // namespace se
