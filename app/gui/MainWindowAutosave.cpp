// SPDX-License-Identifier: MIT
// MainWindow's crash recovery: the autosave of unsaved work, and restoring
// what a run that died left behind (issues 5 and 7).
#include "Autosave.h"
#include "MainWindow.h"

#include "core/edit/Edit.h"
#include "widgets/document/Explorer.h"
#include "widgets/document/ScheduleCommand.h"

#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

namespace se {

namespace {

QString kernelName(const AutosaveRecord &r)
{
    return QFileInfo(r.session.kernelPath).fileName();
}

// English plurals without a translator (tr's %n would print "edit(s)").
QString count(int n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

bool sameAssumptions(const Session &a, const Session &b)
{
    Session x, y;
    x.assumeNoDep = a.assumeNoDep;
    y.assumeNoDep = b.assumeNoDep;
    return x == y;
}

} // namespace

void MainWindow::createAutosave()
{
    m_autosave = new Autosave(m_explorer, this);
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

QStringList MainWindow::leftoverAutosaves(const QString &kernelPath) const
{
    return m_autosave->leftovers(kernelPath);
}

bool MainWindow::restoreAutosave(const QString &file)
{
    AutosaveRecord rec;
    QString error;
    if (!Autosave::read(file, &rec, &error)) {
        showError(tr("Cannot restore the autosaved work"),
                  tr("%1<br><br>The file is kept.").arg(error.toHtmlEscaped()));
        return false;
    }
    const QString kernel = rec.session.kernelPath;
    const QString when = QLocale().toString(rec.savedAt.toLocalTime(), QLocale::ShortFormat);
    if (!kernel.startsWith(QLatin1Char(':')) && !QFileInfo::exists(kernel)) {
        showError(
            tr("Cannot restore the autosaved work"),
            tr("The kernel <b>%1</b> no longer exists, so the work autosaved at %2 (%3) cannot be "
               "reopened. Put the kernel back and restore again; the autosave is kept in<br><b>%4</b>")
                .arg(kernel.toHtmlEscaped(), when, count(rec.editCount(), "edit", "edits"), file.toHtmlEscaped()));
        return false;
    }
    QString note;
    if (!rec.kernelSha256.isEmpty() && Autosave::digest(kernel) != rec.kernelSha256) {
        note = tr("The kernel %1 changed since the work was autosaved at %2; edits that no longer apply are "
                  "reported, and the autosave is then kept aside.")
                   .arg(kernel, when);
        if (m_interactive
            && QMessageBox::question(this, tr("The kernel changed"), note + tr("\n\nRestore anyway?"),
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
                != QMessageBox::Yes)
            return false;
    }
    if (!maybeSave())
        return false;

    // The work's starting point: its saved session when it had one (so Save
    // writes there again), otherwise the kernel as opened.
    bool opened = false;
    if (!rec.sessionFile.isEmpty() && QFileInfo::exists(rec.sessionFile))
        opened = m_explorer->loadSession(rec.sessionFile, &error) && m_explorer->session().kernelPath == kernel;
    if (!opened && !m_explorer->openKernel(kernel, &error)) {
        showError(
            tr("Cannot restore the autosaved work"),
            tr("%1<br><br>The autosave is kept in<br><b>%2</b>").arg(error.toHtmlEscaped(), file.toHtmlEscaped()));
        return false;
    }
    addRecent(opened ? rec.sessionFile : kernel);
    m_explorer->setFixedParams(rec.session.fixedParams);
    m_explorer->setMode(rec.session.mode);
    m_autosave->adopt(rec.file);

    // One undo step per edit, from the starting point to the autosaved
    // document. The steps were checked when first made; pushing them does
    // not apply them (ScheduleCommand's first redo is a no-op), so the last
    // one is undone and redone to make the autosaved document current.
    const Session &target = rec.session;
    QUndoStack *undo = m_explorer->undoStack();
    Session cur = m_explorer->session();
    int pushed = 0;
    const auto step = [&](const Session &next, const QString &text) {
        undo->push(new ScheduleCommand(m_explorer, cur, next, text));
        cur = next;
        ++pushed;
    };
    const auto &have = cur.edits;
    const bool prefix = cur.scheduleText == target.scheduleText && have.size() <= target.edits.size()
        && std::equal(have.begin(), have.end(), target.edits.begin());
    if (!prefix) {
        Session next = cur;
        next.scheduleText = target.scheduleText;
        next.scheduleFile = target.scheduleFile;
        next.edits.clear();
        step(next, tr("Restore the autosaved base schedule"));
    }
    for (std::size_t k = cur.edits.size(); k < target.edits.size(); ++k) {
        Session next = cur;
        next.edits.push_back(target.edits[k]);
        step(next, QString::fromStdString(target.edits[k].describe()));
    }
    if (!sameAssumptions(cur, target)) {
        Session next = cur;
        next.assumeNoDep = target.assumeNoDep;
        step(next, tr("Restore the autosaved assumptions"));
    }
    if (pushed > 0) {
        undo->undo();
        undo->redo();
    }
    m_laterAutosaves.removeAll(rec.file);
    statusBar()->showMessage(
        note.isEmpty() ? tr("Restored the work on %1 autosaved at %2").arg(kernelName(rec), when) : note, 10000);
    return true;
}

void MainWindow::offerAutosaves(const QString &kernelPath)
{
    if (!m_interactive)
        return; // tests call leftoverAutosaves() and restoreAutosave()
    if (m_explorer->isModified())
        return; // in the middle of work (a restore just done, say): next start
    for (const QString &file : m_autosave->leftovers(kernelPath)) {
        // Put off: not asked again this run, unless its kernel is opened.
        if (kernelPath.isEmpty() && m_laterAutosaves.contains(file))
            continue;
        AutosaveRecord rec;
        QString error;
        if (!Autosave::read(file, &rec, &error)) {
            m_laterAutosaves << file;
            statusBar()->showMessage(tr("An autosave could not be read and was left alone: %1").arg(error), 10000);
            continue;
        }
        QStringList what;
        what << count(rec.editCount(), "edit", "edits");
        if (!rec.session.scheduleText.empty())
            what << tr("a loaded schedule");
        if (!rec.session.fixedParams.empty())
            what << count(static_cast<int>(rec.session.fixedParams.size()), "fixed parameter", "fixed parameters");
        if (!rec.session.assumeNoDep.empty())
            what << count(static_cast<int>(rec.session.assumeNoDep.size()), "assumption", "assumptions");
        QMessageBox box(QMessageBox::Question, tr("Restore unsaved work?"),
                        tr("Schedule Explorer did not close normally while <b>%1</b> had unsaved work, autosaved "
                           "at %2: %3.<br><br>Restore it?")
                            .arg(kernelName(rec).toHtmlEscaped(),
                                 QLocale().toString(rec.savedAt.toLocalTime(), QLocale::ShortFormat),
                                 what.join(QStringLiteral(", ")).toHtmlEscaped()),
                        QMessageBox::NoButton, this);
        box.setInformativeText(rec.session.kernelPath.toHtmlEscaped());
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        QPushButton *discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.exec();
        if (box.clickedButton() == restore) {
            if (restoreAutosave(file))
                return; // one document at a time; the rest wait for the next start
            m_laterAutosaves << file;
        } else if (box.clickedButton() == discard) {
            QFile::remove(file);
        } else {
            m_laterAutosaves << file;
        }
    }
}

} // namespace se
