// SPDX-License-Identifier: MIT
// May and flow dependences. Edge sets and pair counts come from
// `tools/oracle.py check KERNEL --param ... [--deps flow]` (a brute-force
// enumeration without isl), run on tests/data/kernels/deps_*.json and the
// conformance kernels; relations, distance sets and direction vectors are
// worked by hand.
#include "core/analysis/Analyzer.h"
#include "core/deps/DependenceAnalysis.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"

#include <isl/union_map.h>

#include <QtTest>

using namespace se;

namespace {

std::string kernelPath(const QString &name)
{
    // "conformance/NAME" or a kernel of tests/data/kernels.
    if (name.startsWith(QLatin1String("conformance/")))
        return std::string(SE_CONFORMANCE_DIR) + "/kernels/" + name.mid(12).toStdString() + ".json";
    return std::string(SE_SOURCE_DIR) + "/tests/data/kernels/" + name.toStdString() + ".json";
}

// "N=8,T=3" -> values
ParamValues params(const QString &text)
{
    ParamValues out;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto parts = kv.split(QLatin1Char('='));
        out[parts[0].toStdString()] = parts[1].toLongLong();
    }
    return out;
}

std::unique_ptr<Analyzer> analyze(const QString &kernel, const QString &fixed)
{
    Analyzer::Options o;
    o.params = params(fixed);
    return std::make_unique<Analyzer>(KernelLoader::loadFile(kernelPath(kernel)), o);
}

DepMode mode(const QString &m)
{
    return m == QLatin1String("flow") ? DepMode::Flow : DepMode::May;
}

// Index of the edge (type, src, dst) in the analyzer's list, or -1.
int findEdge(Analyzer &a, DepMode m, const QString &type, const QString &src, const QString &dst)
{
    const auto &reports = a.edgeReports(m, true);
    for (std::size_t k = 0; k < reports.size(); ++k)
        if (QString::fromStdString(reports[k].type) == type && QString::fromStdString(reports[k].src) == src
            && QString::fromStdString(reports[k].dst) == dst)
            return static_cast<int>(k);
    return -1;
}

} // namespace

class tst_Dependences : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void edgesAndCounts_data();
    void edgesAndCounts();
    void relations_data();
    void relations();
    void distances_data();
    void distances();
    void symbolic();
    void sortedAndNonEmpty();
    void summaryStopped();
};

