// SPDX-License-Identifier: MIT
// TransitiveReduction: which edges of a statement graph the overview of a big
// dependence graph draws. Expected masks worked out by hand.
#include "core/layout/TransitiveReduction.h"

#include <QElapsedTimer>
#include <QtTest>

#include <stdexcept>

using namespace se;

namespace {

using Edges = std::vector<TransitiveReduction::Edge>;

/// "0->1, 1->2" -> edges.
Edges parse(const QString &text)
{
    Edges out;
    for (const QString &e : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList ends = e.trimmed().split(QStringLiteral("->"));
        out.push_back({ends[0].toULongLong(), ends[1].toULongLong()});
    }
    return out;
}

QString mask(const std::vector<bool> &keep)
{
    QString s;
    for (bool k : keep)
        s += k ? QLatin1Char('1') : QLatin1Char('0');
    return s;
}

} // namespace

class tst_TransitiveReduction : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keep_data();
    void keep();
    void completeDagKeepsTheChain();
    void badEndpointThrows();
};

void tst_TransitiveReduction::keep_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("edges");
    QTest::addColumn<QString>("kept"); // one digit per edge, in order

    QTest::newRow("empty") << 0 << ""
                           << "";
    QTest::newRow("nodes, no edges") << 3 << ""
                                     << "";
    QTest::newRow("single edge") << 2 << "0->1"
                                 << "1";
    QTest::newRow("chain + shortcut") << 3 << "0->1, 1->2, 0->2"
                                      << "110";
    QTest::newRow("shortcut first") << 3 << "0->2, 0->1, 1->2"
                                    << "011";
    QTest::newRow("long shortcut") << 5 << "0->1, 1->2, 2->3, 3->4, 0->4, 1->3"
                                   << "111100";
    QTest::newRow("diamond") << 4 << "0->1, 0->2, 1->3, 2->3"
                             << "1111";
    QTest::newRow("diamond + shortcut") << 4 << "0->1, 0->2, 1->3, 2->3, 0->3"
                                        << "11110";
    // Node numbers against the order: the reduction does not assume it.
    QTest::newRow("backwards numbering") << 4 << "3->2, 2->1, 1->0, 3->0, 3->1"
                                         << "11100";
    QTest::newRow("duplicate edges") << 3 << "0->1, 0->1, 1->2, 0->1, 0->2"
                                     << "10100";
    QTest::newRow("self loops kept") << 2 << "0->0, 0->1, 1->1"
                                     << "111";
    // {0,1,2} is one component: its edges stay; of the two edges leaving it
    // for 3 only the first; 3->4 stays, 0->4 follows 0->3->4.
    QTest::newRow("cycle") << 5 << "0->1, 1->2, 2->0, 2->3, 0->3, 3->4, 0->4"
                           << "1111010";
    QTest::newRow("two-node cycle + shortcut") << 3 << "0->1, 1->0, 1->2, 0->2"
                                               << "1110";
    QTest::newRow("disconnected") << 6 << "0->1, 1->2, 0->2, 3->4, 4->5, 3->5"
                                  << "110110";
}

void tst_TransitiveReduction::keep()
{
    QFETCH(int, nodes);
    QFETCH(QString, edges);
    QFETCH(QString, kept);
    QCOMPARE(mask(TransitiveReduction::keep(static_cast<std::size_t>(nodes), parse(edges))), kept);
}

void tst_TransitiveReduction::completeDagKeepsTheChain()
{
    // Every i -> j (i < j) over 257 nodes: 32,896 edges, like a big tiled
    // kernel's statement pairs; only the 256 i -> i+1 stay.
    const std::size_t n = 257;
    Edges edges;
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t i = 0; i < j; ++i)
            edges.push_back({i, j});
    QElapsedTimer t;
    t.start();
    const auto keep = TransitiveReduction::keep(n, edges);
    qInfo("%zu edges reduced in %lld ms", edges.size(), static_cast<long long>(t.elapsed()));
    std::size_t count = 0;
    for (std::size_t k = 0; k < edges.size(); ++k) {
        if (keep[k]) {
            ++count;
            QCOMPARE(edges[k].second, edges[k].first + 1);
        }
    }
    QCOMPARE(count, n - 1);
}

void tst_TransitiveReduction::badEndpointThrows()
{
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, TransitiveReduction::keep(2, parse(QStringLiteral("0->2"))));
}

QTEST_GUILESS_MAIN(tst_TransitiveReduction)
#include "tst_transitivereduction.moc"
