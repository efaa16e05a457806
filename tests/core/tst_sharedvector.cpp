// SPDX-License-Identifier: MIT
// SharedVector: copies share one buffer until one is changed; a change
// never shows in another copy (a check report's edges are shared between
// the reports and snapshots of one kernel).
#include "core/support/SharedVector.h"

#include <QtTest>

#include <string>
#include <utility>

using namespace se;

class tst_SharedVector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copiesShareUntilChanged();
    void emptyByDefault();
};

void tst_SharedVector::copiesShareUntilChanged()
{
    SharedVector<std::string> a(std::vector<std::string>{"RAW s0 -> s1", "WAR s1 -> s0"});
    SharedVector<std::string> b = a;
    QVERIFY(b.sharesWith(a));
    QCOMPARE(std::as_const(b)[1], std::string("WAR s1 -> s0"));
    std::size_t n = 0;
    for (const auto &e : std::as_const(b))
        n += e.size();
    QCOMPARE(n, std::size_t(24));
    QVERIFY(b.sharesWith(a)); // reading never copies

    b[0] = "WAW s0 -> s0"; // a write copies first
    QVERIFY(!b.sharesWith(a));
    QCOMPARE(a[0], std::string("RAW s0 -> s1"));
    QCOMPARE(b[0], std::string("WAW s0 -> s0"));
    QCOMPARE(b.size(), std::size_t(2));

    SharedVector<std::string> c = b;
    c.push_back("RAW s1 -> s2");
    QCOMPARE(b.size(), std::size_t(2));
    QCOMPARE(c.size(), std::size_t(3));
    QCOMPARE(c.vector().back(), std::string("RAW s1 -> s2"));
}

void tst_SharedVector::emptyByDefault()
{
    const SharedVector<int> none;
    QVERIFY(none.empty());
    QCOMPARE(none.size(), std::size_t(0));
    QVERIFY(none.begin() == none.end());
    SharedVector<int> one = none;
    one.push_back(7);
    QVERIFY(none.empty());
    QCOMPARE(one[0], 7);
}

QTEST_GUILESS_MAIN(tst_SharedVector)
#include "tst_sharedvector.moc"
