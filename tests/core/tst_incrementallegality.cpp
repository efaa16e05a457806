// SPDX-License-Identifier: MIT
// The fast legality paths (time bounds, verdicts reused per edge shape and
// time difference, edges of unchanged statements kept) must give exactly the
// reports of the plain per-edge isl check. Each row replays a sequence of
// schedules on one kernel, as the app does after edits and undos, and
// compares every step with LegalityChecker::check without shortcuts.
// DifferenceMinimum's own rows are in tst_differenceminimum.
#include "core/analysis/Analyzer.h"
#include "core/edit/Edit.h"
#include "core/flags/FlagAnalysis.h"
#include "core/flags/FlagCache.h"
#include "core/legality/IncrementalLegality.h"
#include "core/legality/LegalityChecker.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"
#include "core/interop/ScheduleInput.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include "../codegen/ParamText.h"

#include <QtTest>

using namespace se;

class tst_IncrementalLegality : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameAsPlainCheck_data();
    void sameAsPlainCheck();
    void verdictAfterDetailsReusesEdges();
    void tileKeepsForwardEdges_data();
    void tileKeepsForwardEdges();
};

void tst_IncrementalLegality::sameAsPlainCheck_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QStringList>("schedules"); // "-" is the original schedule
    QTest::addColumn<QString>("params"); // "N=10,T=4", or "" for symbolic
    const QString conf = QStringLiteral(SE_CONFORMANCE_DIR);
    const QString samples = QStringLiteral(SE_SOURCE_DIR "/sample-kernels");
    auto cs = [&](const char *name) -> QString { return conf + QStringLiteral("/schedules/") + QLatin1String(name); };
    auto ss = [&](const char *name) -> QString {
        return samples + QStringLiteral("/schedules/") + QLatin1String(name);
    };
    QTest::newRow("jacobi fixed")
        << conf + QStringLiteral("/kernels/jacobi_1d.json")
        << QStringList{QStringLiteral("-"),      cs("jacobi_1d.fuse.map"),         cs("jacobi_1d.fuse_shift.map"),
                       cs("jacobi_1d.fuse.map"), cs("jacobi_1d.skewed_tiles.map"), QStringLiteral("-")}
        << QStringLiteral("N=10,T=4");
    QTest::newRow("jacobi symbolic") << conf + QStringLiteral("/kernels/jacobi_1d.json")
                                     << QStringList{QStringLiteral("-"), cs("jacobi_1d.fuse.map"),
                                                    cs("jacobi_1d.fuse_shift.map")}
                                     << QString();
    QTest::newRow("sbuf alias") << conf + QStringLiteral("/kernels/sbuf_alias.json")
                                << QStringList{QStringLiteral("-"), cs("sbuf_alias.pipelined.map"),
                                               cs("sbuf_alias.store_first.map"), QStringLiteral("-")}
                                << QStringLiteral("NT=2");
    QTest::newRow("two_mm") << conf + QStringLiteral("/kernels/two_mm.json")
                            << QStringList{QStringLiteral("-"), cs("two_mm.fused.map"),
                                           cs("two_mm.distributed_k_outer.map")}
                            << QStringLiteral("N=4");
    QTest::newRow("tiled matmul") << samples + QStringLiteral("/tiled_matmul_sbuf_psum.json")
                                  << QStringList{QStringLiteral("-"), ss("tiled_matmul_sbuf_psum.pipelined.map"),
                                                 ss("tiled_matmul_sbuf_psum.prefetch2.map"),
                                                 ss("tiled_matmul_sbuf_psum.pipelined.map")}
                                  << QString();
    // A tile of a band of constants (illegal): time bounds of constant
    // dimensions read off the functions, violated edges with no bounds.
    const QString tile4 =
        QStringLiteral(SE_SOURCE_DIR "/tests/data/schedules/tiled_matmul_sbuf_psum.pipelined_tile4.yaml");
    for (const char *params : {"", "NT=2,KT=2"})
        QTest::newRow(qPrintable(QStringLiteral("tiled matmul, tiles ") + QLatin1String(params)))
            << samples + QStringLiteral("/tiled_matmul_sbuf_psum.json")
            << QStringList{QStringLiteral("-"),
                           ss("tiled_matmul_sbuf_psum.pipelined.map"),
                           tile4,
                           ss("tiled_matmul_sbuf_psum.prefetch2.map"),
                           tile4,
                           tile4}
            << QString::fromLatin1(params);
    // Two edges of one shape whose stages' constants differ: one key, the
    // second edge's report made from the first's witness.
    const QString data = QStringLiteral(SE_SOURCE_DIR "/tests/data");
    for (const char *params : {"", "N=6"})
        QTest::newRow(qPrintable(QStringLiteral("fan-out ") + QLatin1String(params)))
            << data + QStringLiteral("/kernels/leg_fanout.json")
            << QStringList{QStringLiteral("-"), data + QStringLiteral("/schedules/leg_fanout.reversed.map"),
                           data + QStringLiteral("/schedules/leg_fanout.late_inner.map"),
                           data + QStringLiteral("/schedules/leg_fanout.shifted.map"),
                           data + QStringLiteral("/schedules/leg_fanout.reversed.map")}
            << QString::fromLatin1(params);
    QTest::newRow("red black") << samples + QStringLiteral("/red_black_1d.json")
                               << QStringList{QStringLiteral("-"), ss("red_black_1d.fuse.map"),
                                              ss("red_black_1d.fuse_shift.map")}
                               << QString();
}

