// SPDX-License-Identifier: MIT
// GraphFigureBuilder on big graphs (issue 5/6): above GraphOverview's limit
// the figure draws the transitive reduction of the statement pairs plus
// every violated or assumed-absent pair, says so in its note, and still maps
// each drawn edge to its report edges; small kernels draw every edge.
//
// The big kernel: n statements outside any loop, each writing and reading
// the scalar T[0], so (may dependences, no kill) every pair i < j holds a
// RAW, a WAW and a WAR edge: 3 n (n - 1) / 2 edges, whose pair graph's
// transitive reduction is the chain s0 -> s1 -> ... -> s(n-1), n - 1 pairs.
// Scheduling s(n-1) first violates every pair (i, n-1): all but
// (n-2, n-1) are implied by the chain, so n - 2 more pairs are drawn.
#include "core/analysis/Analyzer.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "widgets/worker/AnalysisSnapshot.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/figures/GraphFigureBuilder.h"
#include "core/layout/GraphLayoutMemo.h"
#include "widgets/figures/GraphOverview.h"
#include "widgets/document/Selection.h"

#include <QElapsedTimer>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QtTest>

#include <cmath>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

using namespace se;

namespace {

constexpr int N = 30; // 1,305 edges over 435 pairs: well above MaxFullEdges

KernelPtr scalarChain(int n)
{
    nlohmann::json body = nlohmann::json::array();
    for (int k = 0; k < n; ++k)
        body.push_back({{"id", k},
                        {"op", "acc"},
                        {"writes", {{{"tensor", "T"}, {"index", {"0"}}}}},
                        {"reads", {{{"tensor", "T"}, {"index", {"0"}}}}}});
    const nlohmann::json doc = {{"version", 1},
                                {"name", "scalar_chain"},
                                {"params", nlohmann::json::array()},
                                {"tensors", {{{"name", "T"}, {"shape", {1}}, {"space", "dram"}}}},
                                {"body", body}};
    return KernelLoader::fromJson(doc, "scalar_chain.json");
}

/// { s0[] -> [1]; ...; s(n-2)[] -> [n-1]; s(n-1)[] -> [0] }: the last first.
std::string lastFirst(int n)
{
    std::string m = "{ ";
    for (int k = 0; k < n; ++k)
        m += "s" + std::to_string(k) + "[] -> [" + std::to_string(k == n - 1 ? 0 : k + 1) + "]; ";
    return m + "}";
}

struct Built {
    CheckReport report;
    GraphFigure fig;
    qint64 ms = 0;
};

Built buildFor(const KernelPtr &kernel, const std::string &schedule)
{
    Analyzer a(kernel);
    const isl::schedule s =
        schedule.empty() ? a.originalSchedule() : ScheduleInput::read(a.model(), schedule, "test.map");
    Built b;
    b.report = a.check(s, DepMode::May);
    return b;
}

void layout(Built &b, const Kernel &kernel)
{
    QElapsedTimer t;
    t.start();
    b.fig = GraphFigureBuilder::build(kernel, b.report, FigureFonts::defaults());
    b.ms = t.elapsed();
}

std::set<std::pair<int, int>> drawnPairs(const GraphFigure &fig)
{
    std::set<std::pair<int, int>> out;
    for (const auto &e : fig.edges)
        out.insert({e.src, e.dst});
    return out;
}

} // namespace

class tst_GraphFigureBuilder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bigGraphIsAnOverview();
    void overviewInTheView();
    void overviewLimits();
    void overviewLayoutIgnoresViolations();
    void smallKernelDrawsEveryEdge_data();
    void smallKernelDrawsEveryEdge();
    void benchKernels();
};

