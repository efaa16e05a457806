// SPDX-License-Identifier: MIT
// The whole window, offscreen: every bundled sample opens with the tree and
// graph the core computes; editing through the Explorer (as the menus do)
// turns the 2-D stencil illegal exactly as the oracle says and undo turns it
// back; a user's path to a legal tiled schedule exports isl YAML that the
// oracle confirms; sessions round-trip; every model passes
// QAbstractItemModelTester; exports are valid SVG and PNG.
#include "WidgetTestUtil.h"
#include "app/gui/MainWindow.h"
#include "core/analysis/Analyzer.h"
#include "core/explore/MoveFinder.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/models/DependencesModel.h"
#include "widgets/views/DependencesView.h"
#include "widgets/document/Explorer.h"
#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/views/KernelView.h"
#include "widgets/dialogs/MemberExprEditor.h"
#include "widgets/models/MovesModel.h"
#include "widgets/views/MovesView.h"
#include "widgets/actions/NodeActions.h"
#include "widgets/models/ParamsModel.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/document/Session.h"
#include "widgets/models/TensorsModel.h"
#include "widgets/figures/TreeNodeItem.h"
#include "widgets/models/ViolationsModel.h"
#include "widgets/views/ViolationsView.h"

#include <QAbstractItemModelTester>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTimer>
#include <QLabel>
#include <QMouseEvent>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

// Every model of the window under the model tester for the whole test.
struct Testers {
    explicit Testers(MainWindow &w)
    {
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *>{
                 w.violationsView()->model(), w.findChild<DependencesView *>()->model(), w.kernelView()->paramsModel(),
                 w.kernelView()->tensorsModel(), w.movesView()->movesModel()})
            testers.emplace_back(std::make_unique<QAbstractItemModelTester>(m, mode));
    }
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

} // namespace

class tst_MainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void bundledSamplesOpen_data();
    void bundledSamplesOpen();
    void illegalInterchangeAndUndo();
    void tiledLegalScheduleExported();
    void legalMovesPanel();
    void sessionRoundTripWithEdits();
    void figureExports();
    void tooLargeStopsInsteadOfFreezing();
    void failedCheckRestoresTheBadge();
    void suggestGivesLegalSchedule();
    void routesToLegality();
    void kernelReloadKeepsEditsThatApply();
    void dragFilterReordersSequence();
    void menusAndDialogsToTiledYaml();
    void laterViewsPlugInAsDocks();
    void inlineMemberEditAppliesInTheWindow();
};

void tst_MainWindow::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
    QVERIFY(!MainWindow::samples().isEmpty());
    QVERIFY(MainWindow::samples().contains(MainWindow::defaultSample()));
}

void tst_MainWindow::bundledSamplesOpen_data()
{
    QTest::addColumn<QString>("sample");
    for (const QString &s : MainWindow::samples())
        QTest::newRow(qPrintable(QFileInfo(s).fileName())) << s;
}

void tst_MainWindow::bundledSamplesOpen()
{
    QFETCH(QString, sample);
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    QVERIFY(w.openKernel(sample));
    QVERIFY(settle(w.explorer()));
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    Analyzer a(KernelLoader::loadText(readTextFile(sample), sample.toStdString()));
    std::size_t nodes = 0;
    ScheduleTreeWalk::forEach(a.originalSchedule().root(),
                              [&](const isl::schedule_node &, const std::vector<int> &) { ++nodes; });
    QCOMPARE(w.treeView()->nodeItems().size(), nodes);
    QCOMPARE(w.graphView()->edgeItems().size(), a.dependences(DepMode::May).size());
    QCOMPARE(w.graphView()->nodeItems().size(), a.model().statements().size());
    QVERIFY(w.explorer()->snapshot()->report.legal);
    QVERIFY(!w.explorer()->snapshot()->nestText.empty()); // the regenerated nest
}

