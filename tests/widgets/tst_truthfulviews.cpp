// SPDX-License-Identifier: MIT
// Issue 12: every view shows the state of the current schedule, or says it
// stopped and why. Loop nest labels follow the statement a line came from
// (the names of the tree, graph and violations); undo leaves no stale
// outline, status message or moves list; a moves job that hits the time
// limit says so; a rejected schedule does not leave "checking..." behind;
// a selected violation puts its witness in the iteration-space picture.
// Offscreen, every model under QAbstractItemModelTester.
#include "WidgetTestUtil.h"
#include "app/gui/HelpMenu.h"
#include "app/gui/MainWindow.h"
#include "widgets/views/DependencesView.h"
#include "widgets/dialogs/BandStatementsDialog.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/dialogs/EditDialogs.h"
#include "widgets/figures/GraphEdgeItem.h"

#include <QTemporaryDir>
#include "widgets/document/Explorer.h"
#include "widgets/figures/IterationSpaceCanvas.h"
#include "widgets/views/IterationSpaceView.h"
#include "widgets/views/KernelView.h"
#include "widgets/views/LoopNestView.h"
#include "widgets/models/MovesModel.h"
#include "widgets/views/MovesView.h"
#include "widgets/models/NaturalSortProxy.h"
#include "widgets/actions/OverrideActions.h"
#include "widgets/models/ParamsModel.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/TreeFigureBuilder.h"
#include "widgets/figures/TreeNodeItem.h"
#include "widgets/models/ViolationsModel.h"
#include "widgets/views/ViolationsView.h"

#include <QAbstractItemModelTester>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTextLayout>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QToolBar>
#include <QUndoStack>
#include <QWidgetAction>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

struct Testers {
    explicit Testers(MainWindow &w)
    {
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
                 w.violationsView()->model(), w.violationsView()->violationsModel(),
                 w.findChild<DependencesView *>()->model(), w.kernelView()->paramsModel(), w.movesView()->movesModel()})
            testers.emplace_back(std::make_unique<QAbstractItemModelTester>(m, mode));
    }
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

QString sample(const char *rel)
{
    return source((std::string("sample-kernels/") + rel).c_str());
}

// The violation of `report` with this type and statements, or -1.
// A window on screen (dock visibility then counts, as for a user), with
// stencil_2d open and analysed.
bool shownWithStencil(MainWindow &w)
{
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    return QTest::qWaitForWindowExposed(&w) && w.openKernel(source("tests/widgets/data/stencil_2d.json"))
        && settle(w.explorer());
}

int violationIndex(const CheckReport &r, const std::string &type, const std::string &src, const std::string &dst)
{
    for (std::size_t k = 0; k < r.violations.size(); ++k)
        if (r.violations[k].type == type && r.violations[k].src == src && r.violations[k].dst == dst)
            return static_cast<int>(k);
    return -1;
}

} // namespace

class tst_TruthfulViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void loopNestLabelsByOrigin();
    void loopNestFollowsTheOtherViews();
    void hiddenLoopNestWaitsUntilShown();
    void hiddenTabsShowTheScheduleWhenShown();
    void islTabAfterARejectedEdit();
    void hiddenGraphIsLaidOutWhenShown();
    void undoLeavesNothingStale();
    void movesSayWhenStopped();
    void failedLoadScheduleIsNotCheckingForever();
    void witnessInThePicture();
    void scheduleOnOpen();
    void naturalSort();
    void bigBandDialogFitsAndFilters();
    void undoToolbarTextStaysShort();
    void menuHeaderIsNotClipped();
    void helpAndTheme();
    void samplesSessionsAndFailedKernel();
    void smallScreenLeavesTheTreeRoom();
    void exportsShowTheScheduleNotTheSelection();
};

void tst_TruthfulViews::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // settings (theme, recent files) stay out of the user's
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
}

