// SPDX-License-Identifier: MIT
// isl's scheduler with the dependences as constraints. Each expected map is
// the one isl gives (worked through by hand: the smallest legal skew for
// jacobi_1d), and tools/oracle.py finds each legal.
#include "EditTestUtil.h"
#include "core/isl/IslUtil.h"

#include "core/edit/FlagAnalysis.h"
#include "core/explore/ScheduleSuggester.h"

#include <QtTest>

using namespace se;
using namespace se::test;

namespace {
QString q(const char *s)
{
    return QString::fromUtf8(s);
}
} // namespace

class tst_ScheduleSuggester : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void suggest_data();
    void suggest();
};

void tst_ScheduleSuggester::suggest_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("map");
    QTest::newRow("jacobi_1d") << q("jacobi_1d")
                               << q("[T, N] -> { s0[t, i] -> [t, 2t + i, 0]; s1[t, i] -> [t, 2t + i + 1, 1] }");
    QTest::newRow("two_mm") << q("two_mm")
                            << q("[N] -> { s0[i, j] -> [0, i, j, 0, 0]; s1[i, j, k] -> [0, i, j, k, 1]; "
                                 "s2[i, j] -> [1, i, j, 0, 0]; s3[i, j, k] -> [1, i, j, k, 1] }");
}

void tst_ScheduleSuggester::suggest()
{
    QFETCH(QString, kernel);
    QFETCH(QString, map);
    auto a = analyzer(kernel);
    const isl::schedule s = ScheduleSuggester::suggest(a->model(), a->dependences(DepMode::May));
    QVERIFY2(sameMap(*a, s, map), islutil::str(s.get_map()).c_str());
    QVERIFY(a->check(s, DepMode::May).legal);
    // isl's own flags agree with the recomputed ones.
    const FlagReport r = FlagAnalysis::compute(a->model(), a->dependences(DepMode::May), s);
    QVERIFY(!r.bands.empty());
    for (const auto &b : r.bands) {
        QCOMPARE(b.permutableDeclared, b.permutableComputed);
        QCOMPARE(b.coincidentDeclared, b.coincidentComputed);
    }
}

QTEST_GUILESS_MAIN(tst_ScheduleSuggester)
#include "tst_schedulesuggester.moc"