void tst_Dependences::edgesAndCounts_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("deps");
    QTest::addColumn<QString>("expected"); // "TYPE src dst allocation count; ..." as oracle.py sorts them
    auto row = [](const char *name, const char *kernel, const char *fixed, const char *deps, const char *expected) {
        QTest::newRow(name) << QString::fromLatin1(kernel) << QString::fromLatin1(fixed) << QString::fromLatin1(deps)
                            << QString::fromLatin1(expected);
    };
    // Kernels written for these tests.
    row("stencil may", "deps_stencil", "T=3,N=8", "may", "RAW s0 s0 A 63; WAR s0 s0 A 63; WAW s0 s0 A 18");
    row("stencil flow", "deps_stencil", "T=3,N=8", "flow", "RAW s0 s0 A 37");
    row("sequence may", "deps_sequence", "N=6", "may", "RAW s0 s1 A 12");
    row("sequence flow", "deps_sequence", "N=6", "flow", "RAW s0 s1 A 12");
    row("reduction may", "deps_reduction", "N=3", "may",
        "RAW s0 s1 C 27; RAW s1 s1 C 27; WAR s1 s1 C 27; WAW s0 s1 C 27; WAW s1 s1 C 27");
    row("reduction flow", "deps_reduction", "N=3", "flow", "RAW s0 s1 C 9; RAW s1 s1 C 18");
    row("alloc may", "deps_alloc", "", "may", "RAW s0 s1 SB_alloc 8; RAW s0 s2 SB_alloc 8");
    row("alloc flow", "deps_alloc", "", "flow", "RAW s0 s1 SB_alloc 8; RAW s0 s2 SB_alloc 8");
    row("ceil may", "deps_ceil", "N=10", "may", "RAW s0 s1 A 10; WAW s0 s0 A 12");
    row("ceil flow", "deps_ceil", "N=10", "flow", "RAW s0 s1 A 4");
    row("rank 2 3 may", "deps_rank", "N=4,rank_0_0=2,rank_0_1=3", "may", "WAR s1 s0 A 3");
    row("rank 2 3 flow", "deps_rank", "N=4,rank_0_0=2,rank_0_1=3", "flow", "");
    row("rank 3 2 may", "deps_rank", "N=4,rank_0_0=3,rank_0_1=2", "may", "RAW s0 s1 A 3");
    row("rank 1 1 flow", "deps_rank", "N=4,rank_0_0=1,rank_0_1=1", "flow", "RAW s0 s1 A 4");
    // The conformance kernels at their `value`s.
    row("ceil_ops may", "conformance/ceil_ops", "", "may",
        "RAW s0 s1 S 24; WAW s0 s0 S 9; WAW s1 s1 O 9; WAW s1 s2 O 13; WAW s2 s1 O 11; WAW s2 s2 O 8");
    row("ceil_ops flow", "conformance/ceil_ops", "", "flow", "RAW s0 s1 S 10");
    row("jacobi_1d may", "conformance/jacobi_1d", "T=4,N=10", "may",
        "RAW s0 s1 B 80; RAW s1 s0 A 132; WAR s0 s1 A 220; WAR s1 s0 B 48; WAW s0 s0 B 48; WAW s1 s1 A 48");
    row("jacobi_1d flow", "conformance/jacobi_1d", "T=4,N=10", "flow", "RAW s0 s1 B 32; RAW s1 s0 A 66");
    row("loop_sequence may", "conformance/loop_sequence", "", "may", "RAW s0 s1 A 200; RAW s0 s2 A 10; RAW s1 s2 B 10");
    row("loop_sequence flow", "conformance/loop_sequence", "", "flow",
        "RAW s0 s1 A 200; RAW s0 s2 A 10; RAW s1 s2 B 10");
    row("sbuf_alias may", "conformance/sbuf_alias", "NT=2", "may",
        "RAW s0 s1 SB_alloc 48; RAW s0 s2 SB_alloc 48; RAW s1 s1 SB_alloc 24; RAW s1 s2 SB_alloc 48; "
        "WAR s1 s0 SB_alloc 16; WAR s1 s1 SB_alloc 8; WAR s2 s0 SB_alloc 16; WAR s2 s1 SB_alloc 16; "
        "WAW s0 s0 SB_alloc 32; WAW s0 s1 SB_alloc 48; WAW s1 s0 SB_alloc 16; WAW s1 s1 SB_alloc 16");
    row("sbuf_alias flow", "conformance/sbuf_alias", "NT=2", "flow",
        "RAW s0 s1 SB_alloc 16; RAW s1 s1 SB_alloc 16; RAW s1 s2 SB_alloc 32");
    row("triangle_strided may", "conformance/triangle_strided", "N=7", "may",
        "RAW s0 s0 A 20; RAW s0 s1 A 6; RAW s1 s0 A 12; WAR s1 s0 A 9; WAW s0 s1 A 6; WAW s1 s0 A 9");
    row("triangle_strided flow", "conformance/triangle_strided", "N=7", "flow",
        "RAW s0 s0 A 15; RAW s0 s1 A 6; RAW s1 s0 A 6");
    row("two_mm may", "conformance/two_mm", "N=4", "may",
        "RAW s0 s1 tmp 64; RAW s0 s3 tmp 64; RAW s1 s1 tmp 96; RAW s1 s3 tmp 256; RAW s2 s3 D 64; RAW s3 s3 D 96; "
        "WAR s1 s1 tmp 96; WAR s2 s3 D 64; WAR s3 s3 D 96; WAW s0 s1 tmp 64; WAW s1 s1 tmp 96; WAW s2 s3 D 64; "
        "WAW s3 s3 D 96");
    row("two_mm flow", "conformance/two_mm", "N=4", "flow",
        "RAW s0 s1 tmp 16; RAW s1 s1 tmp 48; RAW s1 s3 tmp 64; RAW s2 s3 D 16; RAW s3 s3 D 48");
}

