// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <string>
#include <vector>

namespace se {

/// Pre-order traversal of a schedule tree with each node's path: the child
/// indices from the root (the root's path is empty). Paths are how edits
/// and the app name nodes.
class ScheduleTreeWalk {
public:
    using Visit = std::function<void(const isl::schedule_node &, const std::vector<int> &path)>;
    static void forEach(const isl::schedule_node &root, const Visit &visit);
    /// The node at `path` from the root, or a null node when there is none.
    static isl::schedule_node at(const isl::schedule &schedule, const std::vector<int> &path);
    /// `0.1.0`, or `root`.
    static std::string pathText(const std::vector<int> &path);
};

} // namespace se
