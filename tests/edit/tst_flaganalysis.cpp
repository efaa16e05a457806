// SPDX-License-Identifier: MIT
// Band flags recomputed from the (may) dependences, worked by hand from
// each kernel's dependence distances; declared flags read back next to them.
#include "EditTestUtil.h"

#include "core/flags/FlagAnalysis.h"
#include "core/flags/FlagCache.h"
#include "core/interop/ScheduleInput.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/schedule_node.h>

#include <QtTest>

using namespace se;
using namespace se::test;

namespace {

QString q(const char *s)
{
    return QString::fromUtf8(s);
}

// "0.0.1" -> path
std::vector<int> path(const QString &text)
{
    std::vector<int> out;
    for (const QString &p : text.split(QLatin1Char('.'), Qt::SkipEmptyParts))
        out.push_back(p.toInt());
    return out;
}

// "yn" -> {true, false}
std::vector<bool> bits(const QString &text)
{
    std::vector<bool> out;
    for (QChar c : text)
        out.push_back(c == QLatin1Char('y'));
    return out;
}

#define FUSE R"({"edit": "fuse", "node": [0, 0], "child": 0})"
#define SHIFT R"({"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}})"
#define MERGE R"({"edit": "merge", "node": [0]})"

} // namespace

class tst_FlagAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void computed_data();
    void computed();
    void cacheAgreesWithFresh_data() { computed_data(); }
    void cacheAgreesWithFresh();
    void declaredAndStale();
    void syncFlags();
    void againstDeltas_data();
    void againstDeltas();
};

void tst_FlagAnalysis::computed_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("band");
    QTest::addColumn<bool>("permutable");
    QTest::addColumn<QString>("coincident"); // y/n per member

    // jacobi_1d: t carries every dependence between time steps; inside one
    // step s0 only reads A and writes B[i] once, s1 only A[i] once.
    QTest::newRow("jacobi t") << q("jacobi_1d") << q("[]") << q("0") << true << q("n");
    QTest::newRow("jacobi s0 i") << q("jacobi_1d") << q("[]") << q("0.0.0.0") << true << q("y");
    QTest::newRow("jacobi s1 i") << q("jacobi_1d") << q("[]") << q("0.0.1.0") << true << q("y");
    // Fused: s0[t, i] reads A[i - 1] before s1[t, i - 1] overwrites it,
    // distance -1 in the fused member.
    QTest::newRow("jacobi fused") << q("jacobi_1d") << q("[" FUSE "]") << q("0.0") << false << q("n");
    QTest::newRow("jacobi fused shifted") << q("jacobi_1d") << q("[" FUSE ", " SHIFT "]") << q("0.0") << true << q("n");
    // One band (t, i): s1[t, i] (at i + 1) writes A[i], s0[t + 1, i - 1]
    // (at i - 1) reads it: distance (1, -2).
    QTest::newRow("jacobi (t, i)") << q("jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE "]") << q("0") << false
                                   << q("nn");
    QTest::newRow("jacobi (t, 2t + i)")
        << q("jacobi_1d")
        << q("[" FUSE ", " SHIFT ", " MERGE
             R"(, {"edit": "skew", "node": [0], "member": 1, "source": 0, "factor": 2}])")
        << q("0") << true << q("nn");
    // two_mm: every dependence stays inside one (i, j); k carries the reductions.
    QTest::newRow("two_mm i") << q("two_mm") << q("[]") << q("0.0.0") << true << q("y");
    QTest::newRow("two_mm j") << q("two_mm") << q("[]") << q("0.0.0.0") << true << q("y");
    QTest::newRow("two_mm k") << q("two_mm") << q("[]") << q("0.0.0.0.0.1.0") << true << q("n");
    QTest::newRow("two_mm (j, i)")
        << q("two_mm")
        << q(R"([{"edit": "merge", "node": [0, 0, 0]}, {"edit": "permute", "node": [0, 0, 0], "order": [1, 0]}])")
        << q("0.0.0") << true << q("yy");
    // Gauss-Seidel: distances (0, 1), (1, -1), (1, 0), (1, 1).
    QTest::newRow("gauss_seidel (i, j)") << q("sample:gauss_seidel_2d") << q("[" MERGE "]") << q("0") << false
                                         << q("nn");
    QTest::newRow("gauss_seidel i") << q("sample:gauss_seidel_2d") << q("[]") << q("0") << true << q("n");
    QTest::newRow("gauss_seidel j") << q("sample:gauss_seidel_2d") << q("[]") << q("0.0") << true << q("n");
    // (2i + j, i): distances (1, 0), (1, 1), (2, 1), (3, 1): the outer member
    // carries all of them, so the inner one is parallel.
    QTest::newRow("gauss_seidel wavefront")
        << q("sample:gauss_seidel_2d")
        << q("[" MERGE R"(, {"edit": "skew", "node": [0], "member": 1, "source": 0, "factor": 2},
                {"edit": "permute", "node": [0], "order": [1, 0]}])")
        << q("0") << true << q("ny");
}