void tst_TruthfulViews::loopNestLabelsByOrigin()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(
        w.openKernel(sample("tiled_matmul_sbuf_psum.json"), sample("schedules/tiled_matmul_sbuf_psum.prefetch2.map")));
    QVERIFY(settle(e));
    // Every statement line is labelled by the statement it came from.
    static const QRegularExpression line(QStringLiteral("^\\s*(s\\d+)('*)[ :].*# from (s\\d+)\\["));
    const QString text = w.loopNestView()->nestEdit()->toPlainText();
    int statements = 0, copies = 0;
    for (const QString &l : text.split(QLatin1Char('\n'))) {
        const auto m = line.match(l);
        if (!m.hasMatch())
            continue;
        ++statements;
        copies += m.captured(2).isEmpty() ? 0 : 1;
        QVERIFY2(m.captured(1) == m.captured(3), qPrintable(l));
    }
    QVERIFY(statements >= 5);
    // isl splits s1 (the prefetch runs ahead of the first tiles): its copies carry primes.
    QVERIFY2(copies >= 1, qPrintable(text));

    // The kernel's own README: loading tile n + 2 is a WAR violation s2 -> s1 on SB_alloc.
    const int v = violationIndex(e->snapshot()->report, "WAR", "s2", "s1");
    QVERIFY(v >= 0);
    w.violationsView()->selectViolation(v);
    QCOMPARE(e->selection()->statements(), (QStringList{QStringLiteral("s2"), QStringLiteral("s1")}));
    // People read the kernel's buffer name (SB), not the analysis's SB_alloc.
    const QString said = w.statusBar()->currentMessage();
    QVERIFY2(said.startsWith(QLatin1String("WAR violation on buffer SB: ")) && !said.contains(QLatin1String("_alloc")),
             qPrintable(said));
    QCOMPARE(w.violationsView()->violationsModel()->index(v, ViolationsModel::Allocation).data().toString(),
             QStringLiteral("SB"));
    QCOMPARE(e->snapshot()->report.violations[std::size_t(v)].allocation, std::string("SB_alloc")); // JSON keeps it
    // The tinted lines are exactly the lines of s1 and s2 (and their copies).
    const auto marks = w.loopNestView()->nestEdit()->extraSelections();
    QVERIFY(!marks.isEmpty());
    for (const auto &sel : marks) {
        const QString l = sel.cursor.block().text().trimmed();
        QVERIFY2(l.startsWith(QLatin1String("s1")) || l.startsWith(QLatin1String("s2"))
                     || l.startsWith(QLatin1String("# mark")),
                 qPrintable(l));
        QVERIFY2(!l.startsWith(QLatin1String("s1")) || l.contains(QLatin1String("# from s1[")), qPrintable(l));
        QVERIFY2(!l.startsWith(QLatin1String("s2")) || l.contains(QLatin1String("# from s2[")), qPrintable(l));
    }
}

// Issue 12/15: the views after an edit come before the loop nest (isl's AST
// generation is most of the time on big kernels). Until the nest is there
// the view says it is on its way, never the previous schedule's nest; a
// stop while it is generated leaves the verdict and says why the nest is
// missing.
// Work that is not visible is not done until it is (issue 15): with the
// Loop nest dock closed or tabbed away, an edit leaves the nest out and the
// view says so; showing the dock makes the nest of the schedule shown.
void tst_TruthfulViews::hiddenLoopNestWaitsUntilShown()
{
    MainWindow w;
    QVERIFY(shownWithStencil(w));
    Explorer *e = w.explorer();
    auto *dock = w.findChild<QDockWidget *>(QStringLiteral("nest"));
    QVERIFY(dock);
    QVERIFY(e->nestWanted());
    const std::string original = e->snapshot()->nestText;
    QVERIFY(!original.empty());

    dock->close();
    QTRY_VERIFY(!e->nestWanted());
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    AnalysisSnapshotPtr s = e->snapshot();
    QVERIFY(s->nestDeferred && !s->nestPending);
    QVERIFY(s->nestText.empty() && s->nestError.empty());
    QVERIFY(!s->report.legal); // every other view is there
    QCOMPARE(w.loopNestView()->nestEdit()->toPlainText(),
             QStringLiteral("# The loop nest is generated when this view is shown."));
    const auto *at = w.findChild<QLabel *>(QStringLiteral("checkedAt"));
    QVERIFY2(at && !at->text().contains(QLatin1String("loop nest")), qPrintable(at->text()));

    QSignalSpy nestReady(e, &Explorer::nestReady);
    dock->show();
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->nestPending && !e->snapshot()->nestDeferred, 60000);
    s = e->snapshot();
    QVERIFY(nestReady.count() >= 1);
    QVERIFY(s->nestText.find("with 1 edit") != std::string::npos);
    QVERIFY(s->nestText != original);
    QCOMPARE(w.loopNestView()->nestEdit()->toPlainText(), QString::fromStdString(s->nestText));
    QCOMPARE(w.loopNestView()->cEdit()->toPlainText(), QString::fromStdString(s->nestC));

    // Hidden again, then an edit that does not apply: the window keeps the
    // last good (deferred) snapshot; showing the dock still makes its nest.
    dock->close();
    QTRY_VERIFY(!e->nestWanted());
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->nestDeferred);
    const std::string deferredYaml = e->snapshot()->scheduleYaml;
    QVERIFY(e->snapshot()->scheduleMap.empty()); // made with the nest
    QSignalSpy failed(e, &Explorer::analysisFailed);
    e->applyEdit(Edit::interchange({7, 7})); // no such node
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 60000);
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->nestDeferred);
    dock->show();
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->nestPending && !e->snapshot()->nestDeferred && !e->isBusy(), 60000);
    QCOMPARE(e->snapshot()->scheduleYaml, deferredYaml);
    // (the flat map waits for its own tab, not shown here)
    QVERIFY(e->snapshot()->mapDeferred && e->snapshot()->scheduleMap.empty());
    QVERIFY2(!e->snapshot()->nestText.empty(), e->snapshot()->nestError.c_str());
    e->undoStack()->undo();
    QVERIFY(settle(e));

    // Tabbed behind the graph: not visible either.
    auto *graph = w.findChild<QDockWidget *>(QStringLiteral("graph"));
    QVERIFY(graph);
    w.tabifyDockWidget(dock, graph);
    graph->raise();
    QTRY_VERIFY(!e->nestWanted());
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->nestDeferred);
    dock->raise();
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->nestPending && !e->snapshot()->nestDeferred, 60000);
    QCOMPARE(e->snapshot()->nestText, original);
}