void tst_Dependences::edgesAndCounts()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, deps);
    QFETCH(QString, expected);
    auto a = analyze(kernel, fixed);
    QStringList got;
    for (const EdgeReport &r : a->edgeReports(mode(deps), true))
        got << QString::fromStdString(r.type + " " + r.src + " " + r.dst + " " + r.allocation + " "
                                      + (r.count ? std::to_string(*r.count) : std::string("null")));
    QCOMPARE(got.join(QLatin1String("; ")), expected);
}

void tst_Dependences::relations_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("deps");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("src");
    QTest::addColumn<QString>("dst");
    QTest::addColumn<QString>("relation");
    const char *sb = "0 <= t < T and 0 <= t' < T and 1 <= i <= N - 2 and 1 <= i' <= N - 2 and N >= 3";
    auto row = [](const char *name, const char *kernel, const char *fixed, const char *deps, const char *type,
                  const char *src, const char *dst, const std::string &relation) {
        QTest::newRow(name) << QString::fromLatin1(kernel) << QString::fromLatin1(fixed) << QString::fromLatin1(deps)
                            << QString::fromLatin1(type) << QString::fromLatin1(src) << QString::fromLatin1(dst)
                            << QString::fromStdString(relation);
    };
    // In-place stencil: the write of A[i] at (t, i) meets the reads of A[i+1], A[i], A[i-1].
    row("stencil WAW", "deps_stencil", "", "may", "WAW", "s0", "s0",
        std::string("[T, N] -> { s0[t, i] -> s0[t', i'] : i' = i and t < t' and ") + sb + " }");
    row("stencil RAW", "deps_stencil", "", "may", "RAW", "s0", "s0",
        std::string("[T, N] -> { s0[t, i] -> s0[t', i'] : ((i' = i + 1 and t <= t') or "
                    "(i - 1 <= i' <= i and t < t')) and ")
            + sb + " }");
    row("stencil WAR", "deps_stencil", "", "may", "WAR", "s0", "s0",
        std::string("[T, N] -> { s0[t, i] -> s0[t', i'] : ((i' = i + 1 and t <= t') or "
                    "(i - 1 <= i' <= i and t < t')) and ")
            + sb + " }");
    // Flow: A[i-1] was last written at (t, i-1), A[i] and A[i+1] in the sweep before.
    row("stencil flow", "deps_stencil", "", "flow", "RAW", "s0", "s0",
        std::string("[T, N] -> { s0[t, i] -> s0[t', i'] : ((t' = t and i' = i + 1) or "
                    "(t' = t + 1 and i - 1 <= i' <= i)) and ")
            + sb + " }");
    row("sequence RAW", "deps_sequence", "", "may", "RAW", "s0", "s1",
        "[N] -> { s0[i] -> s1[j] : 0 <= i < N and 0 <= j < N and (j = i or j = N - 1 - i) }");
    row("reduction init -> update", "deps_reduction", "", "may", "RAW", "s0", "s1",
        "[N] -> { s0[i, j] -> s1[i, j, k] : 0 <= i < N and 0 <= j < N and 0 <= k < N }");
    row("reduction update -> update", "deps_reduction", "", "may", "WAR", "s1", "s1",
        "[N] -> { s1[i, j, k] -> s1[i, j, k'] : 0 <= i < N and 0 <= j < N and 0 <= k < k' < N }");
    row("reduction flow init", "deps_reduction", "", "flow", "RAW", "s0", "s1",
        "[N] -> { s0[i, j] -> s1[i, j, 0] : 0 <= i < N and 0 <= j < N }");
    row("reduction flow chain", "deps_reduction", "", "flow", "RAW", "s1", "s1",
        "[N] -> { s1[i, j, k] -> s1[i, j, k + 1] : 0 <= i < N and 0 <= j < N and 0 <= k < N - 1 }");
    // T0[i] lives at SB[i // 4, i % 4]: T1[a, b] is T0[4a + b], T1[1 - a, 3 - b] is T0[7 - 4a - b].
    row("alloc bank split", "deps_alloc", "", "may", "RAW", "s0", "s1",
        "{ s0[i] -> s1[a, b] : i = 4a + b and 0 <= a < 2 and 0 <= b < 4 }");
    row("alloc reversed", "deps_alloc", "", "may", "RAW", "s0", "s2",
        "{ s0[i] -> s2[a, b] : i = 7 - 4a - b and 0 <= a < 2 and 0 <= b < 4 }");
    // ceil(i/4) = cc_mod(j, 4) + 3 = j - 4 ceil(j/4) + 3, j odd and >= 3.
    row("ceil forms", "deps_ceil", "", "may", "RAW", "s0", "s1",
        "[N] -> { s0[i] -> s1[j] : 0 <= i < N and 3 <= j < N and exists (e, a, b : j = 2e + 1 and "
        "4a - 4 < i <= 4a and 4b - 4 < j <= 4b and a = j - 4b + 3) }");
    // N = 10: element 2 (j = 3, 7) was last written by i = 8, element 0 (j = 5, 9) by i = 0.
    row("ceil flow", "deps_ceil", "N=10", "flow", "RAW", "s0", "s1",
        "[N] -> { s0[8] -> s1[3] : N = 10; s0[8] -> s1[7] : N = 10; s0[0] -> s1[5] : N = 10; s0[0] -> s1[9] : N = 10 "
        "}");
    // Symbolic ranks: A[rank_0_0 + i] written, A[rank_0_1 + i'] read later in the same or a later i.
    row("rank RAW", "deps_rank", "", "may", "RAW", "s0", "s1",
        "[N, rank_0_0, rank_0_1] -> { s0[i] -> s1[i'] : rank_0_0 + i = rank_0_1 + i' and 0 <= i <= i' < N "
        "and rank_0_0 >= 0 and rank_0_1 >= 0 }");
    row("rank WAR", "deps_rank", "", "may", "WAR", "s1", "s0",
        "[N, rank_0_0, rank_0_1] -> { s1[i'] -> s0[i] : rank_0_0 + i = rank_0_1 + i' and 0 <= i' < i < N "
        "and rank_0_0 >= 0 and rank_0_1 >= 0 }");
}

