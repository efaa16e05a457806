// SPDX-License-Identifier: MIT
// The Graphviz wrapper: sizes kept, Qt orientation (parent above child),
// edges running from their source box to their target box, labels placed,
// and layouts from many threads at once (Graphviz alone is not thread-safe).
#include "core/layout/GraphLayoutMemo.h"
#include "core/layout/GraphvizLayout.h"

#include <QtConcurrent>
#include <QtTest>

#include <cmath>

using namespace se;

namespace {

bool near(const GraphLayout::Point &p, const GraphLayout::Rect &r, double slack)
{
    return p.x >= r.x - slack && p.x <= r.x + r.width + slack && p.y >= r.y - slack && p.y <= r.y + r.height + slack;
}

bool overlap(const GraphLayout::Rect &a, const GraphLayout::Rect &b)
{
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// A chain 0 -> 1 -> 2 plus 0 -> 2 with labels.
LayoutGraph chain()
{
    LayoutGraph g;
    g.nodes = {{120, 40}, {80, 30}, {200, 50}};
    g.edges = {{0, 1, 60, 20}, {1, 2, 0, 0}, {0, 2, 90, 30}};
    return g;
}

} // namespace

class tst_GraphvizLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sizesAndOrientation();
    void edgesJoinTheirNodes();
    void labels();
    void childOrderKept();
    void selfLoopAndParallelEdges();
    void badEdgeRejected();
    void concurrentCalls();
    void memoLaysOutEachGraphOnce();
};

void tst_GraphvizLayout::sizesAndOrientation()
{
    const GraphLayout l = GraphvizLayout::compute(chain());
    QCOMPARE(l.nodes.size(), std::size_t(3));
    QCOMPARE(l.edges.size(), std::size_t(3));
    // fixedsize: the boxes are exactly the sizes asked for.
    QCOMPARE(l.nodes[0].width, 120.0);
    QCOMPARE(l.nodes[0].height, 40.0);
    QCOMPARE(l.nodes[2].width, 200.0);
    // Top to bottom with y growing down: a source sits above its target.
    QVERIFY(l.nodes[0].y + l.nodes[0].height <= l.nodes[1].y);
    QVERIFY(l.nodes[1].y + l.nodes[1].height <= l.nodes[2].y);
    // Everything inside the bounding box, no two boxes overlapping.
    for (const auto &r : l.nodes) {
        QVERIFY(r.x >= -0.5 && r.y >= -0.5);
        QVERIFY(r.x + r.width <= l.width + 0.5 && r.y + r.height <= l.height + 0.5);
    }
    QVERIFY(!overlap(l.nodes[0], l.nodes[1]));
    QVERIFY(!overlap(l.nodes[0], l.nodes[2]));
    QVERIFY(!overlap(l.nodes[1], l.nodes[2]));
}

void tst_GraphvizLayout::edgesJoinTheirNodes()
{
    const LayoutGraph g = chain();
    const GraphLayout l = GraphvizLayout::compute(g);
    for (std::size_t k = 0; k < g.edges.size(); ++k) {
        const auto &e = l.edges[k];
        QVERIFY2(e.points.size() >= 4 && (e.points.size() - 1) % 3 == 0, "cubic bezier: 3k + 1 points");
        QVERIFY(e.hasArrow);
        QVERIFY(near(e.points.front(), l.nodes[g.edges[k].src], 2));
        QVERIFY(near(e.arrowTip, l.nodes[g.edges[k].dst], 2));
    }
}

void tst_GraphvizLayout::labels()
{
    const LayoutGraph g = chain();
    const GraphLayout l = GraphvizLayout::compute(g);
    QVERIFY(l.edges[0].hasLabel);
    QVERIFY(!l.edges[1].hasLabel);
    QVERIFY(l.edges[2].hasLabel);
    // A label's box (the size we asked for, around its centre) overlaps no node.
    for (std::size_t k : {std::size_t(0), std::size_t(2)}) {
        const auto c = l.edges[k].labelCenter;
        const GraphLayout::Rect box{c.x - g.edges[k].labelWidth / 2, c.y - g.edges[k].labelHeight / 2,
                                    g.edges[k].labelWidth, g.edges[k].labelHeight};
        for (const auto &r : l.nodes)
            QVERIFY(!overlap(box, r));
    }
}