void tst_TruthfulViews::hiddenTabsShowTheScheduleWhenShown()
{
    // The C and isl tabs behind the loop nest get their text when shown
    // (their highlighting cost the GUI thread after every edit), and it is
    // then the current schedule's, never an older one's; the isl tab's flat
    // map is made only then.
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    LoopNestView *view = w.loopNestView();
    QCOMPARE(view->currentIndex(), 0);
    auto *c = qobject_cast<QPlainTextEdit *>(view->widget(1));
    auto *isl = qobject_cast<QPlainTextEdit *>(view->widget(2));
    QVERIFY(c && isl);
    QVERIFY(c->toPlainText().isEmpty()); // never shown: never set
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    const AnalysisSnapshotPtr s = e->snapshot();
    QVERIFY(!s->nestC.empty());
    QVERIFY(c->toPlainText().isEmpty());
    view->setCurrentIndex(1);
    QCOMPARE(c->toPlainText(), QString::fromStdString(s->nestC));
    // The isl tab's flat map is made only when that tab shows, then put in.
    QVERIFY(s->mapDeferred && s->scheduleMap.empty());
    view->setCurrentIndex(2);
    QVERIFY(isl->toPlainText().contains(QStringLiteral("# being made")));
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->mapDeferred, 60000);
    QCOMPARE(e->snapshot()->generation, s->generation);
    QVERIFY(!e->snapshot()->scheduleMap.empty());
    QVERIFY(isl->toPlainText().contains(QString::fromStdString(e->snapshot()->scheduleMap)));
    QVERIFY(isl->toPlainText().endsWith(QString::fromStdString(s->scheduleYaml)));
    // Shown, a tab follows every edit; hidden again, it waits.
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QCOMPARE(isl->toPlainText().section(QLatin1Char('\n'), 1, 1),
             QString::fromStdString(e->snapshot()->scheduleMap).section(QLatin1Char('\n'), 0, 0));
    QVERIFY(c->toPlainText() == QString::fromStdString(s->nestC)); // hidden: the interchanged one
    view->setCurrentIndex(1);
    QCOMPARE(c->toPlainText(), QString::fromStdString(e->snapshot()->nestC));
    QVERIFY(c->toPlainText() != QString::fromStdString(s->nestC));
    view->setCurrentIndex(0);
}

// The isl tab shown only after an edit was rejected: the controller has
// moved past the shown analysis, whose map is still made (never a tab that
// says "being made" for ever).
void tst_TruthfulViews::islTabAfterARejectedEdit()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    LoopNestView *view = w.loopNestView();
    const quint64 shown = e->snapshot()->generation;
    QVERIFY(e->snapshot()->mapDeferred);
    QSignalSpy failed(e, &Explorer::analysisFailed);
    e->applyEdit(Edit::interchange({7, 7})); // no such node
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 60000);
    QVERIFY(settle(e));
    QCOMPARE(e->snapshot()->generation, shown);
    view->setCurrentIndex(2);
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->mapDeferred && !e->isBusy(), 60000);
    const std::string map = e->snapshot()->scheduleMap;
    QVERIFY2(map.rfind("[", 0) == 0 || map.rfind("{", 0) == 0, map.c_str()); // a map, not a note
    QVERIFY(view->islEdit()->toPlainText().contains(QString::fromStdString(map)));
}

