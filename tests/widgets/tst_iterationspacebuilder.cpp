// SPDX-License-Identifier: MIT
// The iteration-space slice the teaching plot draws, against the oracle:
// instance and dependence pair counts restricted to the slice (oracle.py's
// `dependences` and `times`, which enumerate every instance without isl,
// with the pairs kept when both ends lie in the slice), the violated pairs
// under an illegal schedule, the order each schedule gives, tiles worked by
// hand, overrides and the refusal of huge slices.
#include "core/analysis/Analyzer.h"
#include "core/analysis/IterationSpaceBuilder.h"
#include "core/edit/Edit.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"

#include <QtTest>

#include <map>
#include <set>

using namespace se;

namespace {

std::string source(const std::string &rel)
{
    return std::string(SE_SOURCE_DIR "/") + rel;
}

using Counts = std::map<std::string, std::pair<int, int>>; // "RAW s0->s1" -> (pairs, violated)

Counts countPairs(const IterationSpace &sp)
{
    Counts out;
    for (const auto &p : sp.pairs) {
        const std::string key = p.type + " " + sp.statements[static_cast<std::size_t>(sp.instances[p.src].statement)]
            + "->" + sp.statements[static_cast<std::size_t>(sp.instances[p.dst].statement)];
        out[key].first++;
        out[key].second += p.violated;
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(Counts)

class tst_IterationSpaceBuilder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slices_data();
    void slices();
    void orderFollowsTheSchedule();
    void tiles_data();
    void tiles();
    void overridesMarkPairs();
    void hugeSlicesAreRefused();
    void axesAndSliders();
};

void tst_IterationSpaceBuilder::slices_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<int>("fixedDim");
    QTest::addColumn<int>("fixedValue");
    QTest::addColumn<int>("instances");
    QTest::addColumn<Counts>("pairs");

    const auto k = [](const char *name) -> QString { return QStringLiteral("sample-kernels/") + QLatin1String(name); };
    const QStringList s0{QStringLiteral("s0")}, both{QStringLiteral("s0"), QStringLiteral("s1")};
    const QString original;

    // oracle: gauss_seidel_2d, N = 8: 36 instances, RAW 110, WAR 110.
    QTest::newRow("gauss_seidel_2d { s0[i, j] -> [i, j] }")
        << k("gauss_seidel_2d.json") << original << s0 << -1 << 0 << 36
        << Counts{{"RAW s0->s0", {110, 0}}, {"WAR s0->s0", {110, 0}}};
    // { s0[i, j] -> [j, i] }: the (1, -1) neighbours run backwards, 25 pairs each.
    QTest::newRow("gauss_seidel_2d { s0[i, j] -> [j, i] }")
        << k("gauss_seidel_2d.json") << k("schedules/gauss_seidel_2d.interchange.map") << s0 << -1 << 0 << 36
        << Counts{{"RAW s0->s0", {110, 25}}, {"WAR s0->s0", {110, 25}}};
    // matmul, M = N = K = 4, slice { s0[1, j]; s1[1, j, k] }: 4 + 16 instances.
    QTest::newRow("matmul i = 1") << k("matmul.json") << original << both << 0 << 1 << 20
                                  << Counts{{"RAW s0->s1", {16, 0}},
                                            {"RAW s1->s1", {24, 0}},
                                            {"WAR s1->s1", {24, 0}},
                                            {"WAW s0->s1", {16, 0}},
                                            {"WAW s1->s1", {24, 0}}};
    // { s1[i, j, k] -> [i, j, 1, -k] }: every pair along k runs backwards.
    QTest::newRow("matmul i = 1, k reversed")
        << k("matmul.json") << k("schedules/matmul.reverse_k.map") << both << 0 << 1 << 20
        << Counts{{"RAW s0->s1", {16, 0}},
                  {"RAW s1->s1", {24, 24}},
                  {"WAR s1->s1", {24, 24}},
                  {"WAW s0->s1", {16, 0}},
                  {"WAW s1->s1", {24, 24}}};
    // jacobi_1d, T = 4, N = 10: both statements over (t, i), 32 + 32.
    QTest::newRow("jacobi_1d s0, s1") << k("jacobi_1d.json") << original << both << -1 << 0 << 64
                                      << Counts{{"RAW s0->s1", {80, 0}},  {"RAW s1->s0", {132, 0}},
                                                {"WAR s0->s1", {220, 0}}, {"WAR s1->s0", {48, 0}},
                                                {"WAW s0->s0", {48, 0}},  {"WAW s1->s1", {48, 0}}};
}

void tst_IterationSpaceBuilder::slices()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QStringList, statements);
    QFETCH(int, fixedDim);
    QFETCH(int, fixedValue);
    QFETCH(int, instances);
    QFETCH(Counts, pairs);

    Analyzer a(KernelLoader::loadFile(source(kernel.toStdString())));
    const isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), source(schedule.toStdString()));
    IterationSpaceQuery q;
    for (const auto &st : statements)
        q.statements.push_back(st.toStdString());
    if (fixedDim >= 0)
        q.fixed[fixedDim] = fixedValue;
    const IterationSpace sp = IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), s, q);
    QVERIFY2(!sp.refused, sp.message.c_str());
    QCOMPARE(int(sp.instances.size()), instances);
    QCOMPARE(countPairs(sp), pairs);
    int violated = 0;
    for (const auto &[k, v] : pairs)
        violated += v.second;
    QCOMPARE(int(sp.violatedTotal), violated);
    QCOMPARE(sp.pairTotal, sp.pairs.size());
    // Every pair's ends lie in the slice, and its edge is of its type.
    for (const auto &p : sp.pairs) {
        QVERIFY(p.src < sp.instances.size() && p.dst < sp.instances.size());
        QCOMPARE(p.type, std::string(depTypeName(a.dependences(DepMode::May)[p.edge].type)));
        if (fixedDim >= 0) {
            QCOMPARE(sp.instances[p.src].point[static_cast<std::size_t>(fixedDim)], std::int64_t(fixedValue));
            QCOMPARE(sp.instances[p.dst].point[static_cast<std::size_t>(fixedDim)], std::int64_t(fixedValue));
        }
    }
}