void tst_MainWindow::illegalInterchangeAndUndo()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    e->setFixedParams({{"N", 6}});
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    auto *depsView = w.findChild<DependencesView *>();
    auto *deps = qobject_cast<QSortFilterProxyModel *>(depsView->model())->sourceModel();
    QSignalSpy depsReset(deps, &QAbstractItemModel::modelReset);
    const auto violatedRows = [&] {
        std::vector<int> rows;
        for (int r = 0; r < deps->rowCount(); ++r)
            if (deps->index(r, 0).data(DependencesModel::ViolatedRole).toBool())
                rows.push_back(r);
        return rows;
    };
    QVERIFY(violatedRows().empty());

    // for i { for j }: interchange band i (node [0]) with band j.
    e->selection()->selectTreeNode({0}, {QStringLiteral("s0"), QStringLiteral("s1")});
    // The badge says "violated" as soon as one edge is, then the count (the
    // window's slot ran first: it shows what each signal brought).
    auto *badge = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(badge);
    QStringList badges;
    connect(e, &Explorer::verdictReady, this, [&] { badges << badge->text(); });
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QCOMPARE(badges, (QStringList{QStringLiteral("violated\u2026"), QStringLiteral("1 violation")}));
    QVERIFY(badge->toolTip().contains(QStringLiteral("1 of ")));
    // oracle.py check stencil_2d.json --schedule stencil_2d.interchange.map
    // --param N=6: one violated edge, RAW s0 -> s0 on A, 9 pairs.
    const auto *m = w.violationsView()->violationsModel();
    QCOMPARE(m->rowCount(), 1);
    QCOMPARE(m->index(0, ViolationsModel::Type).data().toString(), QStringLiteral("RAW"));
    QCOMPARE(m->index(0, ViolationsModel::Edge).data().toString(), QStringLiteral("s0 \u2192 s0"));
    QCOMPARE(m->index(0, ViolationsModel::Allocation).data().toString(), QStringLiteral("A"));
    QCOMPARE(m->index(0, ViolationsModel::Pairs).data().toLongLong(), 9LL);
    const std::size_t bad = e->snapshot()->report.violations[0].edge;
    for (auto *item : w.graphView()->edgeItems())
        QCOMPARE(item->color() == GraphEdgeItem::violatedColor(), item->index() == static_cast<int>(bad));
    // Selecting the witness highlights the edge and the band that breaks.
    w.violationsView()->selectViolation(0);
    QVERIFY(w.graphView()->edgeItems()[bad]->isSelectedEdge());
    auto *node = w.treeView()->itemAt(e->selection()->treeNode());
    QVERIFY(node);
    QCOMPARE(node->highlight(), TreeNodeItem::Highlight::Broken);
    QCOMPARE(node->node().path, std::vector<int>{0}); // band j, now outermost, owns t0
    // The dependences table marks the same edge, its rows kept (no reset:
    // the edges do not depend on the schedule).
    QCOMPARE(violatedRows(), std::vector<int>{static_cast<int>(bad)});
    QCOMPARE(deps->index(static_cast<int>(bad), DependencesModel::Type).data(Qt::ForegroundRole).value<QColor>(),
             GraphEdgeItem::violatedColor());
    QCOMPARE(depsReset.count(), 0);

    // Undo: legal again; redo: illegal again.
    QCOMPARE(e->undoStack()->count(), 1);
    QCOMPARE(e->undoStack()->text(0), QStringLiteral("interchange band 0 with its child band"));
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    QCOMPARE(m->rowCount(), 0);
    QVERIFY(violatedRows().empty());
    e->undoStack()->redo();
    QVERIFY(settle(e));
    QCOMPARE(m->rowCount(), 1);
    QCOMPARE(violatedRows(), std::vector<int>{static_cast<int>(bad)});
    QCOMPARE(depsReset.count(), 0);

    // An edit that does not apply is refused and changes nothing.
    const Session before = e->session();
    QSignalSpy fails(e, &Explorer::analysisFailed);
    e->applyEdit(Edit::tile({0}, {4})); // band j: tile band [0] over point band [0, 0]
    QVERIFY(settle(e));
    e->applyEdit(Edit::tile({0, 0, 0}, {4, 4})); // [0, 0, 0] is band i, one member: refused
    QVERIFY(fails.wait(60000));
    QVERIFY(settle(e));
    QCOMPARE(e->undoStack()->count(), 2);
    QVERIFY(e->session() != before);
}

