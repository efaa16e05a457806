// SPDX-License-Identifier: MIT
// Legality of schedules given as union maps: verdicts and violated edges
// with their pair counts from `tools/oracle.py check KERNEL --schedule MAP`,
// every witness re-derived with isl (a real dependence pair that the
// schedule runs in the wrong order, at the times reported), the first
// breaking dimension, the same-time case and the message format.
#include "core/analysis/Analyzer.h"
#include "core/isl/IslUtil.h"
#include "core/legality/LegalityChecker.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/set.h>
#include <isl/union_set.h>

#include <QtTest>

#include <fstream>
#include <regex>
#include <sstream>

using namespace se;

namespace {

// "conformance/NAME" or a kernel of tests/data/kernels.
std::string kernelPath(const std::string &name)
{
    if (name.rfind("conformance/", 0) == 0)
        return std::string(SE_CONFORMANCE_DIR) + "/kernels/" + name.substr(12) + ".json";
    return std::string(SE_SOURCE_DIR) + "/tests/data/kernels/" + name + ".json";
}

// The schedule `<kernel>.<case>.map` next to the kernel's suite.
std::string schedulePath(const std::string &kernel, const std::string &name)
{
    if (kernel.rfind("conformance/", 0) == 0)
        return std::string(SE_CONFORMANCE_DIR) + "/schedules/" + kernel.substr(12) + "." + name + ".map";
    return std::string(SE_SOURCE_DIR) + "/tests/data/schedules/" + kernel + "." + name + ".map";
}

std::string readText(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

ParamValues params(const QString &text)
{
    ParamValues out;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto parts = kv.split(QLatin1Char('='));
        out[parts[0].toStdString()] = parts[1].toLongLong();
    }
    return out;
}

// One kernel, one schedule, one dependence mode: the checker's answer.
struct Run {
    std::unique_ptr<Analyzer> analyzer;
    isl::union_map times; // the schedule as written, { s0[i, j] -> [...] }
    FlatSchedule flat;
    std::vector<ViolationReport> violations;

    Run(const std::string &kernel, const QString &fixed, const std::string &schedule, DepMode mode)
    {
        Analyzer::Options o;
        o.params = params(fixed);
        analyzer = std::make_unique<Analyzer>(KernelLoader::loadFile(kernelPath(kernel)), o);
        times = isl::union_map(analyzer->context().ctx(), readText(schedulePath(kernel, schedule)));
        flat = FlatSchedule(analyzer->model(), times);
        violations = LegalityChecker::check(analyzer->model(), analyzer->dependences(mode), flat);
    }
    ~Run()
    {
        // isl objects go before the analyzer's context.
        times = isl::union_map();
        flat = FlatSchedule();
    }
};

std::string conditions(const ParamList &ps)
{
    std::string eqs;
    for (const auto &[n, v] : ps)
        eqs += (eqs.empty() ? "" : " and ") + n + " = " + std::to_string(v);
    return eqs;
}

std::string prefix(const ParamList &ps)
{
    std::string names;
    for (const auto &[n, v] : ps)
        names += (names.empty() ? "" : ", ") + n;
    return "[" + names + "] -> ";
}

// The time the written schedule gives `instance` (zero-padded to `dims`).
std::vector<std::int64_t> timeOf(const Run &r, const ParamList &ps, const std::string &instance, unsigned dims)
{
    const std::string text = prefix(ps) + "{ " + instance + (ps.empty() ? "" : " : " + conditions(ps)) + " }";
    const isl::union_set t = isl::union_set(r.analyzer->context().ctx(), text).apply(r.times);
    const isl::set s = isl::manage(isl_set_from_union_set(t.copy()));
    std::vector<std::int64_t> out = islutil::coordinates(s.sample_point());
    out.resize(dims, 0);
    return out;
}

// Witness times are exact (any size); these kernels' fit in 64 bits.
std::vector<std::int64_t> int64s(const std::vector<Integer> &v)
{
    std::vector<std::int64_t> out;
    for (const Integer &x : v) {
        const auto i = x.toInt64();
        if (!i)
            qFatal("witness time %s beyond 64 bits", x.text().c_str());
        out.push_back(*i);
    }
    return out;
}

// Checks that `v` is a real violating pair of its edge: in the dependence
// relation at its parameter values, ordered wrongly by the written schedule,
// at the times it reports, broken at the level it reports.
void verifyWitness(const Run &r, DepMode mode, const ViolationReport &v)
{
    const Dependence &d = r.analyzer->dependences(mode)[v.edge];
    const auto &model = r.analyzer->model();
    QCOMPARE(model.statements()[d.src].name, v.src);
    QCOMPARE(model.statements()[d.dst].name, v.dst);
    const std::string src = v.src + islutil::vec(v.witness.src);
    const std::string dst = v.dst + islutil::vec(v.witness.dst);
    // Fixed parameters are reported at their fixed values.
    for (const auto &[n, val] : model.fixedParams()) {
        bool found = false;
        for (const auto &[wn, wv] : v.witness.params)
            if (wn == n) {
                QCOMPARE(wv, val);
                found = true;
            }
        QVERIFY(found);
    }
    const std::string pair = prefix(v.witness.params) + "{ " + src + " -> " + dst
        + (v.witness.params.empty() ? "" : " : " + conditions(v.witness.params)) + " }";
    QVERIFY2(isl::map(r.analyzer->context().ctx(), pair).is_subset(d.relation()), pair.c_str());
    const unsigned dims = r.flat.dims();
    const std::vector<std::int64_t> srcTime = int64s(v.witness.srcTime);
    const std::vector<std::int64_t> dstTime = int64s(v.witness.dstTime);
    QCOMPARE(srcTime, timeOf(r, v.witness.params, src, dims));
    QCOMPARE(dstTime, timeOf(r, v.witness.params, dst, dims));
    QVERIFY2(!(srcTime < dstTime), v.message.c_str());
    int level = -1;
    for (std::size_t k = 0; k < dims; ++k)
        if (srcTime[k] != dstTime[k]) {
            level = static_cast<int>(k);
            QVERIFY(dstTime[k] < srcTime[k]);
            break;
        }
    QCOMPARE(v.level, level);
}

} // namespace