void tst_FlagAnalysis::computed()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, band);
    QFETCH(bool, permutable);
    QFETCH(QString, coincident);
    auto a = analyzer(kernel);
    const isl::schedule s = se::test::apply(*a, edits);
    const FlagReport r = FlagAnalysis::compute(a->model(), a->dependences(DepMode::May), s);
    const BandFlags *b = r.find(path(band));
    QVERIFY(b);
    QCOMPARE(b->permutableComputed, permutable);
    QCOMPARE(b->coincidentComputed, bits(coincident));
    QCOMPARE(b->members, static_cast<unsigned>(coincident.size()));
}

// The app's cache: warmed on the original schedule, then used on the edited
// one, it gives what a fresh compute gives (and the row's expected flags);
// the same schedule again is answered from the cache alone.
void tst_FlagAnalysis::cacheAgreesWithFresh()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, band);
    QFETCH(bool, permutable);
    QFETCH(QString, coincident);
    auto a = analyzer(kernel);
    FlagCache cache; // after the analyzer: its isl objects go first
    const auto &deps = a->dependences(DepMode::May);
    FlagAnalysis::compute(a->model(), deps, a->originalSchedule(), &cache);
    const isl::schedule s = se::test::apply(*a, edits);
    const FlagReport cached = FlagAnalysis::compute(a->model(), deps, s, &cache);
    const FlagReport fresh = FlagAnalysis::compute(a->model(), deps, s);
    QCOMPARE(cached.bands.size(), fresh.bands.size());
    for (std::size_t k = 0; k < fresh.bands.size(); ++k) {
        QCOMPARE(cached.bands[k].path, fresh.bands[k].path);
        QCOMPARE(cached.bands[k].permutableComputed, fresh.bands[k].permutableComputed);
        QCOMPARE(cached.bands[k].coincidentComputed, fresh.bands[k].coincidentComputed);
    }
    const BandFlags *b = cached.find(path(band));
    QVERIFY(b);
    QCOMPARE(b->permutableComputed, permutable);
    QCOMPARE(b->coincidentComputed, bits(coincident));
    const FlagReport again = FlagAnalysis::compute(a->model(), deps, s, &cache);
    QCOMPARE(cache.misses(), std::size_t(0));
    QCOMPARE(again.bands.size(), cached.bands.size());
    for (std::size_t k = 0; k < again.bands.size(); ++k)
        QCOMPARE(again.bands[k].coincidentComputed, cached.bands[k].coincidentComputed);
}

void tst_FlagAnalysis::declaredAndStale()
{
    auto a = analyzer(q("jacobi_1d"));
    const isl::schedule s = se::test::apply(*a, q(R"([{"edit": "set_coincident", "node": [0], "member": 0},
                                                      {"edit": "set_permutable", "node": [0, 0, 0, 0]}])"));
    const FlagReport r = FlagAnalysis::compute(a->model(), a->dependences(DepMode::May), s);
    QCOMPARE(r.bands.size(), std::size_t(3));
    const BandFlags *t = r.find({0});
    QCOMPARE(t->coincidentDeclared, std::vector<bool>{true});
    QCOMPARE(t->coincidentComputed, std::vector<bool>{false});
    QVERIFY(t->stale());
    const BandFlags *i = r.find({0, 0, 0, 0});
    QVERIFY(i->permutableDeclared && i->permutableComputed && !i->stale());
    QVERIFY(r.anyStale());
    QVERIFY(QString::fromStdString(t->summary()).contains(q("STALE")));
}