void tst_Dependences::relations()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, deps);
    QFETCH(QString, type);
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(QString, relation);
    auto a = analyze(kernel, fixed);
    const int e = findEdge(*a, mode(deps), type, src, dst);
    QVERIFY2(e >= 0, "no such edge");
    const isl::map got = a->dependences(mode(deps))[static_cast<std::size_t>(e)].relation();
    const isl::set &context = a->model().context();
    const isl::map want = isl::map(a->context().ctx(), relation.toStdString()).intersect_params(context);
    QVERIFY2(got.intersect_params(context).is_equal(want), a->model().text(got).c_str());
}

void tst_Dependences::distances_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("deps");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("src");
    QTest::addColumn<QString>("dst");
    QTest::addColumn<QString>("distance"); // isl deltas over the shared loops
    QTest::addColumn<QString>("direction");
    auto row = [](const char *name, const char *kernel, const char *fixed, const char *deps, const char *type,
                  const char *src, const char *dst, const char *distance, const char *direction) {
        QTest::newRow(name) << QString::fromLatin1(kernel) << QString::fromLatin1(fixed) << QString::fromLatin1(deps)
                            << QString::fromLatin1(type) << QString::fromLatin1(src) << QString::fromLatin1(dst)
                            << QString::fromLatin1(distance) << QString::fromLatin1(direction);
    };
    // T = 3, N = 8: sweeps 0..2, i in 1..6.
    row("stencil WAW", "deps_stencil", "T=3,N=8", "may", "WAW", "s0", "s0", "{ [dt, 0] : 1 <= dt <= 2 }", "(+, 0)");
    row("stencil RAW", "deps_stencil", "T=3,N=8", "may", "RAW", "s0", "s0",
        "{ [dt, 1] : 0 <= dt <= 2; [dt, di] : 1 <= dt <= 2 and -1 <= di <= 0 }", "(0+, *)");
    row("stencil flow", "deps_stencil", "T=3,N=8", "flow", "RAW", "s0", "s0", "{ [0, 1]; [1, 0]; [1, -1] }", "(0+, *)");
    row("no shared loop", "deps_sequence", "N=6", "may", "RAW", "s0", "s1", "{ [] }", "()");
    row("init -> update", "deps_reduction", "N=3", "may", "RAW", "s0", "s1", "{ [0, 0] }", "(0, 0)");
    row("update -> update", "deps_reduction", "N=3", "may", "WAW", "s1", "s1", "{ [0, 0, dk] : 1 <= dk <= 2 }",
        "(0, 0, +)");
    row("update flow", "deps_reduction", "N=3", "flow", "RAW", "s1", "s1", "{ [0, 0, 1] }", "(0, 0, +)");
    row("rank 3 2", "deps_rank", "N=4,rank_0_0=3,rank_0_1=2", "may", "RAW", "s0", "s1", "{ [1] }", "(+)");
    row("rank 1 1", "deps_rank", "N=4,rank_0_0=1,rank_0_1=1", "may", "RAW", "s0", "s1", "{ [0] }", "(0)");
    // Symbolic ranks: the distance is rank_0_0 - rank_0_1, never negative for RAW (0 when equal);
    // WAR runs from s1 to a later i: always positive.
    row("rank symbolic RAW", "deps_rank", "", "may", "RAW", "s0", "s1",
        "[N, rank_0_0, rank_0_1] -> { [d] : d = rank_0_0 - rank_0_1 and 0 <= d < N }", "(0+)");
    row("rank symbolic WAR", "deps_rank", "", "may", "WAR", "s1", "s0",
        "[N, rank_0_0, rank_0_1] -> { [d] : d = rank_0_1 - rank_0_0 and 0 < d < N }", "(+)");
}

