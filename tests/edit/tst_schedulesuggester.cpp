// SPDX-License-Identifier: MIT
// isl's scheduler with the dependences as constraints. Each expected map is
// the one isl gives (worked through by hand: the smallest legal skew for
// jacobi_1d), and tools/oracle.py finds each legal.
#include "EditTestUtil.h"
#include "core/isl/IslUtil.h"

#include "core/flags/FlagAnalysis.h"
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
    void largeGraphs_data();
    void largeGraphs();
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

// Kernels on which isl's default search never finished (issue 15): the
// tiled matmul of bench/generate.py. With 4 tiles (17 statements, 50
// edges) the bounded coefficients let it finish; with 12 tiles (49
// statements, 414 edges) the graph is dense and isl's option for large
// graphs makes the schedule, which the note says.
void tst_ScheduleSuggester::largeGraphs_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<bool>("serialized");
    QTest::newRow("tiles 4, default search") << q("data:suggest_tiles_4") << false;
    QTest::newRow("tiles 12, dense: components in sequence") << q("data:suggest_tiles_12") << true;
    QTest::newRow("jacobi_1d, default search") << q("jacobi_1d") << false;
}

void tst_ScheduleSuggester::largeGraphs()
{
    QFETCH(QString, kernel);
    QFETCH(bool, serialized);
    auto a = analyzer(kernel);
    std::string note;
    const isl::schedule s = ScheduleSuggester::suggest(a->model(), a->dependences(DepMode::May), &note);
    QCOMPARE(!note.empty(), serialized);
    if (serialized)
        QVERIFY2(note.find("schedule_serialize_sccs") != std::string::npos, note.c_str());
    QVERIFY(a->check(s, DepMode::May).legal);
    // Every instance scheduled (within the kernel's parameter context).
    const isl::set context = a->model().context();
    const isl::union_set scheduled = s.get_domain().intersect_params(context);
    const isl::union_set domain = a->model().domain().intersect_params(context);
    QVERIFY2(scheduled.is_equal(domain), (islutil::str(scheduled) + " vs " + islutil::str(domain)).c_str());
}

QTEST_GUILESS_MAIN(tst_ScheduleSuggester)
#include "tst_schedulesuggester.moc"
