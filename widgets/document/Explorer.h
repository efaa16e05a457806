// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/worker/AnalysisRequest.h"
#include "widgets/figures/FigureFonts.h"
#include "widgets/worker/MovesResult.h"
#include "Session.h"

#include <QObject>
#include <QTimer>

class QFileSystemWatcher;
class QUndoStack;

namespace se {

class AnalysisController;
class Selection;

/// The open document and its live analysis: a kernel, a base schedule and
/// the edits on top (a Session), the newest snapshot, the undo stack of
/// schedule changes and the shared selection. Every change is checked on
/// the worker; a change the worker rejects (a bad schedule file, an edit
/// that does not apply) is rolled back and reported, leaving what is shown
/// untouched. Schedule changes become undoable once they have been checked.
class Explorer : public QObject {
    Q_OBJECT
public:
    explicit Explorer(QObject *parent = nullptr);
    ~Explorer() override;

    const Session &session() const { return m_session; }
    const KernelPtr &kernel() const { return m_kernel; }
    const AnalysisSnapshotPtr &snapshot() const { return m_snapshot; }
    bool isBusy() const;
    /// The last failure was a schedule or edits opened with a kernel: the
    /// kernel stays, with its original schedule instead.
    bool fellBackToOriginal() const { return m_fellBack; }
    /// True when the document differs from the session last opened or saved.
    bool isModified() const;
    /// The session file last saved or loaded (empty if none).
    const QString &sessionPath() const { return m_sessionPath; }
    Selection *selection() const { return m_selection; }
    QUndoStack *undoStack() const { return m_undo; }

    void setFonts(const FigureFonts &fonts) { m_fonts = fonts; }
    /// isl operations per unit of work (0: the core's default); applies
    /// from the next analysis.
    void setQuota(unsigned long ops) { m_quota = ops; }
    /// Seconds for one analysis (0: none; default 30).
    void setTimeLimit(double seconds) { m_timeLimit = seconds; }

    /// Opens a kernel with its original schedule, or with a schedule file
    /// and an edit script on top (as on the command line; not undoable).
    /// A bad file leaves everything as it was and returns false with
    /// `error` set; a schedule or edits the worker rejects fall back to the
    /// original schedule (analysisFailed() says why).
    bool openKernel(const QString &path, QString *error, const QString &scheduleFile = {},
                    const QString &editsFile = {});
    /// Replaces the base schedule by a file's (isl YAML tree or union map).
    /// Reading it happens on the worker: a bad file is reported by
    /// analysisFailed() and rolled back.
    bool loadSchedule(const QString &path, QString *error);
    /// Back to the kernel's original schedule with no edits (undoable).
    void resetSchedule();
    bool loadSession(const QString &path, QString *error);
    bool saveSession(const QString &path, QString *error);
    /// The kernel now also lives at `path` (a copy of a bundled sample
    /// written next to a session, so that schedule-tool can open it).
    void relocateKernel(const QString &path);

    /// Appends an edit to the log (undoable once checked; an edit that does
    /// not apply is reported by analysisFailed() and dropped).
    void applyEdit(const Edit &edit);
    /// Replaces the edit log by a script file's edits.
    bool loadEdits(const QString &path, QString *error);
    /// The edit log as an edit script (`{ "kernel": ..., "edits": [...] }`).
    std::string editScriptText() const;
    /// The edits of the log, in order.
    const std::vector<Edit> &edits() const { return m_session.edits; }
    /// Asks for the legal moves at a node (movesReady()).
    /// The moves list asked for last is no longer wanted (no node selected).
    void dropMoves();
    void requestMoves(const std::vector<int> &node);
    /// Runs isl's scheduler; its tree becomes the base schedule (undoable).
    void suggestSchedule();
    /// Appends `edits` to the log as one change (each one undo step).
    void applyEdits(const std::vector<Edit> &edits, const QString &text);
    /// Looks for the best repair toward `goal` ("legal", "permutable" or
    /// "parallel") at `node` on the worker and applies it (repairFinished()
    /// says what was done, or why nothing was).
    void repairSchedule(const QString &goal, const std::vector<int> &node);

    /// Audited dependence overrides (ExplorerOverrides.cpp): the check
    /// ignores an edge assumed absent and names it in the verdict. Part of
    /// the session and the edit script; undoable.
    const std::vector<DependenceOverride> &assumptions() const { return m_session.assumeNoDep; }
    void assumeAbsent(const DependenceOverride &o);
    void removeAssumption(const DependenceOverride &o);
    /// The iteration-space slice every snapshot carries (ExplorerSpace.cpp);
    /// a view setting, not part of the document. Disabled until a view asks.
    const IterationSpaceQuery &spaceQuery() const { return m_spaceQuery; }
    void setSpaceQuery(const IterationSpaceQuery &query);
    /// Whether the loop nest is shown (its dock visible). While it is not,
    /// analyses leave it out (snapshots say nestDeferred); showing it makes
    /// the current one's.
    void setNestWanted(bool wanted);
    bool nestWanted() const { return m_nestWanted; }
    /// The current snapshot's loop nest, if it was left out: true when a
    /// snapshot with it follows (nestReady).
    bool requestNest();
    /// The same for the dependence graph: while its view is hidden the
    /// snapshots leave its figure out (graphDeferred). requestGraph lays
    /// out the current one's in the background (graphReady follows);
    /// graphNow does it at once (for an export).
    void setGraphWanted(bool wanted);
    bool graphWanted() const { return m_graphWanted; }
    bool requestGraph();
    void graphNow();
    /// The same for the flat schedule map of the loop nest's isl tab: while
    /// that tab is not shown, nests come without it (mapDeferred);
    /// requestMap makes the current one's (mapReady follows).
    void setMapWanted(bool wanted);
    bool mapWanted() const { return m_mapWanted; }
    bool requestMap();