void tst_MainWindow::tiledLegalScheduleExported()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(QStringLiteral(":/samples/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    e->setFixedParams({{"N", 8}});
    QVERIFY(settle(e));
    // What a user does from the node's context menu: merge the two bands,
    // skew j by i (a wavefront), tile 4 x 4.
    e->applyEdit(Edit::merge({0}));
    QVERIFY(settle(e));
    e->applyEdit(Edit::skew({0}, 1, 0, 1));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    e->applyEdit(Edit::tile({0}, {4, 4}));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    QCOMPARE(e->undoStack()->count(), 3);
    // The tiled band is permutable by the dependences (computed), as tiling needs.
    const auto &tile = e->snapshot()->tree.nodes[1];
    QCOMPARE(tile.kind, ScheduleTreeSnapshot::Kind::Band);
    QCOMPARE(tile.permutableComputed, std::optional<bool>(true));

    const QString yaml = dir.filePath(QStringLiteral("tiled.yaml"));
    const QString map = dir.filePath(QStringLiteral("tiled.map"));
    QVERIFY(w.exportFile(MainWindow::Export::ScheduleYaml, yaml));
    QVERIFY(w.exportFile(MainWindow::Export::ScheduleMap, map));
    // The command-line tool reads the exported tree back: legal (exit 0).
    QProcess tool;
    tool.start(QStringLiteral(SE_TOOL_PATH),
               {QStringLiteral("check"), source("sample-kernels/gauss_seidel_2d.json"), QStringLiteral("--schedule"),
                yaml, QStringLiteral("--param"), QStringLiteral("N=8")});
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 0);
    // The independent oracle agrees on the exported map.
    QProcess oracle;
    oracle.start(QStringLiteral("python3"),
                 {QStringLiteral(SE_CONFORMANCE_DIR "/tools/oracle.py"), QStringLiteral("check"),
                  source("sample-kernels/gauss_seidel_2d.json"), QStringLiteral("--schedule"), map,
                  QStringLiteral("--param"), QStringLiteral("N=8")});
    QVERIFY(oracle.waitForFinished(120000));
    const auto verdict = nlohmann::json::parse(oracle.readAllStandardOutput().toStdString());
    QCOMPARE(verdict["legal"].get<bool>(), true);
}

void tst_MainWindow::legalMovesPanel()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    QSignalSpy moves(e, &Explorer::movesReady);
    e->selection()->selectTreeNode({0}, {QStringLiteral("s0"), QStringLiteral("s1")});
    QVERIFY(moves.wait(60000));
    // One row per candidate the core proposes at band [0].
    Analyzer a(KernelLoader::loadFile(source("tests/widgets/data/stencil_2d.json").toStdString()));
    const auto candidates = MoveFinder::candidates(a.originalSchedule(), {0});
    const MovesModel *model = w.movesView()->movesModel();
    QCOMPARE(model->rowCount(), static_cast<int>(candidates.size()));
    // Interchange there is illegal (the RAW (1, -1) distance); double-click applies it anyway.
    int row = -1;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->move(r)->edit == Edit::interchange({0}))
            row = r;
    QVERIFY(row >= 0);
    QCOMPARE(model->move(row)->verdict, MovesResult::Move::Verdict::Illegal);
    QCOMPARE(model->move(row)->violatedEdges, std::size_t(1));
    // The list of the new schedule comes after its loop nest: the moves
    // job would slow the nest's thread down.
    std::vector<QString> order;
    const QLabel *header = w.movesView()->findChild<QLabel *>();
    bool waited = false; // the list was put off while the nest was on its way
    connect(e, &Explorer::snapshotChanged, this, [&](const AnalysisSnapshotPtr &s) {
        if (s->nestPending)
            waited = header->text().contains(QStringLiteral("once the loop nest"));
    });
    connect(e, &Explorer::nestReady, this, [&] { order.push_back(QStringLiteral("nest")); });
    connect(e, &Explorer::movesReady, this, [&] { order.push_back(QStringLiteral("moves")); });
    w.show(); // (the nest is made for a view that shows)
    QVERIFY(settle(e));
    order.clear();
    Q_EMIT w.movesView()->findChild<QTableView *>()->doubleClicked(model->index(row, 0));
    QVERIFY(settle(e));
    QVERIFY(!e->snapshot()->report.legal);
    QTRY_VERIFY_WITH_TIMEOUT(std::find(order.begin(), order.end(), QStringLiteral("moves")) != order.end(), 60000);
    QCOMPARE(order.front(), QStringLiteral("nest"));
    QVERIFY(waited);
    QVERIFY(model->rowCount() > 0);
}

