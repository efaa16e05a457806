// SPDX-License-Identifier: MIT
#include "MenuHeader.h"

#include <QLabel>
#include <QMenu>
#include <QWidgetAction>

namespace se {

QWidgetAction *MenuHeader::add(QMenu *menu, const QString &text)
{
    auto *label = new QLabel(text, menu);
    label->setObjectName(QStringLiteral("menuHeader"));
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    label->setContentsMargins(8, 4, 8, 4);
    label->setTextFormat(Qt::PlainText);
    auto *action = new QWidgetAction(menu);
    action->setDefaultWidget(label);
    action->setEnabled(false);
    action->setText(text); // for tests and accessibility
    menu->addAction(action);
    menu->addSeparator();
    return action;
}

} // namespace se