void tst_IncrementalLegality::sameAsPlainCheck()
{
    QFETCH(QString, kernel);
    QFETCH(QStringList, schedules);
    QFETCH(QString, params);
    KernelPtr k = KernelLoader::loadFile(kernel.toStdString());
    // (none fixed: symbolic analysis; the witness picks the kernel's values)
    Analyzer a(k, {test::paramValues(params)});
    const auto &deps = a.dependences(DepMode::May);
    IncrementalLegality inc;
    for (const QString &path : schedules) {
        const isl::schedule s =
            path == QStringLiteral("-") ? a.originalSchedule() : ScheduleInput::readFile(a.model(), path.toStdString());
        const FlatSchedule flat(a.model(), s);
        const auto plain = LegalityChecker::check(a.model(), deps, flat, {true, false});
        // Without counts or witnesses first (the app's moves list: many
        // edges decided by their shape's least time difference), then
        // without witnesses (`moves`), then with: the same edges and counts,
        // and no report without a count or witness left for the next.
        const auto quick = inc.check(a.model(), deps, flat, {false, true, false});
        QCOMPARE(quick.size(), plain.size());
        for (std::size_t v = 0; v < quick.size(); ++v)
            QCOMPARE(quick[v].edge, plain[v].edge);
        const auto bare = inc.check(a.model(), deps, flat, {true, true, false});
        // Only the violated edges are checked again, to count their pairs
        // (the app's verdict goes first, its details after: SchedulePipeline).
        QVERIFY(inc.lastChecked() <= quick.size());
        QCOMPARE(bare.size(), plain.size());
        for (std::size_t v = 0; v < bare.size(); ++v) {
            QCOMPARE(bare[v].edge, plain[v].edge);
            QCOMPARE(bare[v].count, plain[v].count);
            QVERIFY(bare[v].message.empty());
        }
        const auto fast = inc.check(a.model(), deps, flat, {true, true});
        QVERIFY(inc.lastChecked() <= bare.size());
        QCOMPARE(fast.size(), plain.size());
        for (std::size_t v = 0; v < fast.size(); ++v) {
            QCOMPARE(fast[v].edge, plain[v].edge);
            QCOMPARE(QString::fromStdString(fast[v].message), QString::fromStdString(plain[v].message));
            QCOMPARE(fast[v].count, plain[v].count);
            QCOMPARE(fast[v].level, plain[v].level);
        }
    }
}

