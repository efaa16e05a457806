// SPDX-License-Identifier: MIT
#include "MainWindow.h"

#include "widgets/DependenceGraphView.h"
#include "widgets/DependencesView.h"
#include "widgets/Explorer.h"
#include "widgets/HistoryView.h"
#include "widgets/KernelView.h"
#include "widgets/LoopNestView.h"
#include "widgets/MovesView.h"
#include "widgets/NodeActions.h"
#include "widgets/ScheduleTreeView.h"
#include "widgets/Selection.h"
#include "widgets/ViolationsView.h"

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

constexpr int StateVersion = 1;

QIcon icon(const char *resource, QStyle::StandardPixmap fallback)
{
    const QString path = QStringLiteral(":/icons/") + QLatin1String(resource) + QStringLiteral(".svg");
    if (QFile::exists(path))
        return QIcon(path);
    return QApplication::style()->standardIcon(fallback);
}

QDockWidget *dock(QMainWindow *w, const QString &title, const QString &name, QWidget *content)
{
    auto *d = new QDockWidget(title, w);
    d->setObjectName(name); // saveState/restoreState key
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                   | QDockWidget::DockWidgetClosable);
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
    createMenus();
    createToolBar();
    createStatusBar();

    connect(m_explorer, &Explorer::snapshotChanged, this, &MainWindow::onSnapshot);
    connect(m_explorer, &Explorer::documentChanged, this, &MainWindow::onDocumentChanged);
    connect(m_explorer, &Explorer::analysisFailed, this, &MainWindow::onFailed);
    connect(m_explorer, &Explorer::jobFailed, this, [this](const AnalysisError &e) {
        statusBar()->showMessage(e.message, 10000);
    });
    connect(m_explorer, &Explorer::analysisStopped, this, [this](const QString &reason) {
        m_verdict->setText(reason.startsWith(QLatin1String("stopped: too large")) ? tr("stopped: too large")
                                                                                 : tr("stopped"));
        m_verdict->setToolTip(reason);
        m_verdict->setStyleSheet(QStringLiteral("QLabel { background: #ef6c00; color: white; padding: 1px 8px; "
                                                "border-radius: 3px; font-weight: bold; }"));
    });
    connect(m_explorer, &Explorer::busyChanged, this, [this](bool busy) {
        m_stop->setEnabled(busy);
        if (busy)
            m_timeLabel->setText(tr("checking\u2026"));
    });
    connect(m_explorer, &Explorer::kernelReloaded, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
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
        if (s && v >= 0 && v < static_cast<int>(s->report.violations.size()))
            statusBar()->showMessage(QString::fromStdString(s->report.violations[static_cast<std::size_t>(v)].message));
    });
    m_defaultState = saveState(StateVersion);
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createViews()
{
    Selection *sel = m_explorer->selection();
    m_tree = new ScheduleTreeView(sel, this);
    m_graph = new DependenceGraphView(sel, this);
    m_nest = new LoopNestView(sel, this);
    m_violations = new ViolationsView(sel, this);
    m_dependences = new DependencesView(sel, this);
    m_kernel = new KernelView(sel, this);
    m_moves = new MovesView(m_explorer, this);
    m_history = new HistoryView(m_explorer, this);
    setCentralWidget(m_tree);

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
    connect(m_kernel, &KernelView::fixedParamsEdited, m_explorer, &Explorer::setFixedParams);
}