void tst_MainWindow::sessionRoundTripWithEdits()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gs.session.json"));
    Session saved;
    std::string yaml;
    {
        MainWindow w;
        w.setInteractive(false);
        Explorer *e = w.explorer();
        QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
        QVERIFY(settle(e));
        e->setMode(DepMode::Flow);
        e->applyEdit(Edit::merge({0}));
        QVERIFY(settle(e));
        e->applyEdit(Edit::skew({0}, 1, 0, 2));
        QVERIFY(settle(e));
        QVERIFY(e->isModified());
        QVERIFY(w.saveSession(path));
        QVERIFY(!e->isModified());
        saved = e->session();
        yaml = e->snapshot()->scheduleYaml;
    }
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openAny(path));
    QVERIFY(settle(w.explorer()));
    QVERIFY(w.explorer()->session() == saved);
    QCOMPARE(w.explorer()->snapshot()->scheduleYaml, yaml);
    QCOMPARE(w.explorer()->edits().size(), std::size_t(2));
    QVERIFY(!w.explorer()->isModified());
}

void tst_MainWindow::figureExports()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openKernel(source("sample-kernels/jacobi_1d.json")));
    QVERIFY(settle(w.explorer()));
    for (auto what : {MainWindow::Export::TreeSvg, MainWindow::Export::GraphSvg}) {
        const QString p = dir.filePath(QStringLiteral("f%1.svg").arg(int(what)));
        QVERIFY(w.exportFile(what, p));
        QSvgRenderer svg(p);
        QVERIFY(svg.isValid());
        QVERIFY(svg.defaultSize().width() > 100);
    }
    for (auto what : {MainWindow::Export::TreePng, MainWindow::Export::GraphPng}) {
        const QString p = dir.filePath(QStringLiteral("f%1.png").arg(int(what)));
        QVERIFY(w.exportFile(what, p));
        QImage img(p);
        QVERIFY(!img.isNull());
        QVERIFY(img.width() > 100 && img.height() > 100);
    }
    const QString c = dir.filePath(QStringLiteral("j.c"));
    QVERIFY(w.exportFile(MainWindow::Export::C, c));
    QVERIFY(readTextFile(c).find("for (") != std::string::npos);
    const QString k = dir.filePath(QStringLiteral("j.regen.json"));
    QVERIFY(w.exportFile(MainWindow::Export::KernelJson, k));
    QVERIFY(KernelLoader::loadFile(k.toStdString()) != nullptr); // loads again
}

void tst_MainWindow::tooLargeStopsInsteadOfFreezing()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    e->setQuota(20); // isl operations per unit of work: nothing fits
    QSignalSpy stopped(e, &Explorer::analysisStopped);
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(stopped.wait(60000));
    QVERIFY(stopped.takeFirst().at(0).toString().startsWith(QStringLiteral("stopped: too large")));
    auto *verdict = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(verdict);
    QCOMPARE(verdict->text(), QStringLiteral("stopped: too large"));
    QVERIFY(!e->isBusy());
    // With the default quota the same kernel is fine.
    e->setQuota(0);
    e->refresh();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    QCOMPARE(verdict->text(), QStringLiteral("legal"));
}

// A check that fails after its first violation was shown: the badge goes
// back to the verdict of the schedule still shown, not "violated...".
void tst_MainWindow::failedCheckRestoresTheBadge()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("tests/widgets/data/stencil_2d.json")));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    auto *badge = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(badge);
    QCOMPARE(badge->text(), QStringLiteral("legal"));

    // What the worker sends ahead, then a failure of the same analysis.
    auto first = std::make_shared<AnalysisSnapshot>(*e->snapshot());
    first->complete = false;
    first->firstViolationOnly = true;
    first->report.legal = false;
    ViolationReport v;
    v.type = "RAW";
    v.src = v.dst = "s0";
    v.allocation = "A";
    first->report.violations = {v};
    Q_EMIT e->verdictReady(first);
    QCOMPARE(badge->text(), QStringLiteral("violated\u2026"));
    QVERIFY(badge->toolTip().contains(QStringLiteral("RAW s0 \u2192 s0 on A")));
    AnalysisError failure;
    failure.message = QStringLiteral("isl failed");
    Q_EMIT e->analysisFailed(failure);
    QCOMPARE(badge->text(), QStringLiteral("legal"));
}

