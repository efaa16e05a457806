// SPDX-License-Identifier: MIT
// MainWindow's autosave of unsaved work (Autosave) and its crash recovery
// (AutosaveRecovery), wired to the window.
#include "Autosave.h"
#include "AutosaveRecovery.h"
#include "MainWindow.h"

#include <QStatusBar>

namespace se {

void MainWindow::createAutosave()
{
    m_autosave = new Autosave(m_explorer, this);
    m_recovery = new AutosaveRecovery(this, m_explorer, m_autosave,
                                      {[this](const QString &title, const QString &html) { showError(title, html); },
                                       [this] { return maybeSave(); }, [this](const QString &path) { addRecent(path); },
                                       [this](const QString &text) { statusBar()->showMessage(text, 10000); },
                                       [this] { return m_interactive; }});
    connect(m_autosave, &Autosave::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    // Queued: after the window has said why the check failed.
    connect(
        m_autosave, &Autosave::restoreFailed, this,
        [this](const QString &kept, const QString &reason) {
            showError(tr("The restored work did not apply"),
                      tr("%1<br><br>The autosaved work is kept, untouched, in<br><b>%2</b>")
                          .arg(reason.toHtmlEscaped(), kept.toHtmlEscaped()));
        },
        Qt::QueuedConnection);
}

} // namespace se
