// SPDX-License-Identifier: MIT
#include "MainWindow.h"
#include "DockWatcher.h"

#include "widgets/views/DependenceGraphView.h"
#include "widgets/views/DependencesView.h"
#include "widgets/document/Explorer.h"
#include "widgets/views/HistoryView.h"
#include "widgets/common/KernelText.h"
#include "widgets/views/KernelView.h"
#include "widgets/views/LoopNestView.h"
#include "widgets/views/MovesView.h"
#include "widgets/actions/NodeActions.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/views/ViolationsView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

namespace se {

namespace {

QDockWidget *dock(QMainWindow *w, const QString &title, const QString &name, QWidget *content)
{
    auto *d = new QDockWidget(title, w);
    d->setObjectName(name); // saveState/restoreState key
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    // Opened again from the View menu, a dock that shares a tab group comes
    // back as a tab behind the current one: bring it to the front, as asked.
    QObject::connect(
        d->toggleViewAction(), &QAction::triggered, d,
        [d](bool shown) {
            if (shown)
                d->raise();
        },
        Qt::QueuedConnection);
    return d;
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_explorer(new Explorer(this))
{
    setWindowTitle(tr("Schedule Explorer"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/schedule-explorer.svg")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    createViews();
    createActions();
    m_violations->addAction(m_repair); // a violation row's context menu
    createMenus();
    createToolBar();
    createStatusBar();
    createTeachingViews();
    createAutosave();

    connect(m_explorer, &Explorer::snapshotChanged, this, &MainWindow::onSnapshot);
    connect(m_explorer, &Explorer::verdictReady, this, [this](const AnalysisSnapshotPtr &s) {
        // The verdict as soon as it is known; the views follow. Ahead of
        // it, an illegal schedule's first violated edge.
        if (s->firstViolationOnly) {
            showFirstViolation(s->report);
            m_timeLabel->setText(tr("violated after %1 ms; checking the other edges\u2026").arg(s->elapsedMs));
            return;
        }
        showVerdict(s->report);
        m_timeLabel->setText(tr("checked in %1 ms; updating the views\u2026").arg(s->elapsedMs));
    });
    connect(m_explorer, &Explorer::documentChanged, this, &MainWindow::onDocumentChanged);
    connect(m_explorer, &Explorer::analysisFailed, this, &MainWindow::onFailed);
    connect(m_explorer, &Explorer::jobFailed, this,
            [this](const AnalysisError &e) { statusBar()->showMessage(e.message, 10000); });
    connect(m_explorer, &Explorer::analysisStopped, this, [this](const QString &reason) {
        dropNestExport(tr("stopped"));
        m_verdict->setText(reason.startsWith(QLatin1String("stopped: too large")) ? tr("stopped: too large")
                                                                                  : tr("stopped"));
        m_verdict->setToolTip(reason);
        m_verdict->setStyleSheet(QStringLiteral("QLabel { background: #ef6c00; color: white; padding: 1px 8px; "
                                                "border-radius: 3px; font-weight: bold; }"));
    });
    connect(m_explorer, &Explorer::nestReady, this, [this](const AnalysisSnapshotPtr &s) {
        m_nest->setSnapshot(s);
        showCheckedAt(s);
        if (!s->nestError.empty())
            statusBar()->showMessage(QString::fromStdString(s->nestError), 8000);
        updateActions();
        finishNestExport(s);
    });
    connect(m_explorer, &Explorer::busyChanged, this, [this](bool busy) {
        m_stop->setEnabled(busy);
        if (busy) {
            m_timeLabel->setText(tr("checking\u2026"));
        } else if (const AnalysisSnapshotPtr &s = m_explorer->snapshot()) {
            // A rejected or stopped check leaves the last one shown: say when
            // that was (a new snapshot overwrites this with its own time).
            m_timeLabel->setText(
                tr("checked %1 (%2 ms)").arg(s->checkedAt.toString(QStringLiteral("HH:mm:ss"))).arg(s->elapsedMs));
        } else {
            m_timeLabel->clear();
        }
    });
    connect(m_explorer, &Explorer::kernelReloaded, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    connect(m_explorer, &Explorer::repairing, this, [this] { statusBar()->showMessage(tr("Looking for a repair…")); });
    connect(m_explorer, &Explorer::repairFinished, this, [this](bool applied, const QString &message) {
        statusBar()->showMessage(applied ? tr("Repaired: %1").arg(message) : tr("No repair: %1").arg(message),
                                 applied ? 15000 : 30000);
    });
    connect(m_explorer, &Explorer::suggesting, this, [this](bool running) {
        m_suggest->setEnabled(!running);
        if (running)
            statusBar()->showMessage(tr("Running isl's scheduler\u2026"));
        else
            statusBar()->clearMessage();
    });
    connect(m_explorer->selection(), &Selection::changed, this, &MainWindow::updateActions);
    connect(m_explorer->selection(), &Selection::changed, this, [this] {
        // The selected violation's message, in words, where the eye rests.
        const int v = m_explorer->selection()->violation();
        const AnalysisSnapshotPtr &s = m_explorer->snapshot();
        if (s && v >= 0 && v < static_cast<int>(s->report.violations.size())) {
            m_violationMessage =
                KernelText::withBufferNames(s->kernel.get(), s->report.violations[static_cast<std::size_t>(v)].message);
            statusBar()->showMessage(m_violationMessage);
        } else if (!m_violationMessage.isEmpty()) {
            // The violation is gone (undone, repaired, deselected): so is its message.
            if (statusBar()->currentMessage() == m_violationMessage)
                statusBar()->clearMessage();
            m_violationMessage.clear();
        }
    });
    m_defaultState = saveState(StateVersion);
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    // After the docks have their new sizes.
    QMetaObject::invokeMethod(this, &MainWindow::balanceDocks, Qt::QueuedConnection);
}

void MainWindow::balanceDocks()
{
    // The tree is what the window is for: on a small screen (1024 x 700) the
    // side docks, sized for 1400 px, would leave it a strip. Give it at
    // least 40% of the width, taking from both sides.
    const int w = width();
    if (m_docks.size() < 3 || !m_tree->isVisible() || m_tree->width() >= w * 2 / 5)
        return;
    QList<QDockWidget *> docks;
    QList<int> sizes;
    for (QDockWidget *d : {m_docks[0], m_docks[2]}) // kernel (left), graph (right)
        if (d->isVisible() && !d->isFloating()) {
            docks << d;
            sizes << (d == m_docks[0] ? w * 23 / 100 : w * 30 / 100);
        }
    if (!docks.isEmpty())
        resizeDocks(docks, sizes, Qt::Horizontal);
}

void MainWindow::createViews()
{
    Selection *sel = m_explorer->selection();
    m_tree = new ScheduleTreeView(sel, this);
    m_graph = new DependenceGraphView(sel, this);
    m_nest = new LoopNestView(sel, this);
    m_violations = new ViolationsView(sel, this);
    m_violations->setContextMenuPolicy(Qt::ActionsContextMenu); // Repair Schedule (added with the actions)
    m_dependences = new DependencesView(sel, this);
    m_kernel = new KernelView(sel, this);
    m_moves = new MovesView(m_explorer, this);
    m_history = new HistoryView(m_explorer, this);
    setCentralWidget(m_tree);
    m_tree->setPlaceholder(
        tr("No kernel is open.\n\nFile \u203a Open\u2026 a kernel (JSON), or File \u203a Open Sample."));

    QDockWidget *kernel = dock(this, tr("Kernel"), QStringLiteral("kernel"), m_kernel);
    QDockWidget *history = dock(this, tr("History"), QStringLiteral("history"), m_history);
    QDockWidget *graph = dock(this, tr("Dependence graph"), QStringLiteral("graph"), m_graph);
    QDockWidget *nest = dock(this, tr("Loop nest"), QStringLiteral("nest"), m_nest);
    m_violationsDock = dock(this, tr("Violations"), QStringLiteral("violations"), m_violations);
    QDockWidget *deps = dock(this, tr("Dependences"), QStringLiteral("dependences"), m_dependences);
    QDockWidget *moves = dock(this, tr("Legal moves"), QStringLiteral("moves"), m_moves);
    m_docks = {kernel, history, graph, nest, m_violationsDock, deps, moves};

    addDockWidget(Qt::LeftDockWidgetArea, kernel);
    addDockWidget(Qt::LeftDockWidgetArea, moves); // below the kernel
    tabifyDockWidget(kernel, history);
    addDockWidget(Qt::RightDockWidgetArea, graph);
    addDockWidget(Qt::RightDockWidgetArea, nest);
    splitDockWidget(graph, nest, Qt::Vertical);
    // A hidden or tabbed-away loop nest is not generated until it shows (issue 15).
    // Its isl tab's flat map too, until that tab shows.
    m_explorer->setMapWanted(false);
    new DockWatcher(nest, [this](bool shown) {
        m_nestShown = shown;
        m_explorer->setNestWanted(shown);
        m_explorer->setMapWanted(shown && m_nest->islShown());
    });
    connect(m_nest, &QTabWidget::currentChanged, this,
            [this] { m_explorer->setMapWanted(m_nestShown && m_nest->islShown()); });
    connect(m_explorer, &Explorer::mapReady, m_nest, &LoopNestView::setSnapshot);
    // So is the dependence graph: laid out when its dock shows.
    new DockWatcher(graph, [this](bool shown) { m_explorer->setGraphWanted(shown); });
    connect(m_explorer, &Explorer::graphReady, m_graph, &DependenceGraphView::setSnapshot);
    addDockWidget(Qt::BottomDockWidgetArea, m_violationsDock);
    tabifyDockWidget(m_violationsDock, deps);
    kernel->raise();
    m_violationsDock->raise();
    // The bottom dock sits under the tree only; the side docks keep their height.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resize(1400, 900);
    resizeDocks({kernel, graph}, {320, 520}, Qt::Horizontal);
    resizeDocks({kernel, moves}, {520, 260}, Qt::Vertical);
    resizeDocks({graph, nest}, {430, 350}, Qt::Vertical);
    resizeDocks({m_violationsDock}, {190}, Qt::Vertical);

    connect(m_tree, &ScheduleTreeView::nodeMenuRequested, this, &MainWindow::showTreeMenu);
    connect(m_tree, &ScheduleTreeView::filterDropped, this,
            [this](const std::vector<int> &sequence, int child, int to) {
                m_explorer->applyEdit(Edit::move(sequence, child, to));
            });
    // The inline member-expression editor's edits (double-click a cell).
    connect(m_tree, &ScheduleTreeView::editRequested, m_explorer, &Explorer::applyEdit);
    connect(m_kernel, &KernelView::fixedParamsEdited, m_explorer, &Explorer::setFixedParams);
}

QDockWidget *MainWindow::addViewDock(const QString &title, const QString &name, QWidget *content,
                                     Qt::DockWidgetArea area)
{
    QDockWidget *d = dock(this, title, name, content);
    addDockWidget(area, d);
    d->show(); // a child added to a window already shown stays hidden otherwise
    m_docks << d;
    if (m_viewMenu)
        m_viewMenu->insertAction(m_viewMenu->actions().value(m_docks.size() - 1), d->toggleViewAction());
    return d;
}

void MainWindow::createStatusBar()
{
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_modeLabel = new QLabel(this);
    m_timeLabel = new QLabel(this);
    m_timeLabel->setObjectName(QStringLiteral("checkedAt"));
    m_stopButton = new QToolButton(this);
    m_stopButton->setDefaultAction(m_stop);
    m_stopButton->setAutoRaise(true);
    statusBar()->addPermanentWidget(m_timeLabel);
    statusBar()->addPermanentWidget(m_modeLabel);
    statusBar()->addPermanentWidget(m_stopButton);
    statusBar()->addPermanentWidget(m_verdict);
}

void MainWindow::restoreSettings()
{
    QSettings s;
    if (s.contains(QStringLiteral("window/geometry")))
        restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    if (s.contains(QStringLiteral("window/state")))
        restoreState(s.value(QStringLiteral("window/state")).toByteArray(), StateVersion);
    m_lastDir = s.value(QStringLiteral("files/lastDir"), QDir::homePath()).toString();
}

void MainWindow::onSnapshot(const AnalysisSnapshotPtr &s)
{
    m_tree->setSnapshot(s);
    m_graph->setSnapshot(s);
    m_nest->setSnapshot(s);
    m_violations->setSnapshot(s);
    m_dependences->setSnapshot(s);
    m_kernel->setBounds(s->report.bounds);
    showVerdict(s->report);
    // How a JSCoP's statements were matched, once per schedule.
    const QString note = QString::fromStdString(s->scheduleNotes.empty() ? std::string() : s->scheduleNotes.front());
    if (note != m_lastNote && !note.isEmpty())
        statusBar()->showMessage(note, 10000);
    m_lastNote = note;
    QStringList fixed;
    for (const auto &[n, v] : s->fixedParams)
        fixed << QStringLiteral("%1=%2").arg(QString::fromStdString(n)).arg(v);
    m_modeLabel->setText(
        tr("deps: %1%2")
            .arg(s->mode == DepMode::Flow ? tr("flow") : tr("may"),
                 fixed.isEmpty() ? QString() : QStringLiteral(" \u00b7 ") + fixed.join(QLatin1Char(' '))));
    showCheckedAt(s);
    if (!s->nestError.empty())
        statusBar()->showMessage(QString::fromStdString(s->nestError), 8000);
    updateActions();
    finishNestExport(s);
}

void MainWindow::showCheckedAt(const AnalysisSnapshotPtr &s)
{
    // While the loop nest is generated the check is done but the app is not.
    m_timeLabel->setText(
        tr("checked %1 (%2 ms)").arg(s->checkedAt.toString(QStringLiteral("HH:mm:ss"))).arg(s->elapsedMs)
        + (s->nestPending ? tr(" \u00b7 generating the loop nest\u2026") : QString()));
}

void MainWindow::onDocumentChanged()
{
    const KernelPtr &k = m_explorer->kernel();
    // Until the first picture arrives the empty tree says what is going on.
    if (k)
        m_tree->setPlaceholder(tr("Analysing %1\u2026").arg(QString::fromStdString(k->name)));
    if (k != m_viewKernel) {
        if (m_viewKernel)
            dropNestExport(tr("another kernel was opened"));
        m_viewKernel = k;
        m_kernel->setKernel(k, m_explorer->session().fixedParams);
    } else {
        m_kernel->setFixed(m_explorer->session().fixedParams);
    }
    const bool flow = m_explorer->session().mode == DepMode::Flow;
    (flow ? m_modeFlow : m_modeMay)->setChecked(true);
    m_modeCombo->setCurrentIndex(flow ? 1 : 0);
    QString title = k ? QString::fromStdString(k->name) : tr("(no kernel)");
    if (!m_explorer->sessionPath().isEmpty())
        title += QStringLiteral(" (%1)").arg(QFileInfo(m_explorer->sessionPath()).fileName());
    setWindowTitle(title + QStringLiteral("[*] \u2014 Schedule Explorer"));
    setWindowModified(m_explorer->isModified());
    updateActions();
}

void MainWindow::onFailed(const AnalysisError &e)
{
    dropNestExport(tr("the analysis failed"));
    // The badge may say "violated..." of the schedule that failed: it goes
    // back to the verdict of the one still shown.
    if (const AnalysisSnapshotPtr shown = m_explorer->snapshot()) {
        showVerdict(shown->report);
        showCheckedAt(shown);
    } else {
        m_verdict->clear();
        m_verdict->setStyleSheet(QString());
        m_verdict->setToolTip(QString());
        m_timeLabel->clear();
    }
    QString text;
    if (e.kind == AnalysisError::Kind::Input) {
        text = tr("<b>%1</b>").arg(e.file.toHtmlEscaped());
        if (!e.place.isEmpty())
            text += tr("<br>at %1").arg(e.place.toHtmlEscaped());
        text += QStringLiteral("<br><br>") + e.fault.toHtmlEscaped();
    } else {
        text = e.message.toHtmlEscaped();
    }
    if (m_explorer->fellBackToOriginal()) {
        // Opened with a schedule (or edits) that do not fit: the kernel is
        // shown with its original schedule, and the window says so for good.
        text += tr("<br><br>Showing the kernel's <b>original schedule</b> instead.");
        showError(tr("The schedule was not used"), text);
        statusBar()->showMessage(tr("The schedule given could not be used (%1); showing the original schedule")
                                     .arg(e.kind == AnalysisError::Kind::Input ? e.fault : e.message));
        return;
    }
    text += tr("<br><br>Nothing was changed.");
    showError(tr("The change was not applied"), text);
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    if (m_interactive)
        QMessageBox::warning(this, title, text);
    else
        statusBar()->showMessage(title, 10000);
}

void MainWindow::updateActions()
{
    const bool has = m_explorer->kernel() != nullptr;
    const AnalysisSnapshotPtr &s = m_explorer->snapshot();
    for (QAction *a :
         {m_save, m_saveAs, m_loadSchedule, m_loadEdits, m_importJscop, m_reset, m_suggest, m_fixAll, m_releaseAll})
        a->setEnabled(has);
    for (QAction *a : m_exports)
        a->setEnabled(s != nullptr);
    // Regenerated kernel and C only when code generation succeeded.
    if (s && m_exports.size() >= 5) {
        m_exports[3]->setEnabled(!s->nestKernelJson.empty() || s->nestDeferred);
        m_exports[4]->setEnabled(!s->nestC.empty() || s->nestDeferred);
    }
    bool band = false, childBand = false;
    if (s && m_explorer->selection()->hasTreeNode()) {
        const int k = s->tree.find(m_explorer->selection()->treeNode());
        if (k >= 0) {
            const auto &n = s->tree.nodes[static_cast<std::size_t>(k)];
            band = n.kind == ScheduleTreeSnapshot::Kind::Band;
            childBand = band && n.children.size() == 1
                && s->tree.nodes[static_cast<std::size_t>(n.children[0])].kind == ScheduleTreeSnapshot::Kind::Band;
        }
    }
    m_interchange->setEnabled(childBand);
    m_repair->setEnabled(s && !s->report.legal);
    m_makePermutable->setEnabled(band);
    m_tile->setEnabled(band);
}

void MainWindow::showTreeMenu(const std::vector<int> &path, const QPoint &globalPos)
{
    QMenu menu(this);
    if (NodeActions::populate(&menu, m_explorer, path, this))
        menu.exec(globalPos);
}

} // namespace se
