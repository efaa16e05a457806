// SPDX-License-Identifier: MIT
// InjectiveTimes: whether every statement's times are injective, asked of
// the schedule's map (isl's test) and of its flat schedule (a statement
// whose function keeps each of its dimensions as an output needs no test):
// both agree with the answer written in each row (and its flattened times,
// of the whole tree and of one statement's), and a schedule that is
// not injective gets its leaf band of instance coordinates.
#include "core/analysis/Analyzer.h"
#include "core/codegen/InjectiveTimes.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"
#include "core/isl/IslContext.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleFlattener.h"

#include <isl/schedule.h>

#include <QtTest>

using namespace se;

class tst_InjectiveTimes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void agrees_data();
    void agrees();
};

void tst_InjectiveTimes::agrees_data()
{
    QTest::addColumn<QString>("times");
    QTest::addColumn<bool>("injective");
    // matmul: s0[i, j] (init), s1[i, j, k] (update).
    QTest::newRow("original") << "[M, N, K] -> { s0[i, j] -> [i, j, 0, 0]; s1[i, j, k] -> [i, j, 1, k] }" << true;
    QTest::newRow("tiled") << "[M, N, K] -> { s0[i, j] -> [floor(i/4), floor(j/4), i, j, 0, 0]; "
                              "s1[i, j, k] -> [floor(i/4), floor(j/4), i, j, 1, k] }"
                           << true;
    QTest::newRow("k dropped") << "[M, N, K] -> { s0[i, j] -> [i, j, 0]; s1[i, j, k] -> [i, j, 1] }" << false;
    QTest::newRow("skewed: injective, no dimension kept as it is")
        << "[M, N, K] -> { s0[i, j] -> [i + j, j, 0, 0]; s1[i, j, k] -> [i + j, j, 1, k] }" << true;
    QTest::newRow("scaled") << "[M, N, K] -> { s0[i, j] -> [2i, j, 0, 0]; s1[i, j, k] -> [2i, j, 1, k] }" << true;
    QTest::newRow("i + j alone") << "[M, N, K] -> { s0[i, j] -> [i + j, 0, 0]; s1[i, j, k] -> [i + j, 1, k] }" << false;
    QTest::newRow("a parameter beside i")
        << "[M, N, K] -> { s0[i, j] -> [i + M, j, 0, 0]; s1[i, j, k] -> [i + M, j, 1, k] }" << true;
    QTest::newRow("k modulo 2") << "[M, N, K] -> { s0[i, j] -> [i, j, 0, 0]; s1[i, j, k] -> [i, j, 1, k mod 2] }"
                                << false;
}

void tst_InjectiveTimes::agrees()
{
    QFETCH(QString, times);
    QFETCH(bool, injective);
    Analyzer a(KernelLoader::loadFile(SE_SOURCE_DIR "/sample-kernels/matmul.json"));
    const PolyhedralModel &model = a.model();
    const isl::schedule s = ScheduleInput::read(model, times.toStdString(), "times.map");
    const FlatSchedule flat(model, s);
    QCOMPARE(InjectiveTimes::all(model, s.get_map()), injective);
    QCOMPARE(InjectiveTimes::all(flat), injective);
    unsigned dims = 0;
    QCOMPARE(InjectiveTimes::all(ScheduleFlattener::flatten(model, s, &dims)), injective);
    // A subtree of one statement: the others are not reached, not tested.
    for (const char *statement : {"[M, N, K] -> { s0[i, j] }", "[M, N, K] -> { s1[i, j, k] }"}) {
        // raw isl: no intersect_domain of a schedule in cpp.h 0.25
        const isl::schedule one = isl::manage(
            isl_schedule_intersect_domain(s.copy(), isl::union_set(model.islContext().ctx(), statement).release()));
        QCOMPARE(InjectiveTimes::all(ScheduleFlattener::flatten(model, one, &dims)),
                 InjectiveTimes::all(model, one.get_map()));
    }
    // Not injective: a band of each statement's coordinates under every leaf.
    const isl::schedule runs = InjectiveTimes::apply(model, s, s.get_map());
    QCOMPARE(runs.get() == s.get(), injective);
    if (!injective)
        QVERIFY(InjectiveTimes::all(FlatSchedule(model, runs)));
}

QTEST_MAIN(tst_InjectiveTimes)
#include "tst_injectivetimes.moc"