void tst_GraphvizLayout::childOrderKept()
{
    // A root with four children given in order: left to right in that order.
    LayoutGraph g;
    g.keepChildOrder = true;
    g.splines = LayoutGraph::Splines::Straight;
    g.nodes = {{60, 30}, {60, 30}, {140, 30}, {60, 30}, {90, 30}};
    g.edges = {{0, 1}, {0, 2}, {0, 3}, {0, 4}};
    const GraphLayout l = GraphvizLayout::compute(g);
    for (std::size_t k = 1; k + 1 < g.nodes.size(); ++k)
        QVERIFY(l.nodes[k].x + l.nodes[k].width <= l.nodes[k + 1].x);
}

void tst_GraphvizLayout::selfLoopAndParallelEdges()
{
    LayoutGraph g;
    g.nodes = {{80, 30}, {80, 30}};
    g.edges = {{0, 0, 50, 16}, {0, 1, 50, 16}, {0, 1, 50, 16}, {0, 1, 50, 16}};
    const GraphLayout l = GraphvizLayout::compute(g);
    QCOMPARE(l.edges.size(), std::size_t(4));
    for (const auto &e : l.edges)
        QVERIFY(!e.points.empty());
    // Parallel edges get distinct label places.
    const auto a = l.edges[1].labelCenter, b = l.edges[2].labelCenter, c = l.edges[3].labelCenter;
    QVERIFY(std::hypot(a.x - b.x, a.y - b.y) > 10);
    QVERIFY(std::hypot(b.x - c.x, b.y - c.y) > 10);
}

void tst_GraphvizLayout::badEdgeRejected()
{
    LayoutGraph g;
    g.nodes = {{80, 30}};
    g.edges = {{0, 3}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, GraphvizLayout::compute(g));
}

void tst_GraphvizLayout::concurrentCalls()
{
    // Layouts requested from several threads at once all complete alike.
    const GraphLayout reference = GraphvizLayout::compute(chain());
    QList<int> jobs;
    for (int k = 0; k < 24; ++k)
        jobs << k;
    const QList<double> widths =
        QtConcurrent::blockingMapped(jobs, [](int) { return GraphvizLayout::compute(chain()).width; });
    for (double w : widths)
        QCOMPARE(w, reference.width);
}

void tst_GraphvizLayout::memoLaysOutEachGraphOnce()
{
    GraphLayoutMemo memo;
    const LayoutGraph a = chain();
    LayoutGraph b = chain();
    b.edges[0].labelHeight += 14; // a label grew a line ("violated")
    const auto nodes = [](const GraphLayout &l) {
        std::vector<double> out;
        for (const auto &n : l.nodes)
            out.insert(out.end(), {n.x, n.y, n.width, n.height});
        return out;
    };
    const auto fresh = [&](const LayoutGraph &g) { return nodes(GraphvizLayout::compute(g)); };
    QCOMPARE(nodes(memo.compute(a)), fresh(a));
    QCOMPARE(nodes(memo.compute(a)), fresh(a));
    QCOMPARE(memo.layouts(), std::size_t(1));
    QCOMPARE(nodes(memo.compute(b)), fresh(b));
    QCOMPARE(memo.layouts(), std::size_t(2));
    QCOMPARE(nodes(memo.compute(a)), fresh(a)); // an undo: the graph before is kept
    QCOMPARE(memo.layouts(), std::size_t(2));
    LayoutGraph c = chain();
    c.edges[1].labelWidth += 30;
    QCOMPARE(nodes(memo.compute(c)), fresh(c));
    QCOMPARE(memo.layouts(), std::size_t(3));
    QCOMPARE(nodes(memo.compute(a)), fresh(a)); // used last before c: kept
    QCOMPARE(memo.layouts(), std::size_t(3));
    QCOMPARE(nodes(memo.compute(b)), fresh(b)); // only the last two are kept
    QCOMPARE(memo.layouts(), std::size_t(4));
    QCOMPARE(memo.compute(a).edges.size(), a.edges.size());
}

QTEST_MAIN(tst_GraphvizLayout)
#include "tst_graphvizlayout.moc"