void tst_GraphFigureBuilder::bigGraphIsAnOverview()
{
    const KernelPtr kernel = scalarChain(N);
    Built b = buildFor(kernel, lastFirst(N));
    QCOMPARE(b.report.edges.size(), std::size_t(3 * N * (N - 1) / 2));
    // One edge of the implied pair s3 -> s10 assumed absent: drawn too.
    std::size_t assumed = b.report.edges.size();
    for (std::size_t k = 0; k < b.report.edges.size(); ++k)
        if (b.report.edges[k].src == "s3" && b.report.edges[k].dst == "s10" && b.report.edges[k].type == "WAR") {
            b.report.edges[k].assumedAbsent = "test";
            assumed = k;
        }
    QVERIFY(assumed < b.report.edges.size());
    layout(b, *kernel);
    qInfo("%d statements, %zu edges: figure in %lld ms", N, b.report.edges.size(), static_cast<long long>(b.ms));
    QVERIFY2(b.fig.error.isEmpty(), qPrintable(b.fig.error));

    // The chain (N - 1), the implied violated pairs (i, N-1) for i < N - 2
    // (N - 2), the assumed pair: 2 N - 2 pairs, each once, 3 edges each.
    const auto pairs = drawnPairs(b.fig);
    QCOMPARE(b.fig.edges.size(), std::size_t(2 * N - 2));
    QCOMPARE(pairs.size(), b.fig.edges.size());
    for (int k = 0; k + 1 < N; ++k)
        QVERIFY(pairs.count({k, k + 1}));
    for (int k = 0; k + 1 < N; ++k)
        QVERIFY(pairs.count({k, N - 1}));
    QVERIFY(pairs.count({3, 10}));
    std::set<std::size_t> covered;
    for (const auto &e : b.fig.edges) {
        QCOMPARE(e.reportEdges.size(), std::size_t(3));
        for (std::size_t k : e.reportEdges) {
            QCOMPARE(QString::fromStdString(b.report.edges[k].src), b.fig.nodes[std::size_t(e.src)].statement);
            QCOMPARE(QString::fromStdString(b.report.edges[k].dst), b.fig.nodes[std::size_t(e.dst)].statement);
            QVERIFY(covered.insert(k).second);
        }
        // Violated: exactly the pairs into the last statement, drawn red.
        QCOMPARE(e.violated, e.dst == N - 1);
        QVERIFY(!e.path.path.isEmpty());
        QVERIFY(!e.labelRect.isEmpty()); // few enough pairs to label
        QVERIFY(e.tooltip.contains(QStringLiteral("3 dependences")));
        if (e.src == 3 && e.dst == 10) {
            QCOMPARE(e.assumed, QStringLiteral("test"));
            QCOMPARE(e.reportEdges.front(), assumed); // assumed before the rest
        } else {
            QVERIFY(e.assumed.isEmpty());
        }
    }
    const GraphFigure::Edge &implied = *std::find_if(b.fig.edges.begin(), b.fig.edges.end(),
                                                     [](const auto &e) { return e.src == 0 && e.dst == N - 1; });
    QVERIFY(implied.violated);
    QVERIFY(implied.tooltip.contains(QStringLiteral("violated")));

    QCOMPARE(b.fig.note,
             QStringLiteral("Overview: 58 of 435 statement pairs drawn (transitive reduction: every other dependence "
                            "follows a drawn path; plus 29 with a violated or assumed-absent dependence). Violated "
                            "pairs (29) are always drawn, in red. 1,305 dependences between statements in all; hover "
                            "an edge for its own."));
}

// The overview's layout is the same whether the schedule breaks pairs or
// not: the violated pairs beyond the reduction are drawn over it, and every
// label has room for its "violated" line. So an edit that breaks a
// dependence neither moves the nodes nor runs Graphviz again.
void tst_GraphFigureBuilder::overviewLayoutIgnoresViolations()
{
    const KernelPtr kernel = scalarChain(N);
    Built legal = buildFor(kernel, "");
    Built broken = buildFor(kernel, lastFirst(N));
    QVERIFY(legal.report.violations.empty());
    QVERIFY(!broken.report.violations.empty());
    GraphLayoutMemo memo;
    const GraphFigure a = GraphFigureBuilder::build(*kernel, legal.report, FigureFonts::defaults(), &memo);
    const GraphFigure b = GraphFigureBuilder::build(*kernel, broken.report, FigureFonts::defaults(), &memo);
    QVERIFY2(a.error.isEmpty() && b.error.isEmpty(), qPrintable(a.error + b.error));
    QCOMPARE(memo.layouts(), std::size_t(1));
    QCOMPARE(a.nodes.size(), b.nodes.size());
    for (std::size_t k = 0; k < a.nodes.size(); ++k)
        QCOMPARE(b.nodes[k].rect, a.nodes[k].rect);
    // The chain in both; the implied pairs into the last statement only when broken.
    QCOMPARE(a.edges.size(), std::size_t(N - 1));
    QCOMPARE(b.edges.size(), std::size_t(2 * N - 3));
    const QRectF bounds(QPointF(0, 0), b.size);
    for (const auto &e : b.edges) {
        QCOMPARE(e.violated, e.dst == N - 1);
        QVERIFY(!e.path.path.isEmpty());
        QVERIFY(e.path.hasArrow);
        QVERIFY(!e.labelRect.isEmpty());
        const QRectF drawn = e.path.path.boundingRect(); // (a straight edge's has no width)
        QVERIFY(bounds.contains(drawn.topLeft()) && bounds.contains(drawn.bottomRight()));
        QVERIFY(bounds.contains(e.labelRect));
        if (e.src + 1 != e.dst) { // drawn over the layout: ends at the boxes, arrow into the last one
            const QRectF to = b.nodes[static_cast<std::size_t>(e.dst)].rect;
            QVERIFY(to.adjusted(-1, -1, 1, 1).contains(e.path.arrowTip));
            QVERIFY(!to.contains(e.path.arrowBase));
            // The label at half the curve's length (Qt measures it numerically).
            const QPointF half = e.path.path.pointAtPercent(0.5) - e.labelRect.center();
            QVERIFY2(std::hypot(half.x(), half.y()) < 0.5, qPrintable(QString::number(std::hypot(half.x(), half.y()))));
        }
    }
}