void MainWindow::createActions()
{
    m_open = new QAction(icon("open", QStyle::SP_DialogOpenButton), tr("&Open\u2026"), this);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setToolTip(tr("Open a kernel, a session, a schedule or an edit script"));
    connect(m_open, &QAction::triggered, this, &MainWindow::openDialog);
    m_openSession = new QAction(tr("Open &Session\u2026"), this);
    connect(m_openSession, &QAction::triggered, this, &MainWindow::openSessionDialog);
    m_save = new QAction(icon("save", QStyle::SP_DialogSaveButton), tr("&Save Session"), this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &MainWindow::save);
    m_saveAs = new QAction(tr("Save Session &As\u2026"), this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, &MainWindow::saveAs);
    m_loadSchedule = new QAction(tr("Load Sc&hedule\u2026"), this);
    m_loadSchedule->setToolTip(tr("Replace the schedule by an isl schedule tree (YAML) or union map"));
    connect(m_loadSchedule, &QAction::triggered, this, &MainWindow::loadScheduleDialog);
    m_loadEdits = new QAction(tr("Load &Edit Script\u2026"), this);
    connect(m_loadEdits, &QAction::triggered, this, &MainWindow::loadEditsDialog);
    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_undo = m_explorer->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setIcon(icon("undo", QStyle::SP_ArrowBack));
    m_redo = m_explorer->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    m_redo->setIcon(icon("redo", QStyle::SP_ArrowForward));
    m_reset = new QAction(icon("reset", QStyle::SP_BrowserReload), tr("Reset to &Original"), this);
    m_reset->setToolTip(tr("Back to the kernel's original schedule, without edits (undoable)"));
    connect(m_reset, &QAction::triggered, m_explorer, &Explorer::resetSchedule);
    m_suggest = new QAction(icon("suggest", QStyle::SP_DialogHelpButton), tr("S&uggest Schedule"), this);
    m_suggest->setToolTip(tr("Run isl's scheduler (every dependence a validity, proximity and coincidence "
                             "constraint) and use its tree (undoable)"));
    connect(m_suggest, &QAction::triggered, m_explorer, &Explorer::suggestSchedule);
    m_interchange = new QAction(icon("interchange", QStyle::SP_BrowserReload), tr("&Interchange"), this);
    m_interchange->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_interchange->setToolTip(tr("Interchange the selected band with its child band (Ctrl+I)"));
    connect(m_interchange, &QAction::triggered, this, [this] {
        m_explorer->applyEdit(Edit::interchange(m_explorer->selection()->treeNode()));
    });
    m_tile = new QAction(icon("tile", QStyle::SP_FileDialogListView), tr("&Tile\u2026"), this);
    m_tile->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_tile->setToolTip(tr("Tile the selected band (Ctrl+T)"));
    connect(m_tile, &QAction::triggered, this, [this] {
        QMenu menu;
        // The same dialog as the context menu's.
        NodeActions::populate(&menu, m_explorer, m_explorer->selection()->treeNode(), this);
        for (QAction *a : menu.actions())
            if (a->text().startsWith(tr("Tile")))
                a->trigger();
    });
    m_stop = new QAction(icon("stop", QStyle::SP_BrowserStop), tr("&Stop"), this);
    m_stop->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stop->setToolTip(tr("Stop the running analysis"));
    m_stop->setEnabled(false);
    connect(m_stop, &QAction::triggered, m_explorer, &Explorer::cancel);

    m_modeGroup = new QActionGroup(this);
    m_modeMay = new QAction(tr("&May Dependences (RAW, WAR, WAW)"), m_modeGroup);
    m_modeFlow = new QAction(tr("&Flow Dependences Only (value-based)"), m_modeGroup);
    m_modeMay->setCheckable(true);
    m_modeFlow->setCheckable(true);
    m_modeMay->setChecked(true);
    connect(m_modeMay, &QAction::triggered, this, [this] { m_explorer->setMode(DepsMode::May); });
    connect(m_modeFlow, &QAction::triggered, this, [this] { m_explorer->setMode(DepsMode::Flow); });
    m_fixAll = new QAction(tr("Fix &All Parameters"), this);
    m_fixAll->setToolTip(tr("Fix every parameter to its value: pair counts and concrete witnesses"));
    connect(m_fixAll, &QAction::triggered, this, [this] {
        if (!m_explorer->kernel())
            return;
        ParamMap fixed;
        for (const auto &p : m_explorer->kernel()->params)
            fixed[p.name] = m_explorer->session().fixedParams.count(p.name)
                                ? m_explorer->session().fixedParams.at(p.name)
                                : p.value.value_or(p.min.value_or(0));
        for (const auto &r : m_explorer->kernel()->rankParams)
            fixed[r] = m_explorer->session().fixedParams.count(r) ? m_explorer->session().fixedParams.at(r) : 0;
        m_explorer->setFixedParams(fixed);
    });
    m_releaseAll = new QAction(tr("&Release All Parameters"), this);
    m_releaseAll->setToolTip(tr("Analyse for every parameter value (symbolic)"));
    connect(m_releaseAll, &QAction::triggered, this, [this] { m_explorer->setFixedParams({}); });

    m_fit = new QAction(icon("fit", QStyle::SP_TitleBarMaxButton), tr("&Fit Views"), this);
    m_fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_fit, &QAction::triggered, this, [this] {
        m_tree->fit();
        m_graph->fit();
    });
    m_zoomIn = new QAction(tr("Zoom &In"), this);
    m_zoomIn->setShortcut(QKeySequence::ZoomIn);
    connect(m_zoomIn, &QAction::triggered, this, [this] { m_tree->zoomIn(); });
    m_zoomOut = new QAction(tr("Zoom &Out"), this);
    m_zoomOut->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOut, &QAction::triggered, this, [this] { m_tree->zoomOut(); });
    m_resetLayout = new QAction(tr("Reset &Layout"), this);
    connect(m_resetLayout, &QAction::triggered, this, [this] { restoreState(m_defaultState, StateVersion); });
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_open);
    QMenu *samplesMenu = file->addMenu(tr("Open S&ample"));
    for (const QString &s : samples())
        connect(samplesMenu->addAction(QFileInfo(s).completeBaseName()), &QAction::triggered, this,
                [this, s] { openKernel(s); });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(m_openSession);
    file->addSeparator();
    file->addAction(m_loadSchedule);
    file->addAction(m_loadEdits);
    file->addSeparator();
    file->addAction(m_save);
    file->addAction(m_saveAs);
    QMenu *exp = file->addMenu(tr("&Export"));
    const auto addExport = [&](const QString &text, auto &&f) {
        QAction *a = exp->addAction(text);
        connect(a, &QAction::triggered, this, f);
        m_exports << a;
        return a;
    };
    addExport(tr("Schedule as isl &YAML\u2026"), [this] { exportDialog(Export::ScheduleYaml); });
    addExport(tr("Schedule as isl &Union Map\u2026"), [this] { exportDialog(Export::ScheduleMap); });
    addExport(tr("&Edit Script\u2026"), [this] { exportDialog(Export::EditScript); });
    exp->addSeparator();
    addExport(tr("Regenerated &Kernel JSON\u2026"), [this] { exportDialog(Export::KernelJson); });
    addExport(tr("Regenerated &C\u2026"), [this] { exportDialog(Export::C); });
    exp->addSeparator();
    addExport(tr("Tree as &SVG\u2026"), [this] { exportDialog(Export::TreeSvg); });
    addExport(tr("Tree as &PNG\u2026"), [this] { exportDialog(Export::TreePng); });
    addExport(tr("Graph as S&VG\u2026"), [this] { exportDialog(Export::GraphSvg); });
    addExport(tr("Graph as P&NG\u2026"), [this] { exportDialog(Export::GraphPng); });
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(m_interchange);
    edit->addAction(m_tile);
    QMenu *node = edit->addMenu(tr("Selected &Node"));
    connect(node, &QMenu::aboutToShow, this, [this, node] {
        node->clear();
        if (!m_explorer->selection()->hasTreeNode()
            || !NodeActions::populate(node, m_explorer, m_explorer->selection()->treeNode(), this))
            node->addAction(tr("(select a node of the schedule tree)"))->setEnabled(false);
        node->setTitle(tr("Selected &Node"));
    });
    edit->addSeparator();
    edit->addAction(m_suggest);
    edit->addAction(m_reset);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : m_docks)
        m_viewMenu->addAction(d->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fit);
    m_viewMenu->addAction(m_zoomIn);
    m_viewMenu->addAction(m_zoomOut);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_resetLayout);

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    analysis->addAction(m_modeMay);
    analysis->addAction(m_modeFlow);
    analysis->addSeparator();
    analysis->addAction(m_fixAll);
    analysis->addAction(m_releaseAll);
    analysis->addSeparator();
    analysis->addAction(m_stop);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    connect(help->addAction(tr("&About Schedule Explorer")), &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Schedule Explorer"),
                           tr("<b>Schedule Explorer</b> %1<br>See a loop nest's isl schedule tree and dependences, "
                              "edit the schedule, and get an exact legality verdict with a witness after every "
                              "edit.<br>Built on isl, Graphviz and Qt %2.")
                               .arg(QApplication::applicationVersion(), QLatin1String(qVersion())));
    });
}