class tst_Legality : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdicts_data();
    void verdicts();
    void messages_data();
    void messages();
    void remappedMessage();
    void symbolicWitness();
    void originalScheduleIsLegal();
    void violatingPairs();
};

void tst_Legality::verdicts_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("deps");
    QTest::addColumn<QString>("expected"); // violated edges with their violating pair counts, "" when legal
    auto row = [](const char *kernel, const char *schedule, const char *fixed, const char *deps, const char *expected) {
        QTest::newRow((std::string(kernel) + "." + schedule + " " + deps).c_str())
            << QString::fromLatin1(kernel) << QString::fromLatin1(fixed) << QString::fromLatin1(schedule)
            << QString::fromLatin1(deps) << QString::fromLatin1(expected);
    };
    for (const char *m : {"may", "flow"}) {
        row("leg_pair", "late_write", "N=5", m, "RAW s0 s1 A 1");
        row("leg_pair", "same_time", "N=5", m, "RAW s0 s1 A 1");
        row("leg_pair", "fused", "N=5", m, "");
        row("deps_stencil", "wavefront", "T=3,N=8", m, "");
        row("deps_alloc", "read_first", "", m, "RAW s0 s1 SB_alloc 8");
    }
    row("deps_stencil", "interchange", "T=3,N=8", "may", "RAW s0 s0 A 15; WAR s0 s0 A 15");
    row("deps_stencil", "interchange", "T=3,N=8", "flow", "RAW s0 s0 A 10");
    row("deps_stencil", "reversed", "T=3,N=8", "may", "RAW s0 s0 A 15; WAR s0 s0 A 15");
    row("deps_stencil", "reversed", "T=3,N=8", "flow", "RAW s0 s0 A 15");
    row("deps_stencil", "same_sweep", "T=3,N=8", "may", "RAW s0 s0 A 15; WAR s0 s0 A 15");
    row("deps_stencil", "same_sweep", "T=3,N=8", "flow", "RAW s0 s0 A 15");
    row("deps_reduction", "init_last", "N=3", "may", "RAW s0 s1 C 27; WAW s0 s1 C 27");
    row("deps_reduction", "init_last", "N=3", "flow", "RAW s0 s1 C 9");
    row("deps_reduction", "k_reversed", "N=3", "may", "RAW s1 s1 C 27; WAR s1 s1 C 27; WAW s1 s1 C 27");
    row("deps_reduction", "k_reversed", "N=3", "flow", "RAW s1 s1 C 18");
    // Conformance cases (flow verdicts from oracle.py, may from expected/).
    row("conformance/jacobi_1d", "fuse", "T=4,N=10", "may", "WAR s0 s1 A 28");
    row("conformance/jacobi_1d", "fuse", "T=4,N=10", "flow", "");
    row("conformance/sbuf_alias", "store_first", "NT=2", "may", "RAW s1 s2 SB_alloc 32");
    row("conformance/sbuf_alias", "store_first", "NT=2", "flow", "RAW s1 s2 SB_alloc 32");
    row("conformance/two_mm", "fused", "N=4", "may", "RAW s0 s3 tmp 24; RAW s1 s3 tmp 96");
    row("conformance/two_mm", "fused", "N=4", "flow", "RAW s1 s3 tmp 24");
    row("conformance/triangle_strided", "swap", "N=7", "may", "RAW s0 s1 A 6; WAW s0 s1 A 6");
    row("conformance/triangle_strided", "swap", "N=7", "flow", "RAW s0 s1 A 6");
}