void tst_FlagAnalysis::syncFlags()
{
    auto a = analyzer(q("two_mm"));
    const isl::schedule s = a->originalSchedule();
    const FlagReport r = FlagAnalysis::compute(a->model(), a->dependences(DepMode::May), s);
    const isl::schedule synced = FlagAnalysis::withComputedFlags(s, r);
    QVERIFY(sameMap(*a, s, synced));
    const FlagReport after = FlagAnalysis::compute(a->model(), a->dependences(DepMode::May), synced);
    for (const auto &b : after.bands) {
        QCOMPARE(b.permutableDeclared, b.permutableComputed);
        QCOMPARE(b.coincidentDeclared, b.coincidentComputed);
    }
}

// The flags of every band, as FlagAnalysis finds them (its prefix times
// built per statement, edges settled by their time differences' ranges,
// keys shared between tiles), against the definition asked of isl
// directly: each dependence's time differences under the band's prefix
// schedule as a set, { [outer..., members...] }, and the questions on it.
void tst_FlagAnalysis::againstDeltas_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // a sample schedule ("data:" a test one), or "" for the original
    QTest::addColumn<QString>("edits");
    const QString tile5 = q(R"([{"edit": "tile", "node": [0], "sizes": [2, 2, 2, 2, 4]}])");
    QTest::newRow("psum pipelined") << q("sample:tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.pipelined.map")
                                    << q("[]");
    QTest::newRow("psum pipelined, tiled")
        << q("sample:tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.pipelined.map") << tile5;
    QTest::newRow("psum prefetch2, tiled")
        << q("sample:tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.prefetch2.map") << tile5;
    // Tile members whose numerators differ by whole tiles on every pair
    // (DifferenceRanges' short way) and by less (isl's integer programme).
    QTest::newRow("psum pipelined, tiled by 4")
        << q("sample:tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.pipelined.map")
        << q(R"([{"edit": "tile", "node": [0], "sizes": [4, 4, 4, 4, 4]}])");
    QTest::newRow("jacobi fused, shifted by a tile, tiled")
        << q("jacobi_1d") << QString()
        << q("[" FUSE R"(, {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 4}})"
             R"(, {"edit": "tile", "node": [0, 0], "sizes": [4]}])");
    QTest::newRow("psum original") << q("sample:tiled_matmul_sbuf_psum") << QString() << q("[]");
    QTest::newRow("red_black fused, shifted, tiled") << q("sample:red_black_1d") << q("red_black_1d.fuse_shift.map")
                                                     << q(R"([{"edit": "tile", "node": [0], "sizes": [3, 2, 1]}])");
    QTest::newRow("gauss_seidel (i, j)") << q("sample:gauss_seidel_2d") << QString() << q("[" MERGE "]");
    QTest::newRow("gauss_seidel wavefront")
        << q("sample:gauss_seidel_2d") << q("gauss_seidel_2d.wavefront.map") << q("[]");
    QTest::newRow("trisolv interchanged") << q("sample:trisolv") << q("trisolv.interchange.map") << q("[]");
    QTest::newRow("matmul reversed k") << q("sample:matmul") << q("matmul.reverse_k.map") << q("[]");
    QTest::newRow("ring allgather hoisted")
        << q("sample:ring_allgather") << q("ring_allgather.hoist_recv.map") << q("[]");
    QTest::newRow("jacobi fused") << q("jacobi_1d") << QString() << q("[" FUSE "]");
    QTest::newRow("jacobi skewed tiles") << q("jacobi_1d") << q("../conformance:jacobi_1d.skewed_tiles.map") << q("[]");
    // Members that are stage constants 1 and 2 apart (one question per sign).
    QTest::newRow("fan-out stages") << q("data:leg_fanout") << q("data:leg_fanout.stages.map") << q("[]");
    QTest::newRow("fan-out stages, tiled") << q("data:leg_fanout") << q("data:leg_fanout.stages.map")
                                           << q(R"([{"edit": "tile", "node": [0], "sizes": [1, 4]}])");
    QTest::newRow("fan-out stages reversed") << q("data:leg_fanout") << q("data:leg_fanout.reversed.map") << q("[]");
    QTest::newRow("fan-out stages reversed, tiled") << q("data:leg_fanout") << q("data:leg_fanout.reversed.map")
                                                    << q(R"([{"edit": "tile", "node": [0], "sizes": [2, 4]}])");
    QTest::newRow("fan-out constants after a shift")
        << q("data:leg_fanout") << q("data:leg_fanout.late_inner.map") << q("[]");
    QTest::newRow("fan-out shifted, tiled") << q("data:leg_fanout") << q("data:leg_fanout.shifted.map")
                                            << q(R"([{"edit": "tile", "node": [0], "sizes": [3, 2]}])");
}

