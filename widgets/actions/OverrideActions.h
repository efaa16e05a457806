// SPDX-License-Identifier: MIT
#pragma once

class QMenu;
class QWidget;

namespace se {

class Explorer;

/// The actions on one dependence edge (the graph's and the dependences
/// table's context menus): "Assume absent..." (asks for the required
/// reason), or for an edge already assumed absent "Change the reason..."
/// and "Stop assuming absent". Each is an undoable document change.
class OverrideActions {
public:
    /// Adds the actions for report edge `edge`; false when there is none.
    static bool populate(QMenu *menu, Explorer *explorer, int edge, QWidget *dialogParent);
};

} // namespace se