// The app checks each edit twice: the verdict alone, then with witnesses
// and counts (SchedulePipeline). The next edit's verdict alone must still
// reuse the edges of unchanged statements, and drop the counts it did not
// ask for.
void tst_IncrementalLegality::verdictAfterDetailsReusesEdges()
{
    const std::string conf = SE_CONFORMANCE_DIR;
    Analyzer a(KernelLoader::loadFile(conf + "/kernels/jacobi_1d.json"), {{{"N", 10}, {"T", 4}}});
    const auto &deps = a.dependences(DepMode::May);
    const isl::schedule fused = ScheduleInput::readFile(a.model(), conf + "/schedules/jacobi_1d.fuse.map");
    IncrementalLegality inc;
    const auto detailed = inc.check(a.model(), deps, FlatSchedule(a.model(), fused), {true, true});
    QVERIFY(!detailed.empty());
    QVERIFY(detailed.front().count.has_value());
    // The same times, flattened again (other objects, plainly equal).
    const auto verdict = inc.check(a.model(), deps, FlatSchedule(a.model(), fused), {false, true, false});
    QCOMPARE(inc.lastChecked(), std::size_t(0));
    QCOMPARE(verdict.size(), detailed.size());
    for (std::size_t v = 0; v < verdict.size(); ++v) {
        QCOMPARE(verdict[v].edge, detailed[v].edge);
        QVERIFY(!verdict[v].count.has_value());
    }
    // And the details again: only the violated edges, for their counts.
    const auto again = inc.check(a.model(), deps, FlatSchedule(a.model(), fused), {true, true});
    QVERIFY(inc.lastChecked() <= detailed.size());
    QCOMPARE(again.size(), detailed.size());
    for (std::size_t v = 0; v < again.size(); ++v)
        QCOMPARE(again[v].count, detailed[v].count);
}

// A tile of a band keeps every edge that was respected and that no member
// of the band takes backwards (VerdictCarry, as SchedulePipeline makes it
// from the band's flags): every band of each schedule tiled, and the check
// after the tile, which skips those edges, gives exactly the plain check's
// reports.
void tst_IncrementalLegality::tileKeepsForwardEdges_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // "-" is the original schedule
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("keeps"); // some tile keeps an edge unchecked
    const QString conf = QStringLiteral(SE_CONFORMANCE_DIR);
    const QString samples = QStringLiteral(SE_SOURCE_DIR "/sample-kernels");
    const QString data = QStringLiteral(SE_SOURCE_DIR "/tests/data");
    const auto row = [](const QString &name, const QString &kernel, const QString &schedule, const char *params,
                        bool keeps = true) {
        QTest::newRow(qPrintable(name)) << kernel << schedule << QString::fromLatin1(params) << keeps;
    };
    row(QStringLiteral("jacobi"), conf + QStringLiteral("/kernels/jacobi_1d.json"), QStringLiteral("-"), "N=10,T=4");
    // Skewed and fused: bands whose members go backwards, tiles that break edges.
    row(QStringLiteral("jacobi skewed tiles"), conf + QStringLiteral("/kernels/jacobi_1d.json"),
        conf + QStringLiteral("/schedules/jacobi_1d.skewed_tiles.map"), "N=10,T=4");
    row(QStringLiteral("jacobi fused, shifted"), conf + QStringLiteral("/kernels/jacobi_1d.json"),
        conf + QStringLiteral("/schedules/jacobi_1d.fuse_shift.map"), "N=10,T=4");
    row(QStringLiteral("jacobi fused (illegal)"), conf + QStringLiteral("/kernels/jacobi_1d.json"),
        conf + QStringLiteral("/schedules/jacobi_1d.fuse.map"), "N=10,T=4");
    row(QStringLiteral("two_mm"), conf + QStringLiteral("/kernels/two_mm.json"), QStringLiteral("-"), "N=4");
    row(QStringLiteral("two_mm fused"), conf + QStringLiteral("/kernels/two_mm.json"),
        conf + QStringLiteral("/schedules/two_mm.fused.map"), "N=4");
    row(QStringLiteral("sbuf alias pipelined"), conf + QStringLiteral("/kernels/sbuf_alias.json"),
        conf + QStringLiteral("/schedules/sbuf_alias.pipelined.map"), "NT=2");
    row(QStringLiteral("tiled matmul pipelined"), samples + QStringLiteral("/tiled_matmul_sbuf_psum.json"),
        samples + QStringLiteral("/schedules/tiled_matmul_sbuf_psum.pipelined.map"), "NT=2,KT=2");
    row(QStringLiteral("tiled matmul prefetch2"), samples + QStringLiteral("/tiled_matmul_sbuf_psum.json"),
        samples + QStringLiteral("/schedules/tiled_matmul_sbuf_psum.prefetch2.map"), "");
    row(QStringLiteral("gauss seidel"), samples + QStringLiteral("/gauss_seidel_2d.json"), QStringLiteral("-"), "");
    row(QStringLiteral("red black fused, shifted"), samples + QStringLiteral("/red_black_1d.json"),
        samples + QStringLiteral("/schedules/red_black_1d.fuse_shift.map"), "");
    row(QStringLiteral("fan-out late inner"), data + QStringLiteral("/kernels/leg_fanout.json"),
        data + QStringLiteral("/schedules/leg_fanout.late_inner.map"), "N=6", false);
}