void tst_Legality::verdicts()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, schedule);
    QFETCH(QString, deps);
    QFETCH(QString, expected);
    const DepMode mode = deps == QLatin1String("flow") ? DepMode::Flow : DepMode::May;
    Run r(kernel.toStdString(), fixed, schedule.toStdString(), mode);
    QStringList got;
    for (const ViolationReport &v : r.violations) {
        got << QString::fromStdString(v.type + " " + v.src + " " + v.dst + " " + v.allocation + " "
                                      + (v.count ? std::to_string(*v.count) : std::string("null")));
        verifyWitness(r, mode, v);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(got.join(QLatin1String("; ")), expected);
}

void tst_Legality::messages_data()
{
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<int>("level");
    QTest::addColumn<QString>("message");
    // leg_pair has one dependence pair: s0[3, 1] writes A[3, 1], s1[3, 2] reads it.
    QTest::newRow("dst first, breaks at dimension 3")
        << "late_write" << 3
        << "RAW violation on tensor: A: s0[3, 1] writes A[3, 1], s1[3, 2] reads it, but the schedule runs s1[3, 2] "
           "at [1, 3, 2, 0] before s0[3, 1] at [1, 3, 2, 1]";
    QTest::newRow("same time") << "same_time" << -1
                               << "RAW violation on tensor: A: s0[3, 1] writes A[3, 1], s1[3, 2] reads it, but the "
                                  "schedule runs both at [3, 2]";
}

void tst_Legality::messages()
{
    QFETCH(QString, schedule);
    QFETCH(int, level);
    QFETCH(QString, message);
    Run r("leg_pair", QStringLiteral("N=5"), schedule.toStdString(), DepMode::May);
    QCOMPARE(r.violations.size(), std::size_t(1));
    const ViolationReport &v = r.violations.front();
    QCOMPARE(v.level, level);
    QCOMPARE(QString::fromStdString(v.message), message);
    QCOMPARE(v.witness.src, (std::vector<std::int64_t>{3, 1}));
    QCOMPARE(v.witness.dst, (std::vector<std::int64_t>{3, 2}));
    QCOMPARE(v.witness.params, (ParamList{{"N", 5}}));
}

void tst_Legality::remappedMessage()
{
    // T0[i] lives at SB[i // 4, i % 4], T1[a, b] at SB[a, b]: the message names
    // both tensors and the buffer element they share.
    Run r("deps_alloc", QString(), "read_first", DepMode::May);
    QCOMPARE(r.violations.size(), std::size_t(1));
    const std::string &m = r.violations.front().message;
    const std::regex re(
        R"(RAW violation on tensor: SB_alloc: s0\[(\d+)\] writes T0\[(\d+)\] \(SB_alloc\[(\d+), (\d+)\]\), )"
        R"(s1\[(\d+), (\d+)\] reads T1\[(\d+), (\d+)\], the same element, but the schedule runs )"
        R"(s1\[(\d+), (\d+)\] at \[0, (\d+), (\d+)\] before s0\[(\d+)\] at \[1, (\d+), 0\])");
    std::smatch g;
    QVERIFY2(std::regex_match(m, g, re), m.c_str());
    auto n = [&](int k) { return std::stoi(g[k]); };
    const int i = n(1), a = n(5), b = n(6);
    QCOMPARE(n(2), i); // T0[i]
    QCOMPARE(n(3), i / 4); // SB_alloc[i // 4, i % 4]
    QCOMPARE(n(4), i % 4);
    QCOMPARE(n(7), a); // T1[a, b]
    QCOMPARE(n(8), b);
    QCOMPARE(i, 4 * a + b); // the same element
    QCOMPARE(n(9), a);
    QCOMPARE(n(10), b);
    QCOMPARE(n(11), a); // s1[a, b] at [0, a, b]
    QCOMPARE(n(12), b);
    QCOMPARE(n(13), i); // s0[i] at [1, i, 0] (padded)
    QCOMPARE(n(14), i);
    QCOMPARE(r.violations.front().level, 0);
}

