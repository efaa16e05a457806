// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QDialog;
class QMainWindow;

namespace se {

/// The Help menu of a main window: the keyboard shortcuts (read off the
/// window's menus, so the list cannot drift from the actions), the legend of
/// node shapes, edge colours and flag pills, a short tour, and About.
class HelpMenu : public QObject {
    Q_OBJECT
public:
    /// Adds the menu to `window`'s menu bar; owned by the window. Create it
    /// after the other menus: it comes last.
    explicit HelpMenu(QMainWindow *window);

    static QString shortcutsHtml(const QMainWindow *window);
    static QString legendHtml();
    static QString tourHtml();

private:
    QDialog *dialog(const QString &title, const QString &html, const QString &name);

    QMainWindow *m_window;
};

} // namespace se
