// SPDX-License-Identifier: MIT
#include "ThemeMenu.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace se {

ThemeMenu::ThemeMenu(QMenu *view) : QObject(view)
{
    QMenu *theme = view->addMenu(tr("&Theme"));
    auto *group = new QActionGroup(theme);
    const QString current = QSettings().value(QStringLiteral("view/theme"), QStringLiteral("system")).toString();
    for (const auto &[key, text] :
         {std::pair{QStringLiteral("system"), tr("&System")}, std::pair{QStringLiteral("light"), tr("&Light")},
          std::pair{QStringLiteral("dark"), tr("&Dark")}}) {
        QAction *a = theme->addAction(text);
        a->setObjectName(QStringLiteral("theme_") + key);
        a->setCheckable(true);
        a->setChecked(key == current);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [key = key] {
            QSettings().setValue(QStringLiteral("view/theme"), key);
            apply(key);
        });
    }
    if (current != QLatin1String("system"))
        apply(current);
}

void ThemeMenu::apply(const QString &theme)
{
    // The platform's own look, kept from the first call, is what "system" returns to.
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    if (theme == QLatin1String("system")) {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (theme == QLatin1String("light")) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QPalette p;
    const QColor window(0x2b, 0x2e, 0x33), base(0x1f, 0x22, 0x26), text(0xe6, 0xe8, 0xeb);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x2a, 0x2f));
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x37, 0x3d));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa8));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x82, 0xb1, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x6e, 0xb4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x84, 0x8a));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x84, 0x8a));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x84, 0x8a));
    QApplication::setPalette(p);
}

} // namespace se
