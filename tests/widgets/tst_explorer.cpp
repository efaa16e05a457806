// SPDX-License-Identifier: MIT
// The document and its views end to end, offscreen: every sample kernel
// opens and its tree and graph match the core's; an illegal interchange of
// the 2-D stencil fills the violations table with exactly the oracle's
// violated edges and draws them red; undo brings legality back; a session
// saves and loads back equal; bad files leave everything as it was.
#include "WidgetTestUtil.h"
#include "core/analysis/Analyzer.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/document/Explorer.h"
#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/figures/GraphNodeItem.h"
#include "widgets/views/KernelView.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/TreeNodeItem.h"
#include "widgets/models/ViolationsModel.h"
#include "widgets/views/ViolationsView.h"

#include <QAbstractItemModelTester>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace se;
using se::test::source;
using se::test::waitForSnapshot;

namespace {

struct Core {
    std::size_t treeNodes = 0;
    std::size_t edges = 0;
    std::size_t statements = 0;
};

Core coreCounts(const QString &kernel)
{
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    Core c;
    ScheduleTreeWalk::forEach(a.originalSchedule().root(),
                              [&](const isl::schedule_node &, const std::vector<int> &) { ++c.treeNodes; });
    c.edges = a.dependences(DepMode::May).size();
    c.statements = a.model().statements().size();
    return c;
}

} // namespace

class tst_Explorer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sampleKernelsOpen_data();
    void sampleKernelsOpen();
    void illegalInterchange();
    void boundsRows();
    void sessionRoundTrip();
    void badFilesLeaveStateAlone();
    void rapidChangesSettleOnTheLast();
};

void tst_Explorer::sampleKernelsOpen_data()
{
    QTest::addColumn<QString>("kernel");
    const QDir dir(source("sample-kernels"));
    for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
    QTest::newRow("stencil_2d (test data)") << source("tests/widgets/data/stencil_2d.json");
}

void tst_Explorer::sampleKernelsOpen()
{
    QFETCH(QString, kernel);
    Explorer e;
    Selection *sel = e.selection();
    ScheduleTreeView tree(sel);
    DependenceGraphView graph(sel);
    connect(&e, &Explorer::snapshotChanged, &tree, &ScheduleTreeView::setSnapshot);
    connect(&e, &Explorer::snapshotChanged, &graph, &DependenceGraphView::setSnapshot);
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QSignalSpy fails(&e, &Explorer::analysisFailed);
    QString error;
    QVERIFY2(e.openKernel(kernel, &error), qPrintable(error));
    QVERIFY(waitForSnapshot(e, snaps));
    QCOMPARE(fails.count(), 0);
    const Core c = coreCounts(kernel);
    QCOMPARE(tree.nodeItems().size(), c.treeNodes);
    QCOMPARE(std::size_t(tree.linkCount()), c.treeNodes - 1);
    QCOMPARE(graph.edgeItems().size(), c.edges);
    QCOMPARE(graph.nodeItems().size(), c.statements);
    QVERIFY(e.snapshot()->report.legal); // every original schedule is legal
    for (auto *edge : graph.edgeItems())
        QVERIFY(edge->color() != GraphEdgeItem::violatedColor());
    // Every label and badge lies inside its node, clear of the border.
    for (auto *item : tree.nodeItems()) {
        const auto &n = item->node();
        const QRectF inner = QRectF(QPointF(0, 0), n.rect.size()).adjusted(2, 2, -2, -2);
        for (const auto &l : n.labels)
            QVERIFY2(inner.contains(l.rect),
                     qPrintable(QStringLiteral("%1 in %2: %3 vs %4")
                                    .arg(l.text)
                                    .arg(n.tooltip)
                                    .arg(l.rect.right())
                                    .arg(inner.right())));
        for (const auto &b : n.badges)
            QVERIFY2(
                inner.contains(b.rect),
                qPrintable(QStringLiteral("badge %1: %2 vs %3").arg(b.text).arg(b.rect.right()).arg(inner.right())));
    }
    // Nothing overlaps in the tree.
    for (std::size_t a = 0; a < tree.nodeItems().size(); ++a)
        for (std::size_t b = a + 1; b < tree.nodeItems().size(); ++b)
            QVERIFY(!tree.nodeItems()[a]
                         ->sceneBoundingRect()
                         .adjusted(4, 4, -4, -4)
                         .intersects(tree.nodeItems()[b]->sceneBoundingRect().adjusted(4, 4, -4, -4)));
}