void tst_MainWindow::suggestGivesLegalSchedule()
{
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    const std::string original = e->snapshot()->scheduleYaml;
    QSignalSpy suggesting(e, &Explorer::suggesting);
    e->suggestSchedule();
    QVERIFY(suggesting.wait(60000)); // running
    while (suggesting.count() < 2)
        QVERIFY(suggesting.wait(60000)); // done
    QVERIFY(settle(e));
    QCOMPARE(e->session().scheduleFile, QStringLiteral("isl's scheduler"));
    QVERIFY(e->snapshot()->report.legal); // isl's scheduler respects every dependence
    QVERIFY(e->snapshot()->scheduleYaml != original);
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QCOMPARE(e->snapshot()->scheduleYaml, original);
}

// The routes in the window (docs/routes.md): the moves panel shows each
// shift's exact range; Make Permutable time-tiles jacobi_1d as edits that
// each undo alone, after which a tile by 4 x 4 is legal; Repair mends an
// illegal interchange of gauss_seidel_2d.
void tst_MainWindow::routesToLegality()
{
    MainWindow w;
    w.setInteractive(false);
    Testers testers(w);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("sample-kernels/jacobi_1d.json")));
    QVERIFY(settle(e));
    QSignalSpy moves(e, &Explorer::movesReady);
    e->selection()->selectTreeNode({0}, {QStringLiteral("s0"), QStringLiteral("s1")});
    QTRY_VERIFY_WITH_TIMEOUT(!moves.isEmpty() && moves.last().at(0).value<MovesResult>().withRanges, 60000);
    const MovesModel *model = w.movesView()->movesModel();
    bool ranged = false;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->move(r)->edit.kind == EditKind::Shift)
            ranged = ranged || !model->move(r)->range.isEmpty();
    QVERIFY(ranged);
    QVERIFY(w.movesView()->findChild<QLabel *>()->text().contains(QStringLiteral("Shift member 0: ")));

    QSignalSpy done(e, &Explorer::repairFinished);
    const int steps = e->undoStack()->count();
    e->repairSchedule(QStringLiteral("permutable"), {0});
    QVERIFY(done.wait(60000));
    QVERIFY(done.last().at(0).toBool());
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    const std::size_t edits = e->edits().size();
    QCOMPARE(e->undoStack()->count(), steps + static_cast<int>(edits)); // one step per edit
    QCOMPARE(e->edits().back().kind, EditKind::SetPermutable);
    e->applyEdit(Edit::tile({0}, {4, 4}));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    e->undoStack()->undo(); // the tile
    e->undoStack()->undo(); // the declaration alone
    QVERIFY(settle(e));
    QCOMPARE(e->edits().size(), edits - 1);

    QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QVERIFY(!e->snapshot()->report.legal);
    e->repairSchedule(QStringLiteral("legal"), {});
    QVERIFY(done.wait(60000));
    QVERIFY2(done.last().at(0).toBool(), qPrintable(done.last().at(1).toString()));
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
}