void MainWindow::createToolBar()
{
    QToolBar *tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setIconSize(QSize(18, 18));
    tb->addAction(m_open);
    tb->addAction(m_save);
    tb->addSeparator();
    tb->addAction(m_undo);
    tb->addAction(m_redo);
    tb->addSeparator();
    tb->addAction(m_interchange);
    tb->addAction(m_tile);
    tb->addAction(m_suggest);
    tb->addAction(m_reset);
    tb->addSeparator();
    tb->addWidget(new QLabel(tr(" Dependences: "), tb));
    m_modeCombo = new QComboBox(tb);
    m_modeCombo->addItem(tr("may (RAW, WAR, WAW)"));
    m_modeCombo->addItem(tr("flow only"));
    m_modeCombo->setToolTip(m_modeMay->toolTip());
    connect(m_modeCombo, &QComboBox::activated, this, [this](int k) {
        m_explorer->setMode(k == 1 ? DepsMode::Flow : DepsMode::May);
    });
    tb->addWidget(m_modeCombo);
    tb->addSeparator();
    tb->addAction(m_fit);
}

void MainWindow::createStatusBar()
{
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_modeLabel = new QLabel(this);
    m_timeLabel = new QLabel(this);
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
    updateRecentMenu();
}

void MainWindow::onSnapshot(const AnalysisSnapshotPtr &s)
{
    m_tree->setSnapshot(s);
    m_graph->setSnapshot(s);
    m_nest->setSnapshot(s);
    m_violations->setSnapshot(s);
    m_dependences->setSnapshot(s);
    const auto &r = s->report;
    if (r.legal) {
        m_verdict->setText(tr("legal"));
        m_verdict->setStyleSheet(QStringLiteral("QLabel { background: #2e7d32; color: white; padding: 1px 8px; "
                                                "border-radius: 3px; font-weight: bold; }"));
        m_verdict->setToolTip(tr("Every dependence is respected"));
    } else {
        m_verdict->setText(r.violations.size() == 1 ? tr("1 violation") : tr("%1 violations").arg(r.violations.size()));
        m_verdict->setStyleSheet(QStringLiteral("QLabel { background: #c62828; color: white; padding: 1px 8px; "
                                                "border-radius: 3px; font-weight: bold; }"));
        m_verdict->setToolTip(tr("%1 of %2 dependence edges violated").arg(r.violations.size()).arg(r.edges.size()));
        m_violationsDock->raise();
    }
    QStringList fixed;
    for (const auto &[n, v] : s->fixedParams)
        fixed << QStringLiteral("%1=%2").arg(QString::fromStdString(n)).arg(v);
    m_modeLabel->setText(tr("deps: %1%2")
                             .arg(s->mode == DepsMode::Flow ? tr("flow") : tr("may"),
                                  fixed.isEmpty() ? QString() : QStringLiteral(" \u00b7 ") + fixed.join(QLatin1Char(' '))));
    m_timeLabel->setText(tr("checked %1 (%2 ms)").arg(s->checkedAt.toString(QStringLiteral("HH:mm:ss"))).arg(s->elapsedMs));
    if (!s->nestError.empty())
        statusBar()->showMessage(QString::fromStdString(s->nestError), 8000);
    updateActions();
}