void tst_GraphFigureBuilder::overviewInTheView()
{
    const KernelPtr kernel = scalarChain(N);
    Built b = buildFor(kernel, lastFirst(N));
    layout(b, *kernel);
    auto snap = std::make_shared<AnalysisSnapshot>();
    snap->kernel = kernel;
    snap->report = b.report;
    snap->graphFigure = b.fig;
    Selection selection;
    DependenceGraphView view(&selection);
    view.resize(800, 600);
    view.show();
    view.setSnapshot(snap);
    QCOMPARE(view.edgeItems().size(), b.fig.edges.size());
    QVERIFY(view.noteLabel()->isVisible());
    QCOMPARE(view.noteLabel()->text(), b.fig.note);
    QVERIFY(view.noteLabel()->height() > 0);
    QVERIFY(view.zoom() >= 0.7 - 1e-9); // opened readable, not fitted into a smear
    // Selecting any report edge of a drawn pair lights up the pair's edge,
    // whose own index is the pair's first report edge.
    const GraphEdgeItem *pair = view.edgeItems()[0];
    const std::size_t last = pair->edge().reportEdges.back();
    QCOMPARE(std::size_t(pair->index()), pair->edge().reportEdges.front());
    selection.selectEdge(int(last), {});
    QVERIFY(pair->isSelectedEdge());
    QCOMPARE(std::count_if(view.edgeItems().begin(), view.edgeItems().end(),
                           [](const GraphEdgeItem *e) { return e->isSelectedEdge(); }),
             1);
    // An edge no drawn pair holds (s0 -> s2, implied): nothing lights up.
    const auto hidden = std::find_if(b.report.edges.begin(), b.report.edges.end(),
                                     [](const EdgeReport &e) { return e.src == "s0" && e.dst == "s2"; });
    selection.selectEdge(int(hidden - b.report.edges.begin()), {});
    QVERIFY(std::none_of(view.edgeItems().begin(), view.edgeItems().end(),
                         [](const GraphEdgeItem *e) { return e->isSelectedEdge(); }));
    // A small graph hides the note again.
    auto small = std::make_shared<AnalysisSnapshot>();
    view.setSnapshot(small);
    QVERIFY(view.noteLabel()->isHidden());
}

void tst_GraphFigureBuilder::overviewLimits()
{
    using In = GraphOverview::Input;
    // A chain of n statements plus the shortcut 0 -> n-1, violated.
    const auto chain = [](int n) {
        std::vector<In> in;
        for (int k = 0; k + 1 < n; ++k)
            in.push_back({k, k + 1, false, false});
        in.push_back({0, n - 1, true, false});
        return in;
    };
    // Exactly MaxFullEdges: every edge on its own, in report order.
    auto p = GraphOverview::plan(GraphOverview::MaxFullEdges, chain(int(GraphOverview::MaxFullEdges)));
    QVERIFY(!p.overview);
    QVERIFY(p.note.isEmpty());
    QCOMPARE(p.groups.size(), GraphOverview::MaxFullEdges);
    QCOMPARE(p.groups.back().edges, std::vector<std::size_t>{GraphOverview::MaxFullEdges - 1});
    // One more: the overview; the chain stays, the shortcut only as violated.
    p = GraphOverview::plan(GraphOverview::MaxFullEdges + 1, chain(int(GraphOverview::MaxFullEdges) + 1));
    QVERIFY(p.overview);
    QVERIFY(p.labels);
    QCOMPARE(p.groups.size(), GraphOverview::MaxFullEdges + 1);
    // Above MaxLabelledPairs drawn pairs: no labels.
    p = GraphOverview::plan(GraphOverview::MaxLabelledPairs + 2, chain(int(GraphOverview::MaxLabelledPairs) + 2));
    QVERIFY(!p.labels);
    QVERIFY(p.note.contains(QStringLiteral("unlabelled")));
    // A reduction above MaxDrawnPairs: only the violated pair, and a note.
    const int n = int(GraphOverview::MaxDrawnPairs) + 2;
    p = GraphOverview::plan(std::size_t(n), chain(n));
    QCOMPARE(p.groups.size(), std::size_t(1));
    QCOMPARE(p.groups[0].src, 0);
    QCOMPARE(p.groups[0].dst, n - 1);
    QVERIFY2(p.note.startsWith(QStringLiteral("Overview: 1 of 1,502 statement pairs drawn; even their transitive "
                                              "reduction (1,501 pairs) is too big to lay out")),
             qPrintable(p.note));
    // Self loops: one group per statement, violated first; undrawn
    // statements (-1) are skipped.
    std::vector<In> in = chain(int(GraphOverview::MaxFullEdges) + 2);
    in.push_back({5, 5, false, false});
    in.push_back({5, 5, true, false});
    in.push_back({-1, 3, true, false});
    p = GraphOverview::plan(GraphOverview::MaxFullEdges + 2, in);
    const auto loop = std::find_if(p.groups.begin(), p.groups.end(), [](const auto &g) { return g.src == g.dst; });
    QVERIFY(loop != p.groups.end());
    QCOMPARE(loop->edges, (std::vector<std::size_t>{in.size() - 2, in.size() - 3}));
    QCOMPARE(std::count_if(p.groups.begin(), p.groups.end(), [](const auto &g) { return g.src == g.dst; }), 1);
}