    void setFixedParams(const ParamValues &fixed);
    void setMode(DepMode mode);
    /// Stops the running analysis.
    void cancel();
    /// Reanalyses the current document (after a font change, say).
    void refresh();

Q_SIGNALS:
    void snapshotChanged(const se::AnalysisSnapshotPtr &snapshot);
    /// The loop nest of the shown snapshot arrived (or will not: its
    /// nestError says why); the rest of the snapshot is unchanged.
    void nestReady(const se::AnalysisSnapshotPtr &snapshot);
    /// The dependence graph of the shown snapshot was laid out after all;
    /// the rest of the snapshot is unchanged.
    void graphReady(const se::AnalysisSnapshotPtr &snapshot);
    /// The flat schedule map of the shown snapshot was made after all; the
    /// rest of the snapshot is unchanged.
    void mapReady(const se::AnalysisSnapshotPtr &snapshot);
    /// The verdict of the analysis in progress (a snapshot with only its
    /// report, `complete` false), ahead of snapshotChanged: which edges
    /// break, without witnesses, counts or node names (those come after).
    void verdictReady(const se::AnalysisSnapshotPtr &partial);
    void busyChanged(bool busy);
    /// A change was rejected and rolled back.
    void analysisFailed(const se::AnalysisError &error);
    void analysisStopped(const QString &reason);
    /// Kernel, session path or modified state changed.
    void documentChanged();
    /// The kernel file changed on disk: reloaded, or kept with a reason.
    void kernelReloaded(const QString &message);
    void movesReady(const se::MovesResult &moves);
    /// The legal-moves job asked for last failed or hit a limit.
    void movesFailed(const se::AnalysisError &error);
    /// A side job (moves, suggestion) failed.
    void jobFailed(const se::AnalysisError &error);
    /// isl's scheduler is running (true) or done (false).
    void suggesting(bool running);
    /// A repair is being looked for.
    void repairing();
    /// The repair asked for last: what it applied, or why it applied nothing.
    void repairFinished(bool applied, const QString &message);

private:
    friend class ScheduleCommand;
    friend class EditCommand;
    struct Change {
        quint64 generation = 0;
        Session before;
        QString text;
        std::vector<Edit> edits; ///< the change appends these edits to the log, one undo step each
    };

    AnalysisRequest request() const;
    /// The shown snapshot waits for a loop nest that will not come (the
    /// analysis was stopped or overtaken by a failed change): say so.
    void settleNest(const QString &why);
    /// For a deferred part of the shown snapshot when the controller has
    /// moved on (a later analysis failed or was stopped): false while a
    /// newer analysis runs (its snapshot asks again); true when what is
    /// shown is the document and is analysed again; else false, `settle`
    /// called to say the part was not made.
    bool reanalyseShownOr(const std::function<void()> &settle);
    void submit();
    /// Makes `after` the document, checks it, and pushes an undo step once
    /// the check succeeds.
    void change(const Session &after, const QString &text);
    /// Undo/redo: sets the schedule part of the session.
    void applyScheduleState(const Session &from);
    /// Undo/redo of one edit: keeps the log's first `keep` edits, then
    /// appends `edit` if given.
    void applyEditState(std::size_t keep, const Edit *edit);
    void watch(const QString &path);
    /// A new document: `session` on `kernel`, saved as it is (at `sessionPath`,
    /// or nowhere), no undo history, nothing selected; analysed at once.
    void start(const KernelPtr &kernel, const Session &session, const QString &sessionPath);
    void reloadKernel();
    void onFinished(const AnalysisSnapshotPtr &snapshot);
    void onFailed(quint64 generation, const AnalysisError &error);
    static KernelPtr readKernel(const QString &path);

    AnalysisController *m_controller;
    Selection *m_selection;
    QUndoStack *m_undo;
    QFileSystemWatcher *m_watcher;
    QTimer m_reloadTimer;
    FigureFonts m_fonts;
    unsigned long m_quota = 0;
    double m_timeLimit = 30;

    Session m_session; ///< the document as the user made it
    KernelPtr m_kernel;
    Session m_shownSession; ///< what the current snapshot shows
    KernelPtr m_shownKernel;
    Session m_saved; ///< as last opened or saved
    QString m_sessionPath;
    AnalysisSnapshotPtr m_snapshot;
    IterationSpaceQuery m_spaceQuery;
    bool m_nestWanted = true;
    bool m_graphWanted = true;
    bool m_mapWanted = true;
    /// The generation whose map is being made.
    std::optional<quint64> m_mapJob;
    /// Puts the map made for `generation` into the shown snapshot.
    void installMap(quint64 generation, const QString &map);
    /// The shown snapshot's map will not come: its tab says why.
    void settleMap(const QString &why);
    /// The generation whose graph is being laid out in the background.
    std::optional<quint64> m_graphJob;
    /// Puts a graph laid out for `generation` into the shown snapshot.
    void installGraph(quint64 generation, GraphFigure figure);
    std::optional<Change> m_pending;
    bool m_reloading = false;
    bool m_fellBack = false;
    quint64 m_movesJob = 0; ///< the controller's id of the newest moves job
    quint64 m_repairJob = 0; ///< the controller's id of the newest repair job
    bool m_movesDropped = false; ///< nobody waits for that job's list any more
};

} // namespace se