void MainWindow::onDocumentChanged()
{
    const KernelPtr &k = m_explorer->kernel();
    if (k != m_viewKernel) {
        m_viewKernel = k;
        m_kernel->setKernel(k, m_explorer->session().fixedParams);
    } else {
        m_kernel->setFixed(m_explorer->session().fixedParams);
    }
    const bool flow = m_explorer->session().mode == DepsMode::Flow;
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
    QString text;
    if (e.kind == AnalysisError::Kind::Input) {
        text = tr("<b>%1</b>").arg(e.file.toHtmlEscaped());
        if (!e.place.isEmpty())
            text += tr("<br>at %1").arg(e.place.toHtmlEscaped());
        text += QStringLiteral("<br><br>") + e.fault.toHtmlEscaped();
    } else {
        text = e.message.toHtmlEscaped();
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
    for (QAction *a : {m_save, m_saveAs, m_loadSchedule, m_loadEdits, m_reset, m_suggest, m_fixAll, m_releaseAll})
        a->setEnabled(has);
    for (QAction *a : m_exports)
        a->setEnabled(s != nullptr);
    // Regenerated kernel and C only when code generation succeeded.
    if (s && m_exports.size() >= 5) {
        m_exports[3]->setEnabled(!s->nestKernelJson.empty());
        m_exports[4]->setEnabled(!s->nestC.empty());
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
    m_tile->setEnabled(band);
}

void MainWindow::showTreeMenu(const std::vector<int> &path, const QPoint &globalPos)
{
    QMenu menu(this);
    if (NodeActions::populate(&menu, m_explorer, path, this))
        menu.exec(globalPos);
}

} // namespace se
