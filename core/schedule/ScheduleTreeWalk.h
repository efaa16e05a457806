// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace se {

/// A node of a schedule tree named by the child indices from the root
/// (the domain node is `{}`, its child `{0}`), as ScheduleTreeWalk numbers
/// them. Leaves count as nodes.
using NodePath = std::vector<int>;

/// `0.1.0`, or `root`.
std::string nodePathText(const NodePath &path);
/// Reads `0.1.0` or `root`; nullopt when the text is not a path.
std::optional<NodePath> parseNodePath(const std::string &text);

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
