// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

class QMenu;
class QWidget;

namespace se {

class Explorer;

/// The edits that fit a schedule tree node, as menu actions: band edits
/// (interchange, tile, permute, split, merge, reverse, shift, skew, scale,
/// member expression, flags, distribute), sequence and set edits (fuse,
/// move, to set/sequence), filter moves, marks. Each asks for its arguments
/// in a small dialog and applies the edit through the Explorer.
class NodeActions {
public:
    /// Adds the node's actions to `menu`; returns false when the node does
    /// not exist in the current snapshot.
    static bool populate(QMenu *menu, Explorer *explorer, const std::vector<int> &path, QWidget *dialogParent);
};

} // namespace se