void tst_Dependences::distances()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, deps);
    QFETCH(QString, type);
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(QString, distance);
    QFETCH(QString, direction);
    auto a = analyze(kernel, fixed);
    const int e = findEdge(*a, mode(deps), type, src, dst);
    QVERIFY2(e >= 0, "no such edge");
    const EdgeReport &r = a->edgeReports(mode(deps), true)[static_cast<std::size_t>(e)];
    QCOMPARE(QString::fromStdString(r.directionText()), direction);
    const isl::set &context = a->model().context();
    const isl::set got = isl::set(a->context().ctx(), r.distance).intersect_params(context);
    const isl::set want = isl::set(a->context().ctx(), distance.toStdString()).intersect_params(context);
    QVERIFY2(got.is_equal(want), r.distance.c_str());
}

void tst_Dependences::symbolic()
{
    // With a parameter left free there is no count, but the edges are the same.
    auto a = analyze(QStringLiteral("deps_reduction"), QString());
    QVERIFY(!a->model().allParamsFixed());
    QStringList got;
    for (const EdgeReport &r : a->edgeReports(DepMode::May, true)) {
        QVERIFY(!r.count);
        got << QString::fromStdString(r.type + " " + r.src + " " + r.dst);
    }
    QCOMPARE(got.join(QLatin1String("; ")), QStringLiteral("RAW s0 s1; RAW s1 s1; WAR s1 s1; WAW s0 s1; WAW s1 s1"));
    // Symbolic ranks: whichever rank is larger decides the type, so both edges exist.
    auto r = analyze(QStringLiteral("deps_rank"), QString());
    QVERIFY(findEdge(*r, DepMode::May, QStringLiteral("RAW"), QStringLiteral("s0"), QStringLiteral("s1")) >= 0);
    QVERIFY(findEdge(*r, DepMode::May, QStringLiteral("WAR"), QStringLiteral("s1"), QStringLiteral("s0")) >= 0);
}

