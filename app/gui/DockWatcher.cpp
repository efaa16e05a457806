// SPDX-License-Identifier: MIT
#include "DockWatcher.h"

#include <QDockWidget>
#include <QEvent>

namespace se {

DockWatcher::DockWatcher(QDockWidget *dock, std::function<void(bool)> shown)
    : QObject(dock), m_dock(dock), m_shown(std::move(shown))
{
    dock->installEventFilter(this);
    connect(dock, &QDockWidget::visibilityChanged, this, [this] { update(); });
}

bool DockWatcher::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_dock
        && (event->type() == QEvent::Show || event->type() == QEvent::Hide || event->type() == QEvent::Resize))
        update();
    return QObject::eventFilter(watched, event);
}

void DockWatcher::update()
{
    const bool shown = m_dock->isVisible() && !m_dock->visibleRegion().isEmpty();
    if (m_last == shown)
        return;
    m_last = shown;
    m_shown(shown);
}

} // namespace se
