// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class QMenu;
class QWidgetAction;

namespace se {

/// A bold, unclickable first line naming what a context menu acts on. Qt's
/// QMenu::addSection() sizes the menu by its actions only, so a long
/// section text (`WAR s10 -> s102 on SB_alloc`) is clipped; a label
/// widget makes the menu as wide as its header.
class MenuHeader {
public:
    static QWidgetAction *add(QMenu *menu, const QString &text);
};

} // namespace se
