// SPDX-License-Identifier: MIT
// MainWindow's actions, menus and toolbar.
#include "MainWindow.h"

#include "HelpMenu.h"
#include "RecentFilesMenu.h"
#include "ThemeMenu.h"

#include "widgets/views/DependenceGraphView.h"
#include "widgets/document/Explorer.h"
#include "widgets/actions/NodeActions.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

namespace se {

namespace {

QIcon icon(const char *resource, QStyle::StandardPixmap fallback)
{
    const QString path = QStringLiteral(":/icons/") + QLatin1String(resource) + QStringLiteral(".svg");
    if (QFile::exists(path))
        return QIcon(path);
    return QApplication::style()->standardIcon(fallback);
}

} // namespace

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
    m_importJscop = new QAction(tr("Import &JSCoP Schedule\u2026"), this);
    m_importJscop->setToolTip(tr("Replace the schedule by the per-statement schedules of a JSCoP (Polly)"));
    connect(m_importJscop, &QAction::triggered, this, &MainWindow::importJscopDialog);
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
    m_repair = new QAction(icon("repair", QStyle::SP_DialogApplyButton), tr("&Repair Schedule"), this);
    m_repair->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_repair->setToolTip(tr("Find the smallest legal repair where the first dependence breaks and apply it as "
                            "edits (undoable; docs/routes.md)"));
    connect(m_repair, &QAction::triggered, this, [this] { m_explorer->repairSchedule(QStringLiteral("legal"), {}); });
    m_makePermutable = new QAction(tr("Make Selected Band &Permutable"), this);
    m_makePermutable->setToolTip(tr("Merge, fuse, shift and skew the selected band and the loops below it into "
                                    "one permutable band, so that tiling it is legal"));
    connect(m_makePermutable, &QAction::triggered, this,
            [this] { m_explorer->repairSchedule(QStringLiteral("permutable"), m_explorer->selection()->treeNode()); });
    m_interchange = new QAction(icon("interchange", QStyle::SP_BrowserReload), tr("&Interchange"), this);
    m_interchange->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_interchange->setToolTip(tr("Interchange the selected band with its child band (Ctrl+I)"));
    connect(m_interchange, &QAction::triggered, this,
            [this] { m_explorer->applyEdit(Edit::interchange(m_explorer->selection()->treeNode())); });
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
    m_stop->setObjectName(QStringLiteral("stop"));
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
    connect(m_modeMay, &QAction::triggered, this, [this] { m_explorer->setMode(DepMode::May); });
    connect(m_modeFlow, &QAction::triggered, this, [this] { m_explorer->setMode(DepMode::Flow); });
    m_fixAll = new QAction(tr("Fix &All Parameters"), this);
    m_fixAll->setToolTip(tr("Fix every parameter to its value: pair counts and concrete witnesses"));
    connect(m_fixAll, &QAction::triggered, this, [this] {
        if (!m_explorer->kernel())
            return;
        ParamValues fixed;
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
    for (const QString &s : samples()) {
        // The schedules a sample's description talks about, one step away.
        const QString name = QFileInfo(s).completeBaseName();
        const QStringList schedules = sampleSchedules(s);
        if (schedules.isEmpty()) {
            connect(samplesMenu->addAction(name), &QAction::triggered, this, [this, s] { openKernel(s); });
            continue;
        }
        QMenu *sub = samplesMenu->addMenu(name);
        connect(sub->addAction(tr("original schedule")), &QAction::triggered, this, [this, s] { openKernel(s); });
        for (const QString &f : schedules)
            connect(sub->addAction(QFileInfo(f).completeBaseName().mid(name.size() + 1)), &QAction::triggered, this,
                    [this, s, f] { openKernel(s, f); });
    }
    m_recent = new RecentFilesMenu(file, [this](const QString &path) { openAny(path); });
    file->addAction(m_openSession);
    file->addSeparator();
    file->addAction(m_loadSchedule);
    file->addAction(m_loadEdits);
    file->addAction(m_importJscop);
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
    addExport(tr("Iteration Space as SV&G\u2026"), [this] { exportDialog(Export::SpaceSvg); });
    addExport(tr("Iteration Space as PN&G\u2026"), [this] { exportDialog(Export::SpacePng); });
    // Listed with the other schedule formats (m_exports keeps its order).
    QAction *jscop = addExport(tr("Schedule as &JSCoP (Polly)\u2026"), [this] { exportDialog(Export::Jscop); });
    exp->removeAction(jscop);
    exp->insertAction(exp->actions().value(2), jscop);
    exp->addSeparator();
    m_exportFixed = exp->addAction(tr("Keep &Fixed Parameter Values in YAML and C"));
    m_exportFixed->setCheckable(true);
    m_exportFixed->setToolTip(tr("Off: the YAML and C exports are parametric, whatever values the Kernel dock "
                                 "fixes. On: they hold for those values only. Each says which in its heading."));
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
    edit->addAction(m_repair);
    edit->addAction(m_makePermutable);
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
    new ThemeMenu(m_viewMenu);

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    analysis->addAction(m_modeMay);
    analysis->addAction(m_modeFlow);
    analysis->addSeparator();
    analysis->addAction(m_fixAll);
    analysis->addAction(m_releaseAll);
    analysis->addSeparator();
    analysis->addAction(m_stop);

    new HelpMenu(this);
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
    // The stack's own actions grow "Undo <what>" with every edit and push
    // the rest of the toolbar into the overflow: the toolbar gets short
    // twins whose tooltips carry the long text.
    const auto twin = [this, tb](QAction *of, const QString &text) {
        auto *a = new QAction(of->icon(), text, tb);
        a->setObjectName(of == m_undo ? QStringLiteral("toolUndo") : QStringLiteral("toolRedo"));
        const auto follow = [a, of] {
            a->setEnabled(of->isEnabled());
            a->setToolTip(of->text().remove(QLatin1Char('&'))
                          + QStringLiteral(" (%1)").arg(of->shortcut().toString(QKeySequence::NativeText)));
        };
        connect(of, &QAction::changed, a, follow);
        connect(a, &QAction::triggered, of, &QAction::trigger);
        follow();
        tb->addAction(a);
    };
    twin(m_undo, tr("Undo"));
    twin(m_redo, tr("Redo"));
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
    connect(m_modeCombo, &QComboBox::activated, this,
            [this](int k) { m_explorer->setMode(k == 1 ? DepMode::Flow : DepMode::May); });
    tb->addWidget(m_modeCombo);
    tb->addSeparator();
    tb->addAction(m_fit);
}

} // namespace se