void tst_Explorer::illegalInterchange()
{
    Explorer e;
    Selection *sel = e.selection();
    ScheduleTreeView tree(sel);
    DependenceGraphView graph(sel);
    ViolationsView table(sel);
    connect(&e, &Explorer::snapshotChanged, &tree, &ScheduleTreeView::setSnapshot);
    connect(&e, &Explorer::snapshotChanged, &graph, &DependenceGraphView::setSnapshot);
    connect(&e, &Explorer::snapshotChanged, &table, &ViolationsView::setSnapshot);
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QString error;
    QVERIFY(e.openKernel(source("tests/widgets/data/stencil_2d.json"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    // Fix N = 6 as the oracle does, so pair counts exist.
    e.setFixedParams({{"N", 6}});
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(e.snapshot()->report.legal);
    QCOMPARE(table.model()->rowCount(), 0);

    // { s0[i, j] -> [j, i, 0]; s1[i, j] -> [j, i, 1] }
    QVERIFY(e.loadSchedule(source("tests/widgets/data/stencil_2d.interchange.map"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(!e.snapshot()->report.legal);
    // The oracle (tools/oracle.py check stencil_2d.json --schedule
    // stencil_2d.interchange.map --param N=6): exactly one violated edge,
    // RAW s0 -> s0 on A, 9 violating pairs out of 21.
    QCOMPARE(table.model()->rowCount(), 1);
    const auto *m = table.violationsModel();
    QCOMPARE(m->index(0, ViolationsModel::Type).data().toString(), QStringLiteral("RAW"));
    QCOMPARE(m->index(0, ViolationsModel::Edge).data().toString(), QStringLiteral("s0 \u2192 s0"));
    QCOMPARE(m->index(0, ViolationsModel::Allocation).data().toString(), QStringLiteral("A"));
    QCOMPARE(m->index(0, ViolationsModel::Pairs).data().toLongLong(), 9LL);
    const ViolationReport &v = e.snapshot()->report.violations[0];
    const EdgeReport &edge = e.snapshot()->report.edges[v.edge];
    QCOMPARE(edge.count, std::optional<std::int64_t>(21));
    // The witness is a real violating pair: s0[i, j] writes A[i, j], read by
    // s0[i + 1, j - 1] (A[i'-1, j'+1]); interchanged times are [j, i, 0].
    QCOMPARE(v.witness.dst[0], v.witness.src[0] + 1);
    QCOMPARE(v.witness.dst[1], v.witness.src[1] - 1);
    QVERIFY(v.witness.srcTime == (std::vector<Integer>{v.witness.src[1], v.witness.src[0], 0}));

    // Exactly the violated edge is red in the graph.
    int red = 0;
    for (auto *item : graph.edgeItems()) {
        const bool violated = item->color() == GraphEdgeItem::violatedColor();
        QCOMPARE(violated, item->index() == static_cast<int>(v.edge));
        red += violated;
    }
    QCOMPARE(red, 1);

    // Selecting the row selects the edge, its statements and the breaking node.
    table.selectViolation(0);
    QCOMPARE(sel->edge(), static_cast<int>(v.edge));
    QCOMPARE(sel->statements(), QStringList({QStringLiteral("s0"), QStringLiteral("s0")}));
    QVERIFY(graph.edgeItems()[v.edge]->isSelectedEdge());
    QVERIFY(sel->hasTreeNode());
    auto *broken = tree.itemAt(sel->treeNode());
    QVERIFY(broken);
    QCOMPARE(broken->highlight(), TreeNodeItem::Highlight::Broken);
    QCOMPARE(broken->node().kind, ScheduleTreeSnapshot::Kind::Band);

    // Undo brings back the original, legal schedule.
    QCOMPARE(e.undoStack()->count(), 1);
    e.undoStack()->undo();
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(e.snapshot()->report.legal);
    QCOMPARE(table.model()->rowCount(), 0);
    for (auto *item : graph.edgeItems())
        QVERIFY(item->color() != GraphEdgeItem::violatedColor());
    e.undoStack()->redo();
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(!e.snapshot()->report.legal);
}

void tst_Explorer::boundsRows()
{
    // B[i] = A[i + 1] over 0 <= i < N: the reference
    // (conformance/tools/bounds.py out_of_shape.json --param N=5) flags the
    // read of A alone, first at s0[4], which reads A[5].
    Explorer e;
    Selection *sel = e.selection();
    ViolationsView table(sel);
    KernelView kernelView(sel);
    QAbstractItemModelTester tester(table.violationsModel());
    connect(&e, &Explorer::snapshotChanged, &table, &ViolationsView::setSnapshot);
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QString error;
    QVERIFY(e.openKernel(source("tests/widgets/data/out_of_shape.json"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    e.setFixedParams({{"N", 5}});
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(e.snapshot()->report.legal); // a warning never changes the verdict
    const auto *m = table.violationsModel();
    QCOMPARE(m->rowCount(), 1);
    QCOMPARE(m->index(0, ViolationsModel::Type).data().toString(), QStringLiteral("Bounds"));
    QCOMPARE(m->index(0, ViolationsModel::Edge).data().toString(), QStringLiteral("s0"));
    QCOMPARE(m->index(0, ViolationsModel::Allocation).data().toString(), QStringLiteral("A"));
    QCOMPARE(m->index(0, ViolationsModel::Witness).data().toString(), QStringLiteral("s0[4] \u2192 A[5]  (N = 5)"));
    QCOMPARE(m->index(0, ViolationsModel::Level).data().toString(), QStringLiteral("index 0"));
    QCOMPARE(m->index(0, 0).data(ViolationsModel::AccessPathRole).toString(),
             QStringLiteral("body[0].body[0].reads[0]"));
    QCOMPARE(m->index(0, 0).data(ViolationsModel::EdgeRole).toInt(), -1);
    // Selecting the row selects its statement, and the row stays selected.
    table.selectViolation(0);
    QCOMPARE(sel->statements(), QStringList{QStringLiteral("s0")});
    QCOMPARE(table.selectionModel()->selectedRows().size(), 1);
    // The kernel view underlines the access A[i + 1] on s0's line.
    kernelView.setKernel(e.kernel(), {{"N", 5}});
    kernelView.setBounds(e.snapshot()->report.bounds);
    QCOMPARE(kernelView.boundsMarks().size(), 1);
    const auto &mark = kernelView.boundsMarks().front();
    const QString line = kernelView.nestEdit()->document()->findBlockByNumber(mark.line).text();
    QCOMPARE(line.mid(mark.start, mark.length), QStringLiteral("A[i + 1]"));
    QVERIFY(mark.message.startsWith(QStringLiteral("s0 reads A outside its shape [N]")));
}

void tst_Explorer::sessionRoundTrip()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Explorer e;
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QString error;
    QVERIFY(e.openKernel(source("tests/widgets/data/stencil_2d.json"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(!e.isModified());
    e.setFixedParams({{"N", 9}});
    e.setMode(DepMode::Flow);
    QVERIFY(e.loadSchedule(source("tests/widgets/data/stencil_2d.tiled.yaml"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    QVERIFY(e.isModified());
    const QString path = dir.filePath(QStringLiteral("s.session.json"));
    QVERIFY2(e.saveSession(path, &error), qPrintable(error));
    QVERIFY(!e.isModified());

    Explorer f;
    QSignalSpy snaps2(&f, &Explorer::snapshotChanged);
    QVERIFY2(f.loadSession(path, &error), qPrintable(error));
    QVERIFY(waitForSnapshot(f, snaps2));
    QVERIFY(f.session() == e.session());
    QVERIFY(!f.isModified());
    QCOMPARE(f.snapshot()->scheduleYaml, e.snapshot()->scheduleYaml);
    QCOMPARE(f.snapshot()->report.edges.size(), e.snapshot()->report.edges.size());
    QCOMPARE(f.snapshot()->mode, DepMode::Flow);
}

void tst_Explorer::badFilesLeaveStateAlone()
{
    QTemporaryDir dir;
    Explorer e;
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QSignalSpy fails(&e, &Explorer::analysisFailed);
    QString error;
    QVERIFY(e.openKernel(source("tests/widgets/data/stencil_2d.json"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    const Session before = e.session();
    const AnalysisSnapshotPtr shown = e.snapshot();

    // A kernel with a JSON syntax error: refused with file and place, nothing changes.
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ \"name\": \"x\",\n  \"tensors\": [ }\n");
    f.close();
    QVERIFY(!e.openKernel(bad, &error));
    QVERIFY2(error.contains(bad) && error.contains(QStringLiteral("line 2")), qPrintable(error));
    QVERIFY(e.session() == before);
    QCOMPARE(e.snapshot(), shown);

    // A schedule naming a statement the kernel lacks: rejected by the worker, rolled back.
    const QString badMap = dir.filePath(QStringLiteral("bad.map"));
    QFile m(badMap);
    QVERIFY(m.open(QIODevice::WriteOnly));
    m.write("[N] -> { s0[i, j] -> [i, j]; s7[i] -> [i] }\n");
    m.close();
    QVERIFY(e.loadSchedule(badMap, &error));
    QVERIFY(fails.wait(60000));
    const auto err = fails.takeFirst().at(0).value<AnalysisError>();
    QCOMPARE(err.kind, AnalysisError::Kind::Input);
    QCOMPARE(err.file, badMap);
    QVERIFY2(err.fault.contains(QStringLiteral("s7")), qPrintable(err.fault));
    QVERIFY(e.session() == before);
    QCOMPARE(e.snapshot(), shown);
    QCOMPARE(e.undoStack()->count(), 0);
}

void tst_Explorer::rapidChangesSettleOnTheLast()
{
    // Changes faster than the worker: older runs are skipped or aborted
    // mid-way (with moves jobs interleaved), and what finally shows is the
    // analysis of the last state, identical to a fresh one.
    Explorer e;
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QString error;
    QVERIFY(e.openKernel(source("tests/widgets/data/stencil_2d.json"), &error));
    QVERIFY(waitForSnapshot(e, snaps));
    e.setFixedParams({{"N", 6}});
    QVERIFY(waitForSnapshot(e, snaps));
    for (int k = 0; k < 12; ++k) {
        e.requestMoves({0});
        if (k % 2 == 0)
            e.applyEdit(Edit::interchange({0}));
        else
            e.undoStack()->undo();
        QTest::qWait(k * 3); // let some runs start before the next change
    }
    QVERIFY(waitForSnapshot(e, snaps));
    while (e.isBusy())
        QVERIFY(snaps.wait(60000));
    // The snapshot is of the last state: its edit log is the document's.
    QCOMPARE(e.snapshot()->editScript.empty() ? nlohmann::json::array()
                                              : nlohmann::json::parse(e.snapshot()->editScript),
             e.session().edits);
    // Undo only steps back over checked changes, so the log may hold several
    // interchanges; an odd number leaves i and j swapped, which the oracle
    // says violates RAW s0 -> s0 (and nothing else).
    const bool interchanged = e.edits().size() % 2 == 1;
    QCOMPARE(e.snapshot()->report.legal, !interchanged);
    QCOMPARE(e.snapshot()->report.violations.size(), std::size_t(interchanged ? 1 : 0));
    QCOMPARE(e.snapshot()->report.edges.size(), std::size_t(3));
}

QTEST_MAIN(tst_Explorer)
#include "tst_explorer.moc"
