// SPDX-License-Identifier: MIT
#include "AutosaveRecovery.h"

#include "Autosave.h"

#include "core/edit/Edit.h"
#include "widgets/document/Explorer.h"
#include "widgets/document/ScheduleCommand.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
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

AutosaveRecovery::AutosaveRecovery(QWidget *window, Explorer *explorer, Autosave *autosave, Host host)
    : QObject(window), m_window(window), m_explorer(explorer), m_autosave(autosave), m_host(std::move(host))
{
}

QStringList AutosaveRecovery::leftovers(const QString &kernelPath) const
{
    return m_autosave->leftovers(kernelPath);
}

bool AutosaveRecovery::restore(const QString &file)
{
    AutosaveRecord rec;
    QString error;
    if (!Autosave::read(file, &rec, &error)) {
        m_host.showError(tr("Cannot restore the autosaved work"),
                         tr("%1<br><br>The file is kept.").arg(error.toHtmlEscaped()));
        return false;
    }
    const QString kernel = rec.session.kernelPath;
    const QString when = QLocale().toString(rec.savedAt.toLocalTime(), QLocale::ShortFormat);
    if (!kernel.startsWith(QLatin1Char(':')) && !QFileInfo::exists(kernel)) {
        m_host.showError(
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
        if (m_host.interactive()
            && QMessageBox::question(m_window, tr("The kernel changed"), note + tr("\n\nRestore anyway?"),
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
                != QMessageBox::Yes)
            return false;
    }
    if (!m_host.maybeSave())
        return false;

    // The work's starting point: its saved session when it had one (so Save
    // writes there again), otherwise the kernel as opened.
    bool opened = false;
    if (!rec.sessionFile.isEmpty() && QFileInfo::exists(rec.sessionFile))
        opened = m_explorer->loadSession(rec.sessionFile, &error) && m_explorer->session().kernelPath == kernel;
    if (!opened && !m_explorer->openKernel(kernel, &error)) {
        m_host.showError(
            tr("Cannot restore the autosaved work"),
            tr("%1<br><br>The autosave is kept in<br><b>%2</b>").arg(error.toHtmlEscaped(), file.toHtmlEscaped()));
        return false;
    }
    m_host.addRecent(opened ? rec.sessionFile : kernel);
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
    m_later.removeAll(rec.file);
    m_host.showMessage(note.isEmpty() ? tr("Restored the work on %1 autosaved at %2").arg(kernelName(rec), when)
                                      : note);
    return true;
}

void AutosaveRecovery::offer(const QString &kernelPath)
{
    if (!m_host.interactive())
        return; // tests call leftovers() and restore()
    if (m_explorer->isModified())
        return; // in the middle of work (a restore just done, say): next start
    for (const QString &file : m_autosave->leftovers(kernelPath)) {
        // Put off: not asked again this run, unless its kernel is opened.
        if (kernelPath.isEmpty() && m_later.contains(file))
            continue;
        AutosaveRecord rec;
        QString error;
        if (!Autosave::read(file, &rec, &error)) {
            m_later << file;
            m_host.showMessage(tr("An autosave could not be read and was left alone: %1").arg(error));
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
                        QMessageBox::NoButton, m_window);
        box.setInformativeText(rec.session.kernelPath.toHtmlEscaped());
        QPushButton *restoreButton = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        QPushButton *discardButton = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restoreButton);
        box.exec();
        if (box.clickedButton() == restoreButton) {
            if (restore(file))
                return; // one document at a time; the rest wait for the next start
            m_later << file;
        } else if (box.clickedButton() == discardButton) {
            QFile::remove(file);
        } else {
            m_later << file;
        }
    }
}

} // namespace se
