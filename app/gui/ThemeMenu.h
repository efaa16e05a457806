// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QMenu;

namespace se {

/// View > Theme: system, light or dark, remembered in the settings. The
/// tree and graph canvases and the syntax colours follow the palette.
class ThemeMenu : public QObject {
    Q_OBJECT
public:
    /// Adds the submenu to `view` and applies the remembered theme.
    explicit ThemeMenu(QMenu *view);

    /// "system", "light" or "dark".
    static void apply(const QString &theme);
};

} // namespace se
