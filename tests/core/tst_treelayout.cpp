// SPDX-License-Identifier: MIT
// TreeLayout: the linear layout of big schedule trees. Expected positions
// worked out by hand from the sizes and separations.
#include "core/layout/TreeLayout.h"

#include <QtTest>

#include <stdexcept>

using namespace se;

namespace {

LayoutGraph graph(const std::vector<std::pair<double, double>> &sizes,
                  const std::vector<std::pair<std::size_t, std::size_t>> &edges)
{
    LayoutGraph g;
    g.nodeSeparation = 10;
    g.rankSeparation = 20;
    for (const auto &[w, h] : sizes)
        g.nodes.push_back({w, h});
    for (const auto &[a, b] : edges)
        g.edges.push_back({a, b, 0, 0});
    return g;
}

} // namespace

class tst_TreeLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parentCentredOverChildren();
    void wideParent();
    void ranksByDepth();
    void childOrderKept();
    void edgesStraightDown();
    void notATree();
    void big();
};

void tst_TreeLayout::parentCentredOverChildren()
{
    // 0 -> {1, 2}: children 40 and 60 wide, 10 apart: span 110.
    const GraphLayout l = TreeLayout::compute(graph({{30, 10}, {40, 10}, {60, 10}}, {{0, 1}, {0, 2}}));
    QCOMPARE(l.nodes[1].x, 0.0);
    QCOMPARE(l.nodes[2].x, 50.0);
    QCOMPARE(l.nodes[0].x, (110.0 - 30) / 2);
    QCOMPARE(l.width, 110.0);
}

void tst_TreeLayout::wideParent()
{
    // A parent wider than its children: they sit centred under it.
    const GraphLayout l = TreeLayout::compute(graph({{200, 10}, {40, 10}, {60, 10}}, {{0, 1}, {0, 2}}));
    QCOMPARE(l.nodes[0].x, 0.0);
    QCOMPARE(l.nodes[1].x, (200.0 - 110) / 2);
    QCOMPARE(l.nodes[2].x, (200.0 - 110) / 2 + 50);
    QCOMPARE(l.width, 200.0);
}

void tst_TreeLayout::ranksByDepth()
{
    // Rank 0 is 10 tall, rank 1 is 30 tall (the taller child), rank 2 below.
    const GraphLayout l = TreeLayout::compute(graph({{10, 10}, {10, 30}, {10, 10}, {10, 5}}, {{0, 1}, {0, 2}, {2, 3}}));
    QCOMPARE(l.nodes[0].y, 0.0);
    QCOMPARE(l.nodes[1].y, 30.0); // 10 + 20
    QCOMPARE(l.nodes[2].y, 30.0 + 10); // centred in its 30-tall rank
    QCOMPARE(l.nodes[3].y, 80.0); // 30 + 30 + 20
    QCOMPARE(l.height, 85.0);
}

void tst_TreeLayout::childOrderKept()
{
    // The edges' order is the left-to-right order, whatever the indices.
    const GraphLayout l =
        TreeLayout::compute(graph({{10, 10}, {10, 10}, {10, 10}, {10, 10}}, {{0, 3}, {0, 1}, {0, 2}}));
    QVERIFY(l.nodes[3].x < l.nodes[1].x);
    QVERIFY(l.nodes[1].x < l.nodes[2].x);
}

void tst_TreeLayout::edgesStraightDown()
{
    const GraphLayout l = TreeLayout::compute(graph({{30, 10}, {40, 10}, {60, 10}}, {{0, 1}, {0, 2}}));
    QCOMPARE(l.edges.size(), std::size_t(2));
    const auto &e = l.edges[1];
    QCOMPARE(e.points.size(), std::size_t(4));
    QCOMPARE(e.points.front().x, l.nodes[0].x + 15);
    QCOMPARE(e.points.front().y, 10.0);
    QCOMPARE(e.points.back().x, 80.0); // the child's centre: 50 + 30
    QCOMPARE(e.points.back().y, 30.0);
    QVERIFY(!e.hasArrow);
}

void tst_TreeLayout::notATree()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TreeLayout::compute(graph({{1, 1}, {1, 1}, {1, 1}}, {{0, 2}, {1, 2}})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TreeLayout::compute(graph({{1, 1}, {1, 1}}, {{0, 1}, {1, 0}})));
}

void tst_TreeLayout::big()
{
    // The shape of pipeline_400's tree: a sequence of 400 filters, each
    // with a band, a band, a mark and a leaf. No two nodes of a rank overlap.
    std::vector<std::pair<double, double>> sizes{{100, 20}, {80, 20}};
    std::vector<std::pair<std::size_t, std::size_t>> edges{{0, 1}};
    for (std::size_t s = 0; s < 400; ++s) {
        std::size_t parent = 1;
        for (int d = 0; d < 5; ++d) {
            sizes.push_back({50.0 + d, 20});
            edges.push_back({parent, sizes.size() - 1});
            parent = sizes.size() - 1;
        }
    }
    const GraphLayout l = TreeLayout::compute(graph(sizes, edges));
    QCOMPARE(l.nodes.size(), sizes.size());
    for (std::size_t k = 3; k + 5 < sizes.size(); k += 5) // consecutive filters' bands
        QVERIFY(l.nodes[k].x + l.nodes[k].width + 10 <= l.nodes[k + 5].x + 1e-9);
}

QTEST_APPLESS_MAIN(tst_TreeLayout)
#include "tst_treelayout.moc"