void tst_MainWindow::kernelReloadKeepsEditsThatApply()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.json"));
    auto doc = nlohmann::json::parse(readTextFile(source("tests/widgets/data/stencil_2d.json")));
    QString error;
    QVERIFY(writeTextFile(path, QByteArray::fromStdString(doc.dump(1)), &error));
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(path));
    QVERIFY(settle(e));
    e->applyEdit(Edit::interchange({0}));
    QVERIFY(settle(e));
    QCOMPARE(e->edits().size(), std::size_t(1));

    // A third statement in the j loop: the interchange still applies.
    QSignalSpy reloaded(e, &Explorer::kernelReloaded);
    auto &inner = doc["body"][0]["body"][0]["body"];
    inner.push_back({{"id", 2}, {"op", "zero"}, {"writes", {{{"tensor", "B"}, {"index", {"j", "i"}}}}}});
    QVERIFY(writeTextFile(path, QByteArray::fromStdString(doc.dump(1)), &error));
    QVERIFY(reloaded.wait(10000));
    QVERIFY(settle(e));
    QCOMPARE(e->kernel()->statements().size(), std::size_t(3));
    QCOMPARE(w.graphView()->nodeItems().size(), std::size_t(3));
    QCOMPARE(e->edits().size(), std::size_t(1));
    QVERIFY(e->snapshot()->tree.nodes[1].statements.size() == 3);

    // A 1-D kernel: no band to interchange with; the edit is dropped, the
    // kernel shown is the new one.
    reloaded.clear();
    nlohmann::json flat = doc;
    flat["body"] =
        nlohmann::json::array({{{"loop", "i"},
                                {"lb", 0},
                                {"ub", "N"},
                                {"body", {{{"id", 0}, {"writes", {{{"tensor", "A"}, {"index", {"i", "0"}}}}}}}}}});
    QVERIFY(writeTextFile(path, QByteArray::fromStdString(flat.dump(1)), &error));
    QVERIFY(reloaded.wait(10000));
    QVERIFY(settle(e));
    while (reloaded.count() < 2 && reloaded.wait(3000)) { }
    QCOMPARE(e->kernel()->statements().size(), std::size_t(1));
    QCOMPARE(e->edits().size(), std::size_t(0));
    bool toldDropped = false;
    for (const auto &args : reloaded)
        toldDropped |= args.at(0).toString().contains(QStringLiteral("dropped"));
    QVERIFY(toldDropped);
    QVERIFY(e->snapshot()->report.legal);

    // A broken file on disk: the loaded kernel stays.
    reloaded.clear();
    QVERIFY(writeTextFile(path, "{ \"name\": ", &error));
    QVERIFY(reloaded.wait(10000));
    QVERIFY(reloaded.takeFirst().at(0).toString().contains(QStringLiteral("keeping the loaded one")));
    QCOMPARE(e->kernel()->statements().size(), std::size_t(1));
}

void tst_MainWindow::dragFilterReordersSequence()
{
    MainWindow w;
    w.setInteractive(false);
    w.show();
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("sample-kernels/jacobi_1d.json")));
    QVERIFY(settle(e));
    // jacobi: band t over a sequence [0, 0] of filters s0 [0, 0, 0] and s1 [0, 0, 1].
    ScheduleTreeView *tree = w.treeView();
    TreeNodeItem *from = tree->itemAt({0, 0, 1});
    TreeNodeItem *to = tree->itemAt({0, 0, 0});
    QVERIFY(from && to);
    QCOMPARE(from->node().kind, ScheduleTreeSnapshot::Kind::Filter);
    const QPoint a = tree->mapFromScene(from->sceneBoundingRect().center());
    const QPoint b = tree->mapFromScene(to->sceneBoundingRect().center());
    QWidget *vp = tree->viewport();
    const auto send = [&](QEvent::Type type, QPoint p, Qt::MouseButtons buttons) {
        QMouseEvent ev(type, QPointF(p), vp->mapToGlobal(QPointF(p)), Qt::LeftButton, buttons, Qt::NoModifier);
        QCoreApplication::sendEvent(vp, &ev);
    };
    send(QEvent::MouseButtonPress, a, Qt::LeftButton);
    send(QEvent::MouseMove, (a + b) / 2, Qt::LeftButton);
    send(QEvent::MouseMove, b, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, b, Qt::NoButton);
    QVERIFY(settle(e));
    QCOMPARE(e->edits().size(), std::size_t(1));
    QCOMPARE(e->edits().front(), Edit::move({0, 0}, 1, 0));
    // s1 before s0 in each time step: illegal (the copy reads B before the stencil writes it).
    QVERIFY(!e->snapshot()->report.legal);
}

namespace {

// Finds an action by the start of its text in a menu and its submenus.
QAction *findAction(QMenu *menu, const QString &prefix)
{
    for (QAction *a : menu->actions()) {
        if (a->menu())
            if (QAction *inner = findAction(a->menu(), prefix))
                return inner;
        if (a->text().remove(QLatin1Char('&')).startsWith(prefix))
            return a;
    }
    return nullptr;
}

// Fills in and accepts the next modal dialog once it shows.
void whenDialogShows(const std::function<void(QWidget *)> &fill)
{
    QTimer::singleShot(0, [fill] {
        QWidget *d = QApplication::activeModalWidget();
        QVERIFY(d);
        fill(d);
    });
}

} // namespace