void tst_TruthfulViews::loopNestFollowsTheOtherViews()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    const QString before = w.loopNestView()->nestEdit()->toPlainText();
    QVERIFY(!before.startsWith(QLatin1String("# Regenerating")));

    QStringList seen; // the nest view's first line at each stage
    QSignalSpy nestReady(e, &Explorer::nestReady);
    auto record = connect(e, &Explorer::snapshotChanged, this, [&](const AnalysisSnapshotPtr &s) {
        QVERIFY(s->nestPending); // the views first: no nest yet
        QVERIFY(s->nestText.empty() && s->nestC.empty());
        QVERIFY(e->isBusy());
        seen << w.loopNestView()->nestEdit()->toPlainText().section(QLatin1Char('\n'), 0, 0);
        seen << w.loopNestView()->cEdit()->toPlainText().section(QLatin1Char('\n'), 0, 0);
        // The status bar says the check is done and the nest is not.
        const auto *at = w.findChild<QLabel *>(QStringLiteral("checkedAt"));
        QVERIFY(at && at->text().startsWith(QLatin1String("checked ")));
        QVERIFY2(at->text().endsWith(QStringLiteral("generating the loop nest\u2026")), qPrintable(at->text()));
    });
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    disconnect(record);
    QCOMPARE(seen,
             (QStringList{QStringLiteral("# Regenerating the loop nest of this schedule\u2026"),
                          QStringLiteral("/* Regenerating the C of this schedule\u2026 */")}));
    QCOMPARE(nestReady.count(), 1);
    const AnalysisSnapshotPtr s = e->snapshot();
    QVERIFY(!s->nestPending);
    QVERIFY(!s->nestText.empty());
    QCOMPARE(w.loopNestView()->nestEdit()->toPlainText(), QString::fromStdString(s->nestText));
    QCOMPARE(w.loopNestView()->cEdit()->toPlainText(), QString::fromStdString(s->nestC));
    QVERIFY(w.loopNestView()->nestEdit()->toPlainText() != before); // interchanged loops
    const auto *at = w.findChild<QLabel *>(QStringLiteral("checkedAt"));
    QVERIFY2(at && !at->text().contains(QLatin1String("loop nest")), qPrintable(at->text()));

    // Stopped while the nest is generated: the verdict stays, the nest view
    // says it was stopped.
    auto stop = connect(e, &Explorer::snapshotChanged, this, [&](const AnalysisSnapshotPtr &snap) {
        if (snap->nestPending)
            e->cancel();
    });
    e->undoStack()->undo();
    QVERIFY(settle(e));
    disconnect(stop);
    QVERIFY(!e->snapshot()->nestPending);
    QVERIFY(e->snapshot()->report.legal);
    const QString stopped = w.loopNestView()->nestEdit()->toPlainText();
    QVERIFY2(stopped.startsWith(QLatin1String("# no loop nest: the analysis was stopped")), qPrintable(stopped));
    auto *verdict = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(verdict);
    QVERIFY2(!verdict->text().startsWith(QLatin1String("stopped")), qPrintable(verdict->text()));

    // A change rejected while the shown schedule's nest is generated cuts
    // that nest short: it is generated again, not left "regenerating".
    QSignalSpy failed(e, &Explorer::analysisFailed);
    auto reject = connect(e, &Explorer::snapshotChanged, this, [&](const AnalysisSnapshotPtr &snap) {
        if (snap->nestPending && failed.isEmpty())
            e->applyEdit(Edit::tile({0, 0, 0, 0}, {4})); // no band there: rejected
    });
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    disconnect(reject);
    QCOMPARE(failed.count(), 1);
    QVERIFY(!e->snapshot()->nestPending);
    QVERIFY(!e->snapshot()->nestText.empty());
    QCOMPARE(w.loopNestView()->nestEdit()->toPlainText(), QString::fromStdString(e->snapshot()->nestText));
}

// The dependence graph is not laid out while its dock is hidden (issue 15);
// showing the dock, or exporting the graph, lays out the shown snapshot's.
void tst_TruthfulViews::hiddenGraphIsLaidOutWhenShown()
{
    QTemporaryDir dir;
    MainWindow w;
    QVERIFY(shownWithStencil(w));
    Explorer *e = w.explorer();
    auto *dock = w.findChild<QDockWidget *>(QStringLiteral("graph"));
    QVERIFY(dock);
    QVERIFY(e->graphWanted());
    QVERIFY(!e->snapshot()->graphDeferred);
    const std::size_t drawn = w.graphView()->edgeItems().size();
    QVERIFY(drawn > 0);

    // Tabbed behind the loop nest: not on screen.
    auto *nest = w.findChild<QDockWidget *>(QStringLiteral("nest"));
    w.tabifyDockWidget(dock, nest);
    nest->raise();
    QTRY_VERIFY(!e->graphWanted());
    e->applyEdit(Edit::interchange({0})); // illegal: one RAW edge breaks
    QVERIFY(settle(e));
    AnalysisSnapshotPtr s = e->snapshot();
    QVERIFY(s->graphDeferred);
    QVERIFY(s->graphFigure.nodes.empty() && s->graphFigure.edges.empty());
    QVERIFY(w.graphView()->edgeItems().empty());
    QVERIFY(!s->report.legal); // every other view is there

    // An export lays it out at once, from the shown snapshot.
    const QString svg = dir.filePath(QStringLiteral("graph.svg"));
    QVERIFY(w.exportFile(MainWindow::Export::GraphSvg, svg));
    QVERIFY(!e->snapshot()->graphDeferred);
    QCOMPARE(w.graphView()->edgeItems().size(), drawn);
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("<svg"));

    // Undo while hidden, then show the dock: laid out in the background,
    // the violated edges as the report says.
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->graphDeferred);
    e->undoStack()->redo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->graphDeferred);
    QSignalSpy ready(e, &Explorer::graphReady);
    dock->raise();
    QTRY_VERIFY_WITH_TIMEOUT(!e->snapshot()->graphDeferred, 60000);
    QCOMPARE(ready.count(), 1);
    s = e->snapshot();
    QVERIFY(!s->report.legal);
    const std::size_t bad = s->report.violations[0].edge;
    QCOMPARE(w.graphView()->edgeItems().size(), drawn);
    for (auto *item : w.graphView()->edgeItems())
        QCOMPARE(item->color() == GraphEdgeItem::violatedColor(), item->index() == static_cast<int>(bad));

    // Closed, then opened again from the View menu: it shares a tab group
    // (the iteration space), and comes back in front, laid out.
    dock->toggleViewAction()->trigger();
    QTRY_VERIFY(!e->graphWanted());
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->graphDeferred);
    dock->toggleViewAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(e->graphWanted() && !e->snapshot()->graphDeferred, 60000);
    QVERIFY(!dock->visibleRegion().isEmpty());
    QCOMPARE(w.graphView()->edgeItems().size(), drawn);
}

