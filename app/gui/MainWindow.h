// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisSnapshot.h"

#include <QMainWindow>

class QAction;
class QActionGroup;
class QComboBox;
class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QToolButton;

namespace se {

class Autosave;
class AutosaveRecovery;
class DependenceGraphView;
class DependencesView;
class Explorer;
class HistoryView;
class IterationSpaceView;
class KernelView;
class LoopNestView;
class MovesView;
class RecentFilesMenu;
class ScheduleTreeView;
class ViolationsView;
struct AnalysisError;

/// The Schedule Explorer window: the schedule tree in the middle, docks
/// for the kernel, the dependence graph, the loop nest, violations and
/// dependences, legal moves and history; menus, toolbar and status bar.
/// All state lives in the Explorer; the window only shows it and forwards
/// the user's actions.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Of the saved dock layout; bump when the docks change.
    static constexpr int StateVersion = 2;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Explorer *explorer() const { return m_explorer; }
    ScheduleTreeView *treeView() const { return m_tree; }
    DependenceGraphView *graphView() const { return m_graph; }
    ViolationsView *violationsView() const { return m_violations; }
    LoopNestView *loopNestView() const { return m_nest; }
    KernelView *kernelView() const { return m_kernel; }
    MovesView *movesView() const { return m_moves; }
    IterationSpaceView *iterationSpaceView() const { return m_space; }

    /// Without message boxes (tests): errors go to the status bar and lastError().
    void setInteractive(bool on) { m_interactive = on; }
    const QString &lastError() const { return m_lastError; }

    /// Opens a kernel (optionally with a schedule and edits), a session, or
    /// a bundled sample (`:/samples/NAME.json`). Errors are shown.
    bool openKernel(const QString &path, const QString &scheduleFile = {}, const QString &editsFile = {});
    bool openSession(const QString &path);
    /// Decides by content: a session, an edit script, a schedule or a kernel.
    bool openAny(const QString &path);
    bool loadSchedule(const QString &path);
    bool loadEdits(const QString &path);
    bool saveSession(const QString &path);
    enum class Export {
        ScheduleYaml,
        ScheduleMap,
        EditScript,
        KernelJson,
        C,
        TreeSvg,
        TreePng,
        GraphSvg,
        GraphPng,
        Jscop,
        SpaceSvg,
        SpacePng
    };
    /// Writes an export (atomically); false with the error shown.
    bool exportFile(Export what, const QString &path);
    /// The document's schedule as YAML or C, parametric unless the export
    /// menu's "Keep Fixed Parameter Values" is checked.
    /// ScheduleYaml, ScheduleMap or C.
    std::string parametricExport(const AnalysisSnapshot &s, Export what, QString *error) const;
    /// Adds a view as a dock (remembered in the layout, listed in the View
    /// menu): how later views, such as an iteration-space plot, plug in.
    QDockWidget *addViewDock(const QString &title, const QString &name, QWidget *content, Qt::DockWidgetArea area);
    // Autosave and crash recovery (MainWindowAutosave.cpp)
    Autosave *autosave() const { return m_autosave; }
    AutosaveRecovery *recovery() const { return m_recovery; }
    /// The bundled samples, by resource path.
    static QStringList samples();
    static QString defaultSample();
    /// The bundled schedules of a sample (`:/samples/schedules/NAME.CASE.map`).
    static QStringList sampleSchedules(const QString &sample);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createViews();
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    /// Keeps the tree at least 40% of the window's width.
    void balanceDocks();
    void restoreSettings();

    void onSnapshot(const AnalysisSnapshotPtr &snapshot);
    /// The status bar's "checked HH:MM:SS (N ms)", and whether the nest is still on its way.
    void showCheckedAt(const AnalysisSnapshotPtr &snapshot);
    void onDocumentChanged();
    void onFailed(const AnalysisError &error);
    void updateActions();
    void showError(const QString &title, const QString &text);
    void showTreeMenu(const std::vector<int> &path, const QPoint &globalPos);