void tst_Legality::symbolicWitness()
{
    // With N free, the witness is still a real pair; it uses the kernel's
    // value N = 5 where that leaves a violation, and the message says so.
    Run r("leg_pair", QString(), "late_write", DepMode::May);
    QCOMPARE(r.violations.size(), std::size_t(1));
    const ViolationReport &v = r.violations.front();
    QVERIFY(!v.count);
    QCOMPARE(v.witness.params, (ParamList{{"N", 5}}));
    verifyWitness(r, DepMode::May, v);
    QCOMPARE(QString::fromStdString(v.message),
             QStringLiteral("RAW violation on tensor: A: s0[3, 1] writes A[3, 1], s1[3, 2] reads it, but the schedule "
                            "runs s1[3, 2] at [1, 3, 2, 0] before s0[3, 1] at [1, 3, 2, 1] (with N = 5)"));
    // Reversed stencil, WAR: a read of A[x] at s0[t, i] (x in i - 1 .. i + 1), then the write of A[x] at s0[t, x].
    Run s("deps_stencil", QString(), "reversed", DepMode::May);
    bool war = false;
    for (const ViolationReport &w : s.violations) {
        verifyWitness(s, DepMode::May, w);
        if (w.type != "WAR")
            continue;
        war = true;
        const std::regex re(
            R"(WAR violation on tensor: A: s0\[(\d+), (\d+)\] reads A\[(\d+)\], s0\[(\d+), (\d+)\] writes it, )"
            R"(but the schedule runs s0\[\4, \5\] at \[\4, -\5\] before s0\[\1, \2\] at \[\1, -\2\] )"
            R"(\(with T = 3, N = 8\))");
        std::smatch g;
        QVERIFY2(std::regex_match(w.message, g, re), w.message.c_str());
        const int i = std::stoi(g[2]), x = std::stoi(g[3]), t2 = std::stoi(g[4]), i2 = std::stoi(g[5]);
        QVERIFY(x >= i - 1 && x <= i + 1);
        QCOMPARE(i2, x);
        QCOMPARE(t2, std::stoi(g[1])); // reversing i breaks only pairs in one sweep
        QCOMPARE(w.level, 1);
    }
    QVERIFY(war);
}

void tst_Legality::originalScheduleIsLegal()
{
    // Program order never violates its own dependences, in either mode.
    for (const char *k : {"deps_stencil", "deps_reduction", "deps_alloc", "deps_ceil", "deps_rank", "leg_pair",
                          "conformance/sbuf_alias", "conformance/triangle_strided", "conformance/ceil_ops"}) {
        Analyzer a(KernelLoader::loadFile(kernelPath(k)));
        const FlatSchedule flat(a.model(), a.originalSchedule());
        for (DepMode m : {DepMode::May, DepMode::Flow})
            QVERIFY2(LegalityChecker::check(a.model(), a.dependences(m), flat).empty(), k);
    }
}

void tst_Legality::violatingPairs()
{
    // The whole violating set of leg_pair's edge under late_write is the one
    // pair; under fused it is empty.
    Run bad("leg_pair", QStringLiteral("N=5"), "late_write", DepMode::May);
    const Dependence &d = bad.analyzer->dependences(DepMode::May).front();
    const isl::map pairs = LegalityChecker::violatingPairs(d, bad.flat);
    QVERIFY(pairs.is_equal(isl::map(bad.analyzer->context().ctx(), "[N] -> { s0[3, 1] -> s1[3, 2] : N = 5 }")));
    Run good("leg_pair", QStringLiteral("N=5"), "fused", DepMode::May);
    QVERIFY(LegalityChecker::violatingPairs(good.analyzer->dependences(DepMode::May).front(), good.flat).is_empty());
}

QTEST_GUILESS_MAIN(tst_Legality)
#include "tst_legality.moc"
