// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <functional>
#include <optional>

class QDockWidget;

namespace se {

/// Says whether a dock is on screen now: open, not tabbed away, not
/// collapsed to nothing. QDockWidget::visibilityChanged alone is not enough:
/// a dock shown again reports false when its old geometry was empty, and no
/// signal follows once the layout has sized it.
class DockWatcher : public QObject {
public:
    DockWatcher(QDockWidget *dock, std::function<void(bool)> shown);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();

    QDockWidget *m_dock;
    std::function<void(bool)> m_shown;
    std::optional<bool> m_last;
};

} // namespace se