void tst_IterationSpaceBuilder::orderFollowsTheSchedule()
{
    // gauss_seidel_2d, N = 8, i and j in 1..6: row by row the order of s0[i, j]
    // is 6(i - 1) + j; interchanged, column by column, 6(j - 1) + i.
    Analyzer a(KernelLoader::loadFile(source("sample-kernels/gauss_seidel_2d.json")));
    const IterationSpace rows =
        IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), a.originalSchedule(), {});
    const isl::schedule swapped =
        ScheduleInput::readFile(a.model(), source("sample-kernels/schedules/gauss_seidel_2d.interchange.map"));
    const IterationSpace cols = IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), swapped, {});
    QCOMPARE(rows.instances.size(), std::size_t(36));
    QCOMPARE(rows.x.name, std::string("i"));
    QCOMPARE(rows.y.name, std::string("j"));
    QCOMPARE(rows.x.min, std::int64_t(1));
    QCOMPARE(rows.x.max, std::int64_t(6));
    for (const auto &in : rows.instances)
        QCOMPARE(in.order, int(6 * (in.point[0] - 1) + in.point[1]));
    for (const auto &in : cols.instances)
        QCOMPARE(in.order, int(6 * (in.point[1] - 1) + in.point[0]));
    QCOMPARE(rows.tiles, 0);
}

void tst_IterationSpaceBuilder::tiles_data()
{
    QTest::addColumn<bool>("skew");
    QTest::addColumn<int>("tiles");
    // { s0[i, j] -> [floor(i/4), floor(j/4)] }, i, j in 1..6: 2 x 2 tiles.
    QTest::newRow("4x4") << false << 4;
    // { s0[i, j] -> [floor(i/4), floor((i + j)/4)] }: for i <= 3, i + j in 2..9
    // (3 tiles); for i >= 4, i + j in 5..12 (3 tiles).
    QTest::newRow("skewed 4x4") << true << 6;
}

void tst_IterationSpaceBuilder::tiles()
{
    QFETCH(bool, skew);
    QFETCH(int, tiles);
    Analyzer a(KernelLoader::loadFile(source("sample-kernels/gauss_seidel_2d.json")));
    isl::schedule s = Edit::merge({0}).apply(a.originalSchedule());
    if (skew)
        s = Edit::skew({0}, 1, 0, 1).apply(s);
    s = Edit::tile({0}, {4, 4}).apply(s);
    const IterationSpace sp = IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), s, {});
    QCOMPARE(sp.tiles, tiles);
    QCOMPARE(sp.tileBand, std::string("0"));
    std::set<std::pair<std::int64_t, std::int64_t>> keys;
    for (const auto &in : sp.instances) {
        QVERIFY(in.tile >= 0 && in.tile < tiles);
        const std::int64_t i = in.point[0], j = in.point[1];
        const auto key = std::make_pair(i / 4, skew ? (i + j) / 4 : j / 4);
        keys.insert(key);
        // Same tile exactly when the floors agree.
        for (const auto &other : sp.instances) {
            const auto okey =
                std::make_pair(other.point[0] / 4, skew ? (other.point[0] + other.point[1]) / 4 : other.point[1] / 4);
            QCOMPARE(in.tile == other.tile, key == okey);
        }
    }
    QCOMPARE(int(keys.size()), tiles);
    // Tiles are numbered in execution order: a later tile's instances run later.
    for (const auto &a1 : sp.instances)
        for (const auto &b1 : sp.instances)
            if (a1.tile < b1.tile)
                QVERIFY(a1.order < b1.order);
}