void tst_FlagAnalysis::againstDeltas()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QString, edits);
    auto a = analyzer(kernel);
    isl::schedule base = a->originalSchedule();
    if (schedule.startsWith(q("../conformance:")))
        base = ScheduleInput::readFile(
            a->model(), std::string(SE_CONFORMANCE_DIR) + "/schedules/" + schedule.mid(15).toStdString());
    else if (schedule.startsWith(q("data:")))
        base = ScheduleInput::readFile(
            a->model(), std::string(SE_SOURCE_DIR) + "/tests/data/schedules/" + schedule.mid(5).toStdString());
    else if (!schedule.isEmpty())
        base = ScheduleInput::readFile(
            a->model(), std::string(SE_SOURCE_DIR) + "/sample-kernels/schedules/" + schedule.toStdString());
    const isl::schedule s = script(edits).apply(a->context(), base, "test");
    const auto &deps = a->dependences(DepMode::May);
    const FlagReport r = FlagAnalysis::compute(a->model(), deps, s);
    // And as the app computes them: a cache (its ranges kept across bands and
    // computes) warmed on the schedule before the edits.
    FlagCache cache; // after the analyzer: its isl objects go first
    FlagAnalysis::compute(a->model(), deps, base, &cache);
    const FlagReport warm = FlagAnalysis::compute(a->model(), deps, s, &cache);
    int bands = 0;
    ScheduleTreeWalk::forEach(s.root(), [&](const isl::schedule_node &n, const std::vector<int> &at) {
        if (!n.isa<isl::schedule_node_band>())
            return;
        ++bands;
        const BandFlags *b = r.find(at);
        QVERIFY(b);
        const int outer = isl_schedule_node_get_schedule_depth(n.get()); // raw isl: not in cpp.h 0.25
        const unsigned members = n.as<isl::schedule_node_band>().n_member();
        const isl::union_map prefix = n.child(0).prefix_schedule_union_map();
        const int dims = outer + static_cast<int>(members);
        // { [d0, ..., dn-1] : cond }
        const auto where = [&](const std::string &cond) {
            std::string vars;
            for (int k = 0; k < dims; ++k)
                vars += (k ? ", d" : "d") + std::to_string(k);
            return isl::set(a->context().ctx(), "{ [" + vars + "] : " + cond + " }");
        };
        bool permutable = true;
        std::vector<bool> coincident(members, true);
        for (const Dependence &d : deps) {
            const isl::union_set deltas =
                isl::union_map(d.relation()).apply_domain(prefix).apply_range(prefix).deltas();
            if (deltas.is_empty())
                continue;
            const isl::set all = deltas.as_set();
            std::string equal = "0 = 0";
            for (int k = 0; k < outer; ++k)
                equal += " and d" + std::to_string(k) + " = 0";
            isl::set open = all.intersect(where(equal));
            for (unsigned m = 0; m < members; ++m)
                if (!open.intersect(where("d" + std::to_string(outer + static_cast<int>(m)) + " < 0")).is_empty())
                    permutable = false;
            for (unsigned m = 0; m < members; ++m) {
                const std::string dm = "d" + std::to_string(outer + static_cast<int>(m));
                if (!open.intersect(where(dm + " < 0 or " + dm + " > 0")).is_empty())
                    coincident[m] = false;
                open = open.intersect(where(dm + " = 0"));
            }
        }
        QCOMPARE(b->permutableComputed, permutable);
        QCOMPARE(b->coincidentComputed, coincident);
        const BandFlags *w = warm.find(at);
        QVERIFY(w);
        QCOMPARE(w->permutableComputed, permutable);
        QCOMPARE(w->coincidentComputed, coincident);
    });
    QVERIFY(bands > 0);
    QCOMPARE(r.bands.size(), static_cast<std::size_t>(bands));
}

QTEST_GUILESS_MAIN(tst_FlagAnalysis)
#include "tst_flaganalysis.moc"
