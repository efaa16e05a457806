// SPDX-License-Identifier: MIT
// MainWindow's file handling: open, recent files, drag and drop, sessions,
// exports and the prompt for unsaved edits.
#include "Autosave.h"
#include "AutosaveRecovery.h"
#include "RecentFilesMenu.h"
#include "MainWindow.h"

#include "core/support/JsonText.h"
#include "core/analysis/ScheduleExport.h"
#include "core/interop/KernelSource.h"
#include "core/support/InputError.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/document/Explorer.h"
#include "widgets/views/IterationSpaceView.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/document/Session.h"

#include <utility>

#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>

#include <nlohmann/json.hpp>

namespace se {

namespace {

} // namespace

QStringList MainWindow::samples()
{
    QStringList out;
    for (const QString &f :
         QDir(QStringLiteral(":/samples")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << QStringLiteral(":/samples/") + f;
    return out;
}

QStringList MainWindow::sampleSchedules(const QString &sample)
{
    // schedules/NAME.CASE.map next to the bundled NAME.json.
    const QString name = QFileInfo(sample).completeBaseName();
    QStringList out;
    for (const QString &f : QDir(QStringLiteral(":/samples/schedules"))
                                .entryList({name + QStringLiteral(".*.map")}, QDir::Files, QDir::Name))
        out << QStringLiteral(":/samples/schedules/") + f;
    return out;
}

QString MainWindow::defaultSample()
{
    // A 2-D stencil shows bands, a sequence and a dependence worth studying.
    for (const char *name : {"gauss_seidel_2d.json", "jacobi_1d.json"}) {
        const QString p = QStringLiteral(":/samples/") + QLatin1String(name);
        if (QFile::exists(p))
            return p;
    }
    const QStringList all = samples();
    return all.isEmpty() ? QString() : all.front();
}

QString MainWindow::dialogDir() const
{
    const QString k = m_explorer->session().kernelPath;
    if (!k.isEmpty() && !k.startsWith(QLatin1Char(':')))
        return QFileInfo(k).absolutePath();
    return m_lastDir;
}

bool MainWindow::openKernel(const QString &path, const QString &scheduleFile, const QString &editsFile)
{
    if (!maybeSave())
        return false;
    QString error;
    if (!m_explorer->openKernel(path, &error, scheduleFile, editsFile)) {
        if (!m_explorer->kernel()) // an empty window says why it is empty, and what to do
            m_tree->setPlaceholder(tr("Could not open %1:\n%2\n\nFile \u203a Open\u2026 another kernel, or File "
                                      "\u203a Open Sample.")
                                       .arg(QFileInfo(path).fileName(), error));
        showError(tr("Cannot open the kernel"), error.toHtmlEscaped() + tr("<br><br>Nothing was changed."));
        return false;
    }
    addRecent(path);
    m_recovery->offer(m_explorer->session().kernelPath); // work a crashed run left on it
    return true;
}

bool MainWindow::openSession(const QString &path)
{
    if (!maybeSave())
        return false;
    QString error;
    if (!m_explorer->loadSession(path, &error)) {
        showError(tr("Cannot open the session"), error.toHtmlEscaped() + tr("<br><br>Nothing was changed."));
        return false;
    }
    addRecent(path);
    m_recovery->offer(m_explorer->session().kernelPath);
    return true;
}

bool MainWindow::loadSchedule(const QString &path)
{
    QString error;
    if (!m_explorer->loadSchedule(path, &error)) {
        showError(tr("Cannot load the schedule"), error.toHtmlEscaped());
        return false;
    }
    return true;
}

bool MainWindow::loadEdits(const QString &path)
{
    QString error;
    if (!m_explorer->loadEdits(path, &error)) {
        showError(tr("Cannot load the edit script"), error.toHtmlEscaped());
        return false;
    }
    return true;
}

bool MainWindow::openAny(const QString &path)
{
    if (CFrontEnd::isSource(path.toStdString())) {
        // clang and Polly run here (a wait, hence the cursor); several SCoPs: ask.
        std::vector<CFrontEnd::Scop> scops;
        QApplication::setOverrideCursor(Qt::WaitCursor);
        try {
            scops = CFrontEnd::scops(path.toStdString());
        } catch (const InputError &e) {
            QApplication::restoreOverrideCursor();
            showError(tr("Cannot open the C source"), QString::fromStdString(e.what()).toHtmlEscaped());
            return false;
        }
        QApplication::restoreOverrideCursor();
        int choice = 1;
        if (scops.size() > 1) {
            QStringList items;
            for (std::size_t k = 0; k < scops.size(); ++k)
                items << QString::fromStdString(CFrontEnd::describe(scops[k], k + 1));
            bool ok = false;
            const QString item =
                QInputDialog::getItem(this, tr("Open C"), tr("Polly found several SCoPs; open:"), items, 0, false, &ok);
            if (!ok)
                return false;
            choice = static_cast<int>(items.indexOf(item)) + 1;
        }
        KernelSource::rememberScop(path.toStdString(), choice);
        return openKernel(path);
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("json"))
        return m_explorer->kernel() ? loadSchedule(path) : openKernel(path); // isl YAML or union map
    // A JSON file: a session, an edit script or a kernel, by its keys.
    try {
        // The one JSON reader: a document nested too deep is refused before
        // anything recurses into it.
        const auto doc = JsonText::parse(readTextFile(path), path.toStdString());
        if (doc.is_object() && doc.contains("session"))
            return openSession(path);
        if (doc.is_object() && doc.contains("edits") && !doc.contains("body") && m_explorer->kernel())
            return loadEdits(path);
        // A JSCoP: statements holding schedules (Polly's exchange format).
        if (doc.is_object() && doc.contains("statements") && doc["statements"].is_array() && !doc.contains("body")
            && m_explorer->kernel())
            return loadSchedule(path);
    } catch (const std::exception &) {
        // Not JSON at all: let the kernel loader say where it breaks.
    }
    return openKernel(path);
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open"), dialogDir(),
        tr("Kernels and sessions (*.json);;C and C++ through Polly (*.c *.cc *.cpp *.cxx);;JSCoP (*.jscop);;"
           "Schedules (*.yaml *.yml *.map *.isl);;All files (*)"));
    if (!path.isEmpty()) {
        m_lastDir = QFileInfo(path).absolutePath();
        openAny(path);
    }
}

void MainWindow::openSessionDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open session"), dialogDir(), tr("Sessions (*.json);;All files (*)"));
    if (!path.isEmpty())
        openSession(path);
}

void MainWindow::loadScheduleDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Load schedule"), dialogDir(),
                                     tr("Schedules (*.yaml *.yml *.map *.isl *.txt *.jscop);;All files (*)"));
    if (!path.isEmpty())
        loadSchedule(path);
}