void tst_IterationSpaceBuilder::overridesMarkPairs()
{
    Analyzer a(KernelLoader::loadFile(source("sample-kernels/gauss_seidel_2d.json")));
    const isl::schedule swapped =
        ScheduleInput::readFile(a.model(), source("sample-kernels/schedules/gauss_seidel_2d.interchange.map"));
    const DependenceOverride war{"WAR", "s0", "s0", "A", "the old values are kept in a copy"};
    const IterationSpace sp = IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), swapped, {}, {war});
    int assumed = 0;
    for (const auto &p : sp.pairs) {
        QCOMPARE(p.assumed, p.type == "WAR");
        assumed += p.assumed;
    }
    QCOMPARE(assumed, 110);
    QCOMPARE(sp.violatedTotal, std::size_t(25)); // only RAW's count
}

void tst_IterationSpaceBuilder::hugeSlicesAreRefused()
{
    // N = 200: 198 x 198 = 39204 instances, refused before any is listed.
    Analyzer::Options o;
    o.params["N"] = 200;
    Analyzer a(KernelLoader::loadFile(source("sample-kernels/gauss_seidel_2d.json")), o);
    const IterationSpace sp =
        IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), a.originalSchedule(), {});
    QVERIFY(sp.refused);
    QVERIFY(sp.instances.empty());
    QVERIFY2(sp.message.find("39204") != std::string::npos, sp.message.c_str());
    QCOMPARE(sp.params, (std::vector<std::pair<std::string, std::int64_t>>{{"N", 200}}));

    // Too many pairs: the instances are drawn, the pairs are not.
    Analyzer b(KernelLoader::loadFile(source("sample-kernels/gauss_seidel_2d.json")));
    IterationSpaceQuery q;
    q.maxPairs = 100;
    const IterationSpace few =
        IterationSpaceBuilder::build(b.model(), b.dependences(DepMode::May), b.originalSchedule(), q);
    QVERIFY(!few.refused);
    QCOMPARE(few.instances.size(), std::size_t(36));
    QVERIFY(few.pairs.empty());
    QCOMPARE(few.pairTotal, std::size_t(220));
    QVERIFY(!few.message.empty());
}

void tst_IterationSpaceBuilder::axesAndSliders()
{
    // matmul over (i, k) with j fixed at 2: s0[i, j] has no k and is drawn at k = 0.
    Analyzer a(KernelLoader::loadFile(source("sample-kernels/matmul.json")));
    IterationSpaceQuery q;
    q.statements = {"s1", "s0"};
    q.xDim = 0;
    q.yDim = 2;
    q.fixed[1] = 2;
    const IterationSpace sp =
        IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), a.originalSchedule(), q);
    QCOMPARE(sp.statements, (std::vector<std::string>{"s1", "s0"}));
    QCOMPARE(sp.x.name, std::string("i"));
    QCOMPARE(sp.y.name, std::string("k"));
    QCOMPARE(sp.others.size(), std::size_t(1));
    QCOMPARE(sp.others[0].name, std::string("j"));
    QCOMPARE(sp.others[0].value, std::int64_t(2));
    QCOMPARE(sp.others[0].max, std::int64_t(3));
    QCOMPARE(sp.instances.size(), std::size_t(16 + 4));
    for (const auto &in : sp.instances) {
        QCOMPARE(in.point[1], std::int64_t(2));
        QCOMPARE(in.y, in.statement == 1 ? std::int64_t(0) : in.point[2]);
    }
    // A value out of range is clamped; unknown statements fall back to the first.
    q.fixed[1] = 99;
    q.statements = {"s9"};
    const IterationSpace c =
        IterationSpaceBuilder::build(a.model(), a.dependences(DepMode::May), a.originalSchedule(), q);
    QCOMPARE(c.statements, (std::vector<std::string>{"s0"}));
    QCOMPARE(c.y.name, std::string("j"));
}

QTEST_MAIN(tst_IterationSpaceBuilder)
#include "tst_iterationspacebuilder.moc"