void tst_TruthfulViews::undoLeavesNothingStale()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    e->selection()->selectTreeNode({0}, {QStringLiteral("s0"), QStringLiteral("s1")});
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QVERIFY(!e->snapshot()->report.legal);
    w.violationsView()->selectViolation(0);
    const QString message = QString::fromStdString(e->snapshot()->report.violations[0].message);
    QCOMPARE(w.statusBar()->currentMessage(), message);
    auto *node = w.treeView()->itemAt(e->selection()->treeNode());
    QVERIFY(node);
    QCOMPARE(node->highlight(), TreeNodeItem::Highlight::Broken);

    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    // The violation is gone: not selected, not outlined, not in the status bar.
    QCOMPARE(e->selection()->violation(), -1);
    QVERIFY(!e->selection()->hasTreeNode());
    for (const QGraphicsItem *i : w.treeView()->scene()->items())
        if (i->type() == TreeNodeItem::Type)
            QVERIFY(static_cast<const TreeNodeItem *>(i)->highlight() != TreeNodeItem::Highlight::Broken);
    QVERIFY(w.statusBar()->currentMessage() != message);
    // The moves list of the interchanged schedule is gone too.
    QCOMPARE(w.movesView()->movesModel()->rowCount(), 0);

    // Redo and select the violation again: it follows to the new snapshot
    // by what it is, with its node, when the schedule is re-checked.
    e->undoStack()->redo();
    QVERIFY(settle(e));
    w.violationsView()->selectViolation(0);
    e->setFixedParams({{"N", 6}});
    QVERIFY(settle(e));
    QCOMPARE(e->selection()->violation(), 0);
    QVERIFY(e->selection()->hasTreeNode());
    QCOMPARE(w.statusBar()->currentMessage(), QString::fromStdString(e->snapshot()->report.violations[0].message));
}

void tst_TruthfulViews::movesSayWhenStopped()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    // A time limit nothing can meet: the moves job stops at once.
    e->setTimeLimit(1e-6);
    QSignalSpy failed(e, &Explorer::movesFailed);
    e->selection()->selectTreeNode({0}, {QStringLiteral("s0"), QStringLiteral("s1")});
    QVERIFY(failed.wait(60000));
    const QLabel *header = w.movesView()->findChild<QLabel *>();
    QVERIFY(header);
    QVERIFY2(header->text().startsWith(QLatin1String("Stopped:")), qPrintable(header->text()));
    QVERIFY2(header->text().contains(QLatin1String("time limit")), qPrintable(header->text()));
    QCOMPARE(w.movesView()->movesModel()->rowCount(), 0);
}

void tst_TruthfulViews::failedLoadScheduleIsNotCheckingForever()
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.map"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ s0[i, j] -> [i, j, \n"); // cut short
    }
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    QSignalSpy failed(e, &Explorer::analysisFailed);
    QVERIFY(w.loadSchedule(bad));
    QVERIFY(failed.wait(60000));
    QVERIFY(settle(e));
    // The error says where isl stopped: the map is cut short at the end of
    // line 1 (isl: "unexpected EOF"), in the file's own lines and columns.
    const auto err = failed.first().at(0).value<AnalysisError>();
    QCOMPARE(err.place, QStringLiteral("line 2, column 1"));
    QVERIFY2(w.lastError().contains(QLatin1String("at line 2, column 1")), qPrintable(w.lastError()));
    for (const QLabel *l : w.statusBar()->findChildren<QLabel *>())
        QVERIFY2(!l->text().contains(QLatin1String("checking")), qPrintable(l->text()));
    QVERIFY(!w.isWindowModified());
}