void tst_Dependences::sortedAndNonEmpty()
{
    // Every relation is non-empty and runs strictly forward in program order
    // (the original schedule), so no instance depends on itself; edges are
    // sorted by (type, src, dst, allocation) and unique.
    for (const char *k : {"deps_stencil", "deps_reduction", "deps_alloc", "deps_ceil", "deps_rank"}) {
        auto a = analyze(QString::fromLatin1(k), QString());
        const isl::union_map order = a->originalSchedule().get_map();
        // { a -> b : time(a) <lex time(b) }
        const isl::union_map before = isl::manage(isl_union_map_lex_lt_union_map(order.copy(), order.copy()));
        for (DepMode m : {DepMode::May, DepMode::Flow}) {
            const auto &deps = a->dependences(m);
            const auto &reports = a->edgeReports(m, false);
            QCOMPARE(reports.size(), deps.size());
            for (std::size_t e = 0; e < deps.size(); ++e) {
                QVERIFY(!deps[e].relation().is_empty());
                QVERIFY2(isl::union_map(deps[e].relation()).is_subset(before), k);
                if (m == DepMode::Flow)
                    QCOMPARE(reports[e].type, std::string("RAW"));
                if (e > 0) {
                    const EdgeReport &p = reports[e - 1], &r = reports[e];
                    QVERIFY(std::tie(p.type, p.src, p.dst, p.allocation)
                            < std::tie(r.type, r.src, r.dst, r.allocation));
                }
            }
        }
    }
}

void tst_Dependences::summaryStopped()
{
    // The distances and pair counts only describe the edges: with a budget
    // of one isl operation for each, every edge says they stopped, and the
    // verdict is still whole. `oracle.py check jacobi_1d.json --schedule
    // jacobi_1d.fuse.map --param T=4 --param N=10`: 6 edges, illegal, the
    // one violated edge WAR s0 -> s1 on A.
    Analyzer::Options o;
    o.params = params(QStringLiteral("T=4,N=10"));
    o.summaryQuota = 1;
    Analyzer a(KernelLoader::loadFile(kernelPath(QStringLiteral("conformance/jacobi_1d"))), o);
    const isl::schedule fused =
        ScheduleInput::readFile(a.model(), std::string(SE_CONFORMANCE_DIR) + "/schedules/jacobi_1d.fuse.map");
    const CheckReport r = a.check(fused, DepMode::May);
    QCOMPARE(r.edges.size(), std::size_t(6));
    for (const EdgeReport &e : r.edges) {
        QVERIFY(!e.relation.empty());
        QVERIFY(e.distance.empty() && e.direction.empty() && !e.count);
        QCOMPARE(e.stopped.size(), std::size_t(2));
        QCOMPARE(e.stopped[0].first, std::string("distance"));
        QCOMPARE(e.stopped[1].first, std::string("count"));
        QVERIFY2(e.stopped[0].second.find("stopped after 1 isl operations") != std::string::npos,
                 e.stopped[0].second.c_str());
    }
    QVERIFY(!r.legal);
    QCOMPARE(r.violations.size(), std::size_t(1));
    const ViolationReport &v = r.violations[0];
    QCOMPARE(v.type + " " + v.src + " " + v.dst + " " + v.allocation, std::string("WAR s0 s1 A"));
    // The witness: a pair of the edge's relation that the schedule runs in
    // the wrong order (dst's time not after src's).
    QVERIFY(!v.witness.src.empty() && !v.witness.dst.empty());
    auto ints = [](const std::vector<Integer> &t) {
        std::vector<std::int64_t> out;
        for (const Integer &x : t)
            out.push_back(x.toInt64().value());
        return out;
    };
    QVERIFY(!(ints(v.witness.srcTime) < ints(v.witness.dstTime)));
    // The same check with the usual budget describes every edge.
    auto whole = analyze(QStringLiteral("conformance/jacobi_1d"), QStringLiteral("T=4,N=10"));
    for (const EdgeReport &e : whole->edgeReports(DepMode::May, true))
        QVERIFY(e.stopped.empty() && e.count && !e.direction.empty());
}

QTEST_GUILESS_MAIN(tst_Dependences)
#include "tst_dependences.moc"