void tst_GraphFigureBuilder::smallKernelDrawsEveryEdge_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // empty: the original
    const QDir dir(QStringLiteral(SE_SOURCE_DIR "/sample-kernels"));
    for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        QTest::newRow(qPrintable(f)) << dir.filePath(f) << QString();
    QTest::newRow("gauss_seidel_2d interchanged (violated)")
        << dir.filePath(QStringLiteral("gauss_seidel_2d.json"))
        << dir.filePath(QStringLiteral("schedules/gauss_seidel_2d.interchange.map"));
}

void tst_GraphFigureBuilder::smallKernelDrawsEveryEdge()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const KernelPtr k = KernelLoader::loadFile(kernel.toStdString());
    Built b = buildFor(k, schedule.isEmpty() ? std::string() : KernelLoader::readFile(schedule.toStdString()));
    layout(b, *k);
    QVERIFY(!b.report.edges.empty());
    QCOMPARE(schedule.isEmpty(), b.report.violations.empty());
    QVERIFY(b.fig.note.isEmpty());
    QCOMPARE(b.fig.edges.size(), b.report.edges.size());
    for (std::size_t k = 0; k < b.fig.edges.size(); ++k) {
        const auto &e = b.fig.edges[k];
        QCOMPARE(e.reportEdges, std::vector<std::size_t>{k});
        QCOMPARE(e.type, QString::fromStdString(b.report.edges[k].type));
        QCOMPARE(e.violated,
                 std::any_of(b.report.violations.begin(), b.report.violations.end(),
                             [&](const ViolationReport &v) { return v.edge == k; }));
        // The full label: type and allocation, direction (then pairs or
        // the violation, when known).
        QVERIFY(e.labels.size() >= 2);
        QCOMPARE(e.labels[0].text,
                 QString::fromStdString(b.report.edges[k].type + " \u00b7 " + b.report.edges[k].allocation));
    }
}

void tst_GraphFigureBuilder::benchKernels()
{
    // A measurement on the scaled kernels when they are around (not in CI):
    // prints the figure's time, asserts only that it finishes.
    const QString dir = qEnvironmentVariable("SE_BENCH_DIR", QStringLiteral("/work/shared/bench"));
    int done = 0;
    for (const char *name : {"pipeline_400", "tiled_matmul_64", "tiled_matmul_16", "pipeline_100"}) {
        const QString base = dir + QLatin1Char('/') + QLatin1String(name);
        if (!QFileInfo::exists(base + QStringLiteral(".json")))
            continue;
        const KernelPtr kernel = KernelLoader::loadFile(QString(base + QStringLiteral(".json")).toStdString());
        const QString map = base
            + (QString::fromLatin1(name).startsWith(QLatin1String("pipeline")) ? QStringLiteral(".fused.map")
                                                                               : QStringLiteral(".prefetch2.map"));
        for (const QString &sched : {QString(), map}) {
            Built b = buildFor(kernel, sched.isEmpty() ? std::string() : KernelLoader::readFile(sched.toStdString()));
            layout(b, *kernel);
            QVERIFY2(b.fig.error.isEmpty(), qPrintable(b.fig.error));
            qInfo("%s%s: %zu edges, %zu violated -> %zu figure edges in %lld ms\n  %s", name,
                  sched.isEmpty() ? "" : qPrintable(QStringLiteral(" + ") + QFileInfo(sched).fileName()),
                  b.report.edges.size(), b.report.violations.size(), b.fig.edges.size(), static_cast<long long>(b.ms),
                  qPrintable(b.fig.note));
        }
        ++done;
    }
    if (!done)
        QSKIP("no bench kernels here");
}

QTEST_MAIN(tst_GraphFigureBuilder)
#include "tst_graphfigurebuilder.moc"