void tst_TruthfulViews::witnessInThePicture()
{
    MainWindow w;
    w.setInteractive(false);
    w.resize(1400, 900);
    w.show();
    Explorer *e = w.explorer();
    QVERIFY(
        w.openKernel(sample("tiled_matmul_sbuf_psum.json"), sample("schedules/tiled_matmul_sbuf_psum.prefetch2.map")));
    QVERIFY(settle(e));
    auto *dock = w.findChild<QDockWidget *>(QStringLiteral("iterationSpace"));
    QVERIFY(dock);
    dock->show();
    dock->raise();
    w.iterationSpaceView()->setActive(true);
    QVERIFY(settle(e));
    const int v = violationIndex(e->snapshot()->report, "WAR", "s2", "s1");
    QVERIFY(v >= 0);
    const Witness witness = e->snapshot()->report.violations[std::size_t(v)].witness;
    // oracle.py: the two instances differ in the shared outer loop n (tile n vs n + 2).
    QVERIFY(witness.src[0] != witness.dst[0]);
    w.violationsView()->selectViolation(v);
    QVERIFY(settle(e));
    const IterationSpace &sp = e->snapshot()->space;
    QVERIFY(sp.statements == (std::vector<std::string>{"s1", "s2"}));
    QVERIFY(sp.hasX);
    QCOMPARE(sp.x.dim, 0); // n is an axis
    QCOMPARE(QString::fromStdString(sp.x.name), QStringLiteral("n"));
    for (const auto &o : sp.others) // the sliders sit on the witness
        if (std::size_t(o.dim) < witness.src.size())
            QCOMPARE(o.value, witness.src[std::size_t(o.dim)]);
    auto *canvas = w.iterationSpaceView()->canvas();
    QVERIFY2(canvas->witnessShown(), qPrintable(canvas->witnessNote()));

    // Move a slider off the witness: the picture says the pair is elsewhere.
    QVERIFY(!sp.others.empty());
    const auto &o = sp.others.front();
    QSlider *slider = w.iterationSpaceView()->sliderFor(o.dim);
    QVERIFY(slider);
    slider->setValue(int(o.value == o.min ? o.max : o.min));
    QVERIFY(settle(e));
    QVERIFY(!canvas->witnessShown());
    QVERIFY2(canvas->witnessNote().contains(QLatin1String("outside this slice")), qPrintable(canvas->witnessNote()));
}

void tst_TruthfulViews::scheduleOnOpen()
{
    {
        // A good --schedule: nothing is unsaved.
        MainWindow w;
        w.setInteractive(false);
        QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json"),
                             source("tests/widgets/data/stencil_2d.interchange.map")));
        QVERIFY(settle(w.explorer()));
        QVERIFY(!w.explorer()->snapshot()->report.legal);
        QVERIFY(!w.explorer()->isModified());
        QVERIFY(!w.isWindowModified());
    }
    // A bad one: the error is shown, the window says the original schedule
    // is shown instead, and still nothing is unsaved.
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.map"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ s9[i] -> [i] }\n"); // no such statement
    }
    MainWindow w;
    w.setInteractive(false);
    QSignalSpy failed(w.explorer(), &Explorer::analysisFailed);
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json"), bad));
    QVERIFY(failed.wait(60000));
    QVERIFY(settle(w.explorer()));
    QVERIFY(w.explorer()->fellBackToOriginal());
    QVERIFY(!w.lastError().isEmpty());
    QVERIFY2(w.statusBar()->currentMessage().contains(QLatin1String("original schedule")),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!w.explorer()->isModified());
    QVERIFY(!w.isWindowModified());
}

void tst_TruthfulViews::naturalSort()
{
    QStandardItemModel m;
    for (const char *s : {"s10 \u2192 s2", "s102 \u2192 s1", "s2 \u2192 s10", "s2 \u2192 s3", "s1 \u2192 s1"})
        m.appendRow(new QStandardItem(QString::fromUtf8(s)));
    NaturalSortProxy p;
    QAbstractItemModelTester tester(&p, QAbstractItemModelTester::FailureReportingMode::QtTest);
    p.setSourceModel(&m);
    p.sort(0);
    QStringList got;
    for (int r = 0; r < p.rowCount(); ++r)
        got << p.index(r, 0).data().toString();
    QCOMPARE(got,
             (QStringList{QString::fromUtf8("s1 \u2192 s1"), QString::fromUtf8("s2 \u2192 s3"),
                          QString::fromUtf8("s2 \u2192 s10"), QString::fromUtf8("s10 \u2192 s2"),
                          QString::fromUtf8("s102 \u2192 s1")}));
}