void tst_MainWindow::menusAndDialogsToTiledYaml()
{
    // The user's path without a text file: context menu, dialogs, File > Export.
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    w.show();
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(QStringLiteral(":/samples/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    const auto nodeAction = [&](const std::vector<int> &path, const QString &text) {
        auto *menu = new QMenu(&w);
        QVERIFY(NodeActions::populate(menu, e, path, &w));
        QAction *a = findAction(menu, text);
        QVERIFY2(a && a->isEnabled(), qPrintable(text));
        a->trigger();
        QVERIFY(settle(e));
    };
    nodeAction({0}, QStringLiteral("Merge with child band"));
    whenDialogShows([](QWidget *d) { static_cast<QDialog *>(d)->accept(); }); // member 1 += 1 x member 0
    nodeAction({0}, QStringLiteral("Skew"));
    whenDialogShows([](QWidget *d) {
        for (auto *spin : d->findChildren<QSpinBox *>())
            spin->setValue(4);
        static_cast<QDialog *>(d)->accept();
    });
    nodeAction({0}, QStringLiteral("Tile"));
    QCOMPARE(e->edits().size(), std::size_t(3));
    QCOMPARE(e->edits().back(), Edit::tile({0}, {4, 4}));
    QVERIFY(e->snapshot()->report.legal);

    const QString yaml = dir.filePath(QStringLiteral("tiled.yaml"));
    whenDialogShows([yaml](QWidget *d) {
        auto *fd = qobject_cast<QFileDialog *>(d);
        QVERIFY(fd);
        fd->selectFile(yaml);
        static_cast<QDialog *>(fd)->accept(); // QFileDialog::accept is protected
    });
    QAction *exportYaml = nullptr;
    for (QMenu *m : w.menuBar()->findChildren<QMenu *>())
        if (!exportYaml)
            exportYaml = findAction(m, QStringLiteral("Schedule as isl YAML"));
    QVERIFY(exportYaml);
    exportYaml->trigger();
    QVERIFY(QFileInfo::exists(yaml));
    QProcess tool;
    tool.start(
        QStringLiteral(SE_TOOL_PATH),
        {QStringLiteral("check"), source("sample-kernels/gauss_seidel_2d.json"), QStringLiteral("--schedule"), yaml});
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 0); // legal for every N, not only the value shown
}

void tst_MainWindow::laterViewsPlugInAsDocks()
{
    MainWindow w;
    w.show();
    auto *view = new QLabel(QStringLiteral("a later view"));
    QDockWidget *d =
        w.addViewDock(QStringLiteral("Later view"), QStringLiteral("later"), view, Qt::RightDockWidgetArea);
    QCOMPARE(d->objectName(), QStringLiteral("later")); // its place is saved with the layout
    QVERIFY(d->isVisible());
    QAction *toggle = nullptr;
    for (QMenu *m : w.menuBar()->findChildren<QMenu *>())
        if (!toggle)
            toggle = findAction(m, QStringLiteral("Later view"));
    QVERIFY(toggle);
    toggle->trigger();
    QVERIFY(!d->isVisible());
}

// The tree's inline editor is wired to the window's Explorer: Enter on a
// valid expression is one undoable edit.
void tst_MainWindow::inlineMemberEditAppliesInTheWindow()
{
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    auto *tree = w.findChild<ScheduleTreeView *>();
    QVERIFY(tree);
    TreeNodeItem *band = nullptr;
    for (auto *item : tree->nodeItems())
        if (item->node().kind == ScheduleTreeSnapshot::Kind::Band && !item->node().cells.empty())
            band = item;
    QVERIFY(band);
    QVERIFY(tree->editCell(band, 0));
    MemberExprEditor *ed = tree->memberEditor();
    QVERIFY(ed);
    ed->setText(ed->text() + QStringLiteral(" + 1"));
    QVERIFY(ed->isValid());
    QTest::keyClick(ed, Qt::Key_Return);
    QVERIFY(settle(e));
    QCOMPARE(e->session().edits.size(), std::size_t(1));
    QCOMPARE(nlohmann::json(e->session().edits[0])["edit"].get<std::string>(), std::string("member_expr"));
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QCOMPARE(e->session().edits.size(), std::size_t(0));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