void tst_IncrementalLegality::tileKeepsForwardEdges()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QString, params);
    QFETCH(bool, keeps);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()), {test::paramValues(params)});
    const auto &deps = a.dependences(DepMode::May);
    const isl::schedule base = schedule == QStringLiteral("-")
        ? a.originalSchedule()
        : ScheduleInput::readFile(a.model(), schedule.toStdString());
    FlagCache cache; // (with a cache every dependence is looked at: the list is complete)
    const FlagReport flags = FlagAnalysis::compute(a.model(), deps, base, &cache);
    const FlatSchedule before(a.model(), base);
    // Respected under the tree tiled: the plain check's answer.
    std::vector<bool> respected(deps.size(), true);
    for (const auto &v : LegalityChecker::check(a.model(), deps, before, {false, false}))
        respected[v.edge] = false;
    int tiles = 0, skipped = 0;
    for (const BandFlags &band : flags.bands) {
        QVERIFY(band.backwardEdges.has_value());
        VerdictCarry carry{respected};
        for (const std::size_t e : *band.backwardEdges)
            carry.kept[e] = false;
        std::size_t kept = 0;
        for (std::size_t e = 0; e < deps.size(); ++e)
            kept += carry.kept[e] ? 1 : 0;
        for (const std::int64_t size : {1, 2, 3}) {
            const isl::schedule tiled =
                Edit::tile(band.path, std::vector<std::int64_t>(band.members, size)).apply(base);
            const FlatSchedule after(a.model(), tiled);
            IncrementalLegality inc;
            inc.check(a.model(), deps, before, {false, true, false});
            const auto plain = LegalityChecker::check(a.model(), deps, after, {true, false});
            const auto quick = inc.check(a.model(), deps, after, {false, true, false}, &carry);
            QVERIFY(inc.lastChecked() <= deps.size() - kept);
            skipped += static_cast<int>(kept);
            QCOMPARE(quick.size(), plain.size());
            for (std::size_t v = 0; v < quick.size(); ++v)
                QCOMPARE(quick[v].edge, plain[v].edge);
            // And the details after it, from the same instance.
            const auto fast = inc.check(a.model(), deps, after, {true, true}, &carry);
            QCOMPARE(fast.size(), plain.size());
            for (std::size_t v = 0; v < fast.size(); ++v) {
                QCOMPARE(QString::fromStdString(fast[v].message), QString::fromStdString(plain[v].message));
                QCOMPARE(fast[v].count, plain[v].count);
            }
            ++tiles;
        }
    }
    QVERIFY(tiles > 0);
    QCOMPARE(skipped > 0, keeps);
}

QTEST_GUILESS_MAIN(tst_IncrementalLegality)
#include "tst_incrementallegality.moc"
