// SPDX-License-Identifier: MIT
// Edges that are the same problem share one key, and so one verdict,
// witness and count (IncrementalLegality shifts the witness's times by each
// edge's constants): the key must tell apart every two edges whose
// violating pairs differ. tst_incrementallegality checks the reports made
// from shared keys against the plain check.
#include "core/analysis/Analyzer.h"
#include "core/interop/ScheduleInput.h"
#include "core/legality/EdgeVerdictCache.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"

#include <QtTest>

using namespace se;

class tst_EdgeVerdictCache : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stageConstants_data();
    void stageConstants();
};

// tests/data/kernels/leg_fanout.json: s0 writes A[i], s1 and s2 read it
// (two edges of one shape); `same` is whether s0 -> s1 and s0 -> s2 get
// one key under the schedule.
void tst_EdgeVerdictCache::stageConstants_data()
{
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<bool>("same");
    QTest::newRow("stages 1 and 2 before") << "[N] -> { s0[i] -> [2, i]; s1[i] -> [1, i]; s2[i] -> [0, i] }" << true;
    QTest::newRow("stages 1 and 2 after") << "[N] -> { s0[i] -> [0, i]; s1[i] -> [1, i]; s2[i] -> [2, i] }" << true;
    QTest::newRow("stages on either side") << "[N] -> { s0[i] -> [1, i]; s1[i] -> [2, i]; s2[i] -> [0, i] }" << false;
    QTest::newRow("same stage, constants after the loop")
        << "[N] -> { s0[i] -> [0, i, 0]; s1[i] -> [0, i, 1]; s2[i] -> [0, i, 2] }" << true;
    QTest::newRow("constants after a shift") << "[N] -> { s0[i] -> [0, i, 0]; s1[i] -> [0, i - 1, 1]; s2[i] -> "
                                                "[0, i - 1, 3] }"
                                             << true;
    // Where a time is not its constant alone, the difference is kept.
    QTest::newRow("shifts in the loop") << "[N] -> { s0[i] -> [i, 0]; s1[i] -> [i - 1, 1]; s2[i] -> [i - 2, 1] }"
                                        << false;
    QTest::newRow("loop in one, constant in the other")
        << "[N] -> { s0[i] -> [i, 0]; s1[i] -> [1, i]; s2[i] -> [2, i] }" << false;
    QTest::newRow("a parameter") << "[N] -> { s0[i] -> [N, i]; s1[i] -> [N + 1, i]; s2[i] -> [N + 2, i] }" << false;
}

void tst_EdgeVerdictCache::stageConstants()
{
    QFETCH(QString, schedule);
    QFETCH(bool, same);
    Analyzer a(KernelLoader::loadFile(SE_SOURCE_DIR "/tests/data/kernels/leg_fanout.json"));
    const auto &deps = a.dependences(DepMode::May);
    const isl::schedule s = ScheduleInput::read(a.model(), schedule.toStdString(), "test.map");
    const FlatSchedule flat(a.model(), s);
    EdgeVerdictCache cache;
    cache.setSchedule(flat);
    std::optional<EdgeVerdictCache::Key> toS1, toS2;
    for (const Dependence &d : deps) {
        const std::string dst = a.model().statements()[d.dst].name;
        if (dst == "s1")
            toS1 = cache.key(d);
        else if (dst == "s2")
            toS2 = cache.key(d);
    }
    QVERIFY(toS1 && toS2);
    QCOMPARE(*toS1 == *toS2, same);
}

QTEST_GUILESS_MAIN(tst_EdgeVerdictCache)
#include "tst_edgeverdictcache.moc"