void MainWindow::loadEditsDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load edit script"), dialogDir(),
                                                      tr("Edit scripts (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadEdits(path);
}

bool MainWindow::saveSession(const QString &path)
{
    QString error;
    const QString kernel = m_explorer->session().kernelPath;
    if (kernel.startsWith(QLatin1Char(':'))) {
        // A bundled sample lives inside the app: a session naming
        // `:/samples/...` could not be opened by schedule-tool. Write the
        // sample next to the session and name that file instead.
        const QString copy = QFileInfo(path).absoluteDir().filePath(QFileInfo(kernel).fileName());
        QFile in(kernel);
        const QByteArray bytes = in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
        QFile existing(copy);
        if (existing.exists()) {
            if (!existing.open(QIODevice::ReadOnly) || existing.readAll() != bytes) {
                showError(tr("Cannot save the session"),
                          tr("The session names its kernel by a file, and this kernel is a bundled sample. "
                             "Writing it next to the session would overwrite a different <b>%1</b>: save the "
                             "session in another folder.")
                              .arg(copy.toHtmlEscaped()));
                return false;
            }
        } else {
            QFile out(copy);
            if (bytes.isEmpty() || !out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size()) {
                showError(tr("Cannot save the session"),
                          tr("Could not write the sample kernel to <b>%1</b>.").arg(copy.toHtmlEscaped()));
                return false;
            }
        }
        m_explorer->relocateKernel(copy);
    }
    if (!m_explorer->saveSession(path, &error)) {
        showError(tr("Cannot save the session"), error.toHtmlEscaped());
        return false;
    }
    addRecent(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

bool MainWindow::save()
{
    if (m_explorer->sessionPath().isEmpty())
        return saveAs();
    return saveSession(m_explorer->sessionPath());
}

bool MainWindow::saveAs()
{
    if (!m_explorer->kernel())
        return false;
    const QString base = QString::fromStdString(m_explorer->kernel()->name) + QStringLiteral(".session.json");
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"), QDir(dialogDir()).filePath(base),
                                                tr("Sessions (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveSession(path);
}

bool MainWindow::maybeSave()
{
    if (!m_explorer->isModified() || !m_interactive)
        return true;
    const auto answer =
        QMessageBox::warning(this, tr("Unsaved edits"),
                             tr("The schedule of %1 has unsaved edits. Save the session first?")
                                 .arg(QString::fromStdString(m_explorer->kernel()->name)),
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_autosave->discard(); // saved, or the user chose to discard: a clean close
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState(StateVersion));
    s.setValue(QStringLiteral("files/lastDir"), m_lastDir);
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        for (const QUrl &u : event->mimeData()->urls())
            if (u.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &u : event->mimeData()->urls())
        if (u.isLocalFile()) {
            event->acceptProposedAction();
            openAny(u.toLocalFile());
            return; // one file at a time: each replaces the last
        }
}

namespace {

struct ExportKind {
    const char *suffix;
    const char *filter;
    bool text;
};

ExportKind kindOf(MainWindow::Export what)
{
    using E = MainWindow::Export;
    switch (what) {
    case E::ScheduleYaml: return {"schedule.yaml", "isl schedule tree (*.yaml)", true};
    case E::ScheduleMap: return {"schedule.map", "isl union map (*.map)", true};
    case E::EditScript: return {"edits.json", "Edit script (*.json)", true};
    case E::KernelJson: return {"regen.json", "Kernel (*.json)", true};
    case E::C: return {"c", "C source (*.c)", true};
    case E::TreeSvg: return {"tree.svg", "SVG (*.svg)", false};
    case E::TreePng: return {"tree.png", "PNG (*.png)", false};
    case E::GraphSvg: return {"graph.svg", "SVG (*.svg)", false};
    case E::GraphPng: return {"graph.png", "PNG (*.png)", false};
    case E::Jscop: return {"jscop", "JSCoP (*.jscop)", true};
    case E::SpaceSvg: return {"space.svg", "SVG (*.svg)", false};
    case E::SpacePng: return {"space.png", "PNG (*.png)", false};
    }
    return {"txt", "*", true};
}

} // namespace

void MainWindow::exportDialog(Export what)
{
    if (!m_explorer->snapshot())
        return;
    const ExportKind k = kindOf(what);
    const QString base =
        QString::fromStdString(m_explorer->kernel()->name) + QLatin1Char('.') + QLatin1String(k.suffix);
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export"), QDir(dialogDir()).filePath(base), tr(k.filter));
    if (path.isEmpty())
        return;
    if (what == Export::KernelJson && m_explorer->snapshot() && m_explorer->snapshot()->nestDeferred) {
        // The nest was left out while its dock was hidden: written when made.
        m_nestExport = path;
        m_explorer->requestNest();
        statusBar()->showMessage(tr("Generating the loop nest for %1\u2026").arg(path));
        return;
    }
    if (exportFile(what, path))
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::dropNestExport(const QString &why)
{
    if (m_nestExport.isEmpty())
        return;
    statusBar()->showMessage(tr("Not written: %1 (%2)").arg(std::exchange(m_nestExport, QString()), why), 8000);
}

void MainWindow::finishNestExport(const AnalysisSnapshotPtr &s)
{
    if (m_nestExport.isEmpty() || s->nestPending)
        return;
    if (s->nestDeferred) { // a newer schedule, its nest left out again
        m_explorer->requestNest();
        return;
    }
    const QString path = std::exchange(m_nestExport, QString());
    if (exportFile(Export::KernelJson, path))
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

std::string MainWindow::parametricExport(const AnalysisSnapshot &s, Export what, QString *error) const
{
    // Parametric unless File > Export > Keep Fixed Parameter Values is on
    // (issue 12): built again from the document, not from the analysed
    // schedule, whose domain holds the fixed values only.
    try {
        const Session &doc = m_explorer->session();
        ScheduleSource source;
        source.text = doc.scheduleText;
        source.file = doc.scheduleFile.toStdString();
        const std::size_t edits = s.edits.size();
        source.edits.edits = s.edits;
        source.description = doc.scheduleText.empty() ? "the original schedule" : "the schedule " + source.file;
        if (edits)
            source.description += " with " + std::to_string(edits) + (edits == 1 ? " edit" : " edits");
        return ScheduleExport::write(s.kernel, s.fixedParams, source, m_exportFixed && m_exportFixed->isChecked(),
                                     what == Export::C                 ? ScheduleExport::Format::C
                                         : what == Export::ScheduleMap ? ScheduleExport::Format::UnionMap
                                                                       : ScheduleExport::Format::BlockYaml);
    } catch (const std::exception &e) {
        *error = tr("Cannot write the export: %1").arg(QString::fromUtf8(e.what()));
    }
    return {};
}

bool MainWindow::exportFile(Export what, const QString &path)
{
    const AnalysisSnapshotPtr s = m_explorer->snapshot();
    if (!s)
        return false;
    QString error;
    bool ok = false;
    if (kindOf(what).text) {
        std::string text;
        switch (what) {
        case Export::ScheduleYaml: text = parametricExport(*s, what, &error); break;
        case Export::ScheduleMap: text = parametricExport(*s, what, &error); break;
        case Export::EditScript: text = m_explorer->editScriptText(); break;
        case Export::KernelJson: text = s->nestKernelJson; break;
        case Export::C: text = parametricExport(*s, what, &error); break;
        case Export::Jscop: text = jscopText(&error); break;
        default: break;
        }
        if (!text.empty())
            text = withAssumptions(*s, what, std::move(text));
        if (text.empty() && error.isEmpty())
            error = tr("Nothing to export: %1").arg(QString::fromStdString(s->nestError));
        if (text.empty())
            ok = false;
        else
            ok = writeTextFile(path, QByteArray::fromStdString(text), &error);
    } else if (what == Export::SpaceSvg || what == Export::SpacePng) {
        ok = m_space->exportTo(path, &error);
    } else {
        const bool tree = what == Export::TreeSvg || what == Export::TreePng;
        if (!tree)
            m_explorer->graphNow(); // left out while its dock was hidden
        const ZoomableView *view = tree ? static_cast<ZoomableView *>(m_tree) : static_cast<ZoomableView *>(m_graph);
        const QString title = QString::fromStdString(m_explorer->kernel()->name)
            + (tree ? tr(" schedule tree") : tr(" dependence graph"));
        // A figure for a document shows the schedule, not what happened to
        // be clicked: drop the selection's outlines while exporting.
        Selection *sel = m_explorer->selection();
        const QStringList statements = sel->statements();
        const bool hasNode = sel->hasTreeNode();
        const std::vector<int> node = sel->treeNode();
        const int edge = sel->edge(), violation = sel->violation();
        sel->clear();
        ok = view->exportTo(path, title, &error);
        sel->selectViolation(violation, edge, statements, hasNode, node);
    }
    if (!ok)
        showError(tr("Export failed"), error.toHtmlEscaped());
    return ok;
}

void MainWindow::addRecent(const QString &path)
{
    if (path.startsWith(QLatin1Char(':')))
        return; // a bundled sample: no directory to remember
    m_lastDir = QFileInfo(path).absolutePath();
    m_recent->add(path);
}

} // namespace se