    // Teaching and interop, issue 8 (MainWindowTeaching.cpp)
    /// The iteration-space dock (tabbed with the graph) and the edges' menus.
    void createTeachingViews();
    /// Assume absent / stop assuming, on a dependence edge.
    void showEdgeMenu(int edge, const QPoint &globalPos);
    void importJscopDialog();
    /// The current schedule as a JSCoP; empty with `error` set on failure.
    std::string jscopText(QString *error) const;
    /// The verdict label: legal, legal assuming overrides, or violations.
    void showVerdict(const CheckReport &report);
    /// "illegal" before the count: `report` names one violated edge.
    void showFirstViolation(const CheckReport &report);
    /// Heads a schedule or C export with the overrides it was judged under
    /// (comments isl and C read past).
    static std::string withAssumptions(const AnalysisSnapshot &s, Export what, std::string text);

    // Files (MainWindowFiles.cpp)
    void openDialog();
    void loadScheduleDialog();
    void loadEditsDialog();
    void openSessionDialog();
    bool save();
    bool saveAs();
    /// Asks to save unsaved edits; false when the user cancels.
    bool maybeSave();
    /// Asks for a path, then exportFile().
    void exportDialog(Export what);
    /// Writes the regenerated kernel asked for while the nest was left out,
    /// once `s` has it.
    void finishNestExport(const AnalysisSnapshotPtr &s);
    /// Forgets an export waiting for its nest, saying why in the status bar.
    void dropNestExport(const QString &why);
    void addRecent(const QString &path);
    QString dialogDir() const;
    void createAutosave();

    Explorer *m_explorer;
    ScheduleTreeView *m_tree = nullptr;
    DependenceGraphView *m_graph = nullptr;
    LoopNestView *m_nest = nullptr;
    bool m_nestShown = true; ///< the loop nest's dock is visible (as Explorer assumes until told)
    ViolationsView *m_violations = nullptr;
    DependencesView *m_dependences = nullptr;
    KernelView *m_kernel = nullptr;
    MovesView *m_moves = nullptr;
    HistoryView *m_history = nullptr;
    IterationSpaceView *m_space = nullptr;
    QList<QDockWidget *> m_docks;
    QDockWidget *m_violationsDock = nullptr;
    QByteArray m_defaultState;

    RecentFilesMenu *m_recent = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_open, *m_openSession, *m_save, *m_saveAs, *m_loadSchedule, *m_loadEdits, *m_quit;
    QAction *m_importJscop = nullptr;
    QAction *m_undo, *m_redo, *m_reset, *m_suggest, *m_interchange, *m_tile, *m_stop;
    QAction *m_repair = nullptr, *m_makePermutable = nullptr; ///< routes to legality (docs/routes.md)
    QAction *m_fixAll, *m_releaseAll, *m_resetLayout, *m_fit, *m_zoomIn, *m_zoomOut;
    QActionGroup *m_modeGroup = nullptr;
    QAction *m_modeMay = nullptr, *m_modeFlow = nullptr;
    QList<QAction *> m_exports;
    QAction *m_exportFixed = nullptr; ///< YAML and C keep the fixed parameter values
    QComboBox *m_modeCombo = nullptr;

    QLabel *m_verdict = nullptr;
    QLabel *m_modeLabel = nullptr;
    QLabel *m_timeLabel = nullptr;
    QToolButton *m_stopButton = nullptr;

    KernelPtr m_viewKernel; ///< the kernel the Kernel dock shows
    QString m_nestExport; ///< where the regenerated kernel goes once its nest is made
    bool m_interactive = true;
    QString m_lastError;
    QString m_lastDir;
    QString m_lastNote; ///< the schedule reader's note last shown
    QString m_violationMessage; ///< the selected violation's message in the status bar
    Autosave *m_autosave = nullptr;
    AutosaveRecovery *m_recovery = nullptr;
};

} // namespace se
