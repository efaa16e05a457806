// SPDX-License-Identifier: MIT
#include "RecentFilesMenu.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace se {

namespace {

const QString RecentKey = QStringLiteral("files/recent");

} // namespace

RecentFilesMenu::RecentFilesMenu(QMenu *file, std::function<void(const QString &)> open)
    : QObject(file), m_menu(file->addMenu(tr("Open &Recent"))), m_open(std::move(open))
{
    rebuild();
}

void RecentFilesMenu::add(const QString &path)
{
    if (path.startsWith(QLatin1Char(':')))
        return; // bundled samples have their own menu
    QSettings s;
    QStringList recent = s.value(RecentKey).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > MaxFiles)
        recent.removeLast();
    s.setValue(RecentKey, recent);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    m_menu->clear();
    const QStringList recent = QSettings().value(RecentKey).toStringList();
    for (const QString &p : recent)
        connect(m_menu->addAction(QFileInfo(p).fileName() + QStringLiteral("  \u2014  ") + p), &QAction::triggered,
                this, [this, p] { m_open(p); });
    m_menu->setEnabled(!recent.isEmpty());
}

} // namespace se
