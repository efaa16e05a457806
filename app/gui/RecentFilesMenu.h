// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <functional>

class QMenu;

namespace se {

/// File > Open Recent: the last files opened (kernels, sessions), kept in
/// the settings across runs, newest first. Bundled samples are not listed:
/// they have their own menu.
class RecentFilesMenu : public QObject {
    Q_OBJECT
public:
    static constexpr int MaxFiles = 10;

    /// Adds the submenu to `file`; choosing an entry calls `open` with its path.
    RecentFilesMenu(QMenu *file, std::function<void(const QString &)> open);

    /// Puts `path` first (as an absolute path).
    void add(const QString &path);

private:
    void rebuild();

    QMenu *m_menu;
    std::function<void(const QString &)> m_open;
};

} // namespace se