void tst_TruthfulViews::bigBandDialogFitsAndFilters()
{
    // A band over 257 statements, as in tiled_matmul_64.
    ScheduleTreeSnapshot::Node band;
    band.kind = ScheduleTreeSnapshot::Kind::Band;
    band.path = {0};
    ScheduleTreeSnapshot::Member m;
    for (int k = 0; k < 257; ++k) {
        const std::string s = "s" + std::to_string(k);
        band.statements.push_back(s);
        m.parts.push_back({s, "i"});
    }
    band.members = {m, m};
    bool checked = false;
    QTimer::singleShot(0, [&] {
        QWidget *d = QApplication::activeModalWidget();
        QVERIFY(d);
        const QSize screen = d->screen()->availableGeometry().size();
        QVERIFY2(d->width() <= screen.width() && d->height() <= screen.height(),
                 qPrintable(QStringLiteral("%1 x %2").arg(d->width()).arg(d->height())));
        QPushButton *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isVisible());
        QVERIFY(d->rect().contains(ok->geometry().translated(ok->parentWidget()->mapTo(d, QPoint()))));
        auto *filter = d->findChild<QLineEdit *>(QStringLiteral("filter"));
        QVERIFY(filter && filter->isVisible());
        filter->setText(QStringLiteral("s25"));
        int visible = 0;
        for (QLineEdit *e : d->findChildren<QLineEdit *>())
            if (e != filter && e->isVisibleTo(d))
                ++visible;
        QCOMPARE(visible, 8); // s25, s250 .. s256
        checked = true;
        static_cast<QDialog *>(d)->reject();
    });
    QWidget parent;
    QVERIFY(!EditDialogs::shift(&parent, band, {}));
    QVERIFY(checked);

    // The tooltip is bounded and in program order (isl prints in hash order).
    ScheduleTreeSnapshot tree;
    ScheduleTreeSnapshot::Node shuffled = band;
    std::reverse(shuffled.statements.begin(), shuffled.statements.end());
    std::reverse(shuffled.members[0].parts.begin(), shuffled.members[0].parts.end());
    shuffled.text = std::string(20000, 'x');
    tree.nodes = {shuffled};
    const TreeFigure fig = TreeFigureBuilder::build(tree, band.statements, FigureFonts::defaults());
    const QString tip = fig.nodes.at(0).tooltip;
    QVERIFY2(tip.size() < 2000, qPrintable(QString::number(tip.size())));
    QVERIFY(tip.contains(QLatin1String("statements: s0, s1, s2, s3")));
    QVERIFY(tip.contains(QLatin1String("257 in all")));
    QVERIFY(tip.indexOf(QLatin1String("s0: [")) < tip.indexOf(QLatin1String("s1: [")));

    // "+249 more statements" expands on demand: every row, filterable.
    BandStatementsDialog all(band, 0, band.statements);
    QCOMPARE(all.table()->rowCount(), 257);
    QCOMPARE(all.table()->item(2, 0)->text(), QStringLiteral("s2"));
    all.filter()->setText(QStringLiteral("s25"));
    int shown = 0;
    for (int r = 0; r < all.table()->rowCount(); ++r)
        shown += all.table()->isRowHidden(r) ? 0 : 1;
    QCOMPARE(shown, 8);

    // The Tile dialog starts from the sizes chosen last.
    QTimer::singleShot(0, [] {
        auto *d = static_cast<QDialog *>(QApplication::activeModalWidget());
        for (auto *spin : d->findChildren<QSpinBox *>())
            spin->setValue(8);
        d->accept();
    });
    QVERIFY(EditDialogs::tile(&parent, band));
    int start = 0;
    QTimer::singleShot(0, [&start] {
        auto *d = static_cast<QDialog *>(QApplication::activeModalWidget());
        start = d->findChildren<QSpinBox *>().value(0)->value();
        d->reject();
    });
    QVERIFY(!EditDialogs::tile(&parent, band));
    QCOMPARE(start, 8);
}

void tst_TruthfulViews::undoToolbarTextStaysShort()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    for (int k = 0; k < 3; ++k) {
        e->applyEdit(Edit::interchange({0}));
        QVERIFY(settle(e));
    }
    QCOMPARE(e->undoStack()->count(), 3);
    auto *undo = w.findChild<QAction *>(QStringLiteral("toolUndo"));
    QVERIFY(undo);
    QCOMPARE(undo->text(), QStringLiteral("Undo"));
    QVERIFY(undo->isEnabled());
    QVERIFY(undo->toolTip().contains(QLatin1String("interchange")));
    undo->trigger();
    QVERIFY(settle(e));
    QCOMPARE(e->undoStack()->index(), 2);
}

void tst_TruthfulViews::menuHeaderIsNotClipped()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(sample("tiled_matmul_sbuf_psum.json")));
    QVERIFY(settle(e));
    const auto &edges = e->snapshot()->report.edges;
    QVERIFY(!edges.empty());
    QMenu menu;
    QVERIFY(OverrideActions::populate(&menu, e, int(edges.size()) - 1, &w));
    auto *header = qobject_cast<QWidgetAction *>(menu.actions().value(0));
    QVERIFY(header);
    QWidget *label = header->defaultWidget();
    QVERIFY(label);
    menu.ensurePolished();
    QVERIFY(menu.sizeHint().width() >= label->sizeHint().width());
}

void tst_TruthfulViews::helpAndTheme()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    // Shortcuts are read off the menus: Undo's and Interchange's are listed.
    const QString keys = HelpMenu::shortcutsHtml(&w);
    QVERIFY(keys.contains(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    QVERIFY(keys.contains(QLatin1String("Interchange")));
    QVERIFY(keys.contains(QStringLiteral("Ctrl+I")));
    for (const char *name : {"helpShortcuts", "helpLegend", "helpTour"}) {
        auto *a = w.findChild<QAction *>(QLatin1String(name));
        QVERIFY2(a, name);
        a->trigger();
    }
    const QString legend = HelpMenu::legendHtml();
    for (const char *word : {"band", "sequence", "filter", "RAW", "WAR", "WAW", "violated", "permutable", "stale"})
        QVERIFY2(legend.contains(QLatin1String(word)), word);
    QVERIFY(legend.contains(GraphEdgeItem::violatedColor().name()));

    // Dark theme: the tree and graph canvases and the loop nest's inks follow.
    w.findChild<QAction *>(QStringLiteral("theme_dark"))->trigger();
    QCoreApplication::processEvents();
    QVERIFY(w.treeView()->backgroundBrush().color().lightness() < 128);
    QVERIFY(w.graphView()->backgroundBrush().color().lightness() < 128);
    const QTextBlock first = w.loopNestView()->nestEdit()->document()->findBlockByNumber(1);
    bool lightInk = false;
    for (const auto &r : first.layout()->formats())
        lightInk = lightInk || r.format.foreground().color().lightness() > 150;
    QVERIFY2(lightInk, qPrintable(first.text()));
    w.findChild<QAction *>(QStringLiteral("theme_light"))->trigger();
    QCoreApplication::processEvents();
    QVERIFY(w.treeView()->backgroundBrush().color().lightness() > 200);
    w.findChild<QAction *>(QStringLiteral("theme_system"))->trigger();
    QSettings().remove(QStringLiteral("view/theme"));
}

void tst_TruthfulViews::samplesSessionsAndFailedKernel()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    // A kernel that does not load: the empty window says why and what to do.
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"version\": 1, ");
    }
    QVERIFY(!w.openKernel(broken));
    QVERIFY(w.treeView()->placeholder().contains(QLatin1String("broken.json")));
    QVERIFY(w.treeView()->placeholder().contains(QLatin1String("Open Sample")));
    // Once a kernel is open, the empty tree (before its first picture) says so.
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(w.treeView()->placeholder().startsWith(QLatin1String("Analysing")));
    QVERIFY(settle(e));

    // The schedules a sample's description names are in File > Open Sample.
    QMenu *samples = nullptr;
    for (QMenu *m : w.menuBar()->findChildren<QMenu *>())
        if (m->title().remove(QLatin1Char('&')) == QLatin1String("Open Sample"))
            samples = m;
    QVERIFY(samples);
    QAction *prefetch = nullptr;
    for (QAction *a : samples->actions())
        if (a->menu() && a->menu()->title() == QLatin1String("tiled_matmul_sbuf_psum"))
            for (QAction *b : a->menu()->actions())
                if (b->text() == QLatin1String("prefetch2"))
                    prefetch = b;
    QVERIFY(prefetch);
    prefetch->trigger();
    QVERIFY(settle(e));
    QVERIFY(e->session().scheduleFile.endsWith(QLatin1String("tiled_matmul_sbuf_psum.prefetch2.map")));
    QVERIFY(!e->snapshot()->report.legal); // the WAR on SB_alloc its description promises
    QVERIFY(!w.isWindowModified());

    // Saving a sample's session writes the sample next to it and names that file.
    const QString session = dir.filePath(QStringLiteral("mine.session.json"));
    QVERIFY(w.saveSession(session));
    const QString copy = dir.filePath(QStringLiteral("tiled_matmul_sbuf_psum.json"));
    QVERIFY(QFileInfo::exists(copy));
    QFile f(session);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto doc = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(QString::fromStdString(doc["kernel"].get<std::string>()), QStringLiteral("tiled_matmul_sbuf_psum.json"));
    QProcess tool;
    tool.start(QStringLiteral(SE_TOOL_PATH), {QStringLiteral("check"), copy});
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 0); // the original schedule is legal
}

void tst_TruthfulViews::smallScreenLeavesTheTreeRoom()
{
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const auto widths = [&w] {
        QString out = QStringLiteral("tree %1").arg(w.treeView()->width());
        for (auto *d : w.findChildren<QDockWidget *>())
            if (d->isVisible())
                out += QStringLiteral(", %1 %2 (min %3)")
                           .arg(d->objectName())
                           .arg(d->width())
                           .arg(d->minimumSizeHint().width());
        return out;
    };
    QTRY_VERIFY2(w.treeView()->width() >= 1024 * 2 / 5 - 20, qPrintable(widths()));
}

void tst_TruthfulViews::exportsShowTheScheduleNotTheSelection()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json"),
                         source("tests/widgets/data/stencil_2d.interchange.map")));
    QVERIFY(settle(e));
    w.violationsView()->selectViolation(0);
    QVERIFY(e->selection()->hasTreeNode());
    const QString selected = dir.filePath(QStringLiteral("selected.png"));
    QVERIFY(w.exportFile(MainWindow::Export::TreePng, selected));
    QCOMPARE(e->selection()->violation(), 0); // the selection is back afterwards
    e->selection()->clear();
    const QString plain = dir.filePath(QStringLiteral("plain.png"));
    QVERIFY(w.exportFile(MainWindow::Export::TreePng, plain));
    QCOMPARE(QImage(selected), QImage(plain));
}

QTEST_MAIN(tst_TruthfulViews)
#include "tst_truthfulviews.moc"
