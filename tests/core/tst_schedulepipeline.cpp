// SPDX-License-Identifier: MIT
// SchedulePipeline: the one analysis of the CLI, the app's worker and the
// bench. Verdicts and violated edges come from the conformance expected
// files or from tools/oracle.py on the edited schedule's map (given in each
// row); the violations' tree nodes are worked by hand from the tree's shape
// (a union map reads as domain -> one band, node 0; the original trees are
// printed by `schedule-tool tree`).
#include "core/analysis/SchedulePipeline.h"
#include "core/isl/IslUtil.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

#include "../edit/EditTestUtil.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <set>
#include <tuple>

using namespace se;

namespace {

using EdgeSet = std::set<std::tuple<std::string, std::string, std::string, std::string>>;

QString q(const char *s)
{
    return QString::fromUtf8(s);
}

std::string conformance(const std::string &rel)
{
    return std::string(SE_CONFORMANCE_DIR) + "/" + rel;
}

// The expected answer of a conformance case (`c` empty: the original
// schedule), or null when there is none.
nlohmann::json expectedOf(const std::string &k, const std::string &c)
{
    std::ifstream f(conformance("expected/" + k + "." + (c.empty() ? "original" : c) + ".json"));
    return f.good() ? nlohmann::json::parse(f) : nlohmann::json();
}

std::string sample(const std::string &rel)
{
    return std::string(SE_SOURCE_DIR) + "/sample-kernels/" + rel;
}

// Every parameter fixed at its value, as the oracle runs the kernel.
std::unique_ptr<SchedulePipeline> pipeline(const std::string &kernel, bool isSample = false)
{
    KernelPtr k =
        KernelLoader::loadFile(isSample ? sample(kernel + ".json") : conformance("kernels/" + kernel + ".json"));
    return std::make_unique<SchedulePipeline>(k, se::test::fixedParams(*k));
}

std::vector<Edit> edits(const std::string &json)
{
    std::vector<Edit> out;
    for (const auto &e : nlohmann::json::parse(json))
        out.push_back(Edit::fromJson(e));
    return out;
}

EdgeSet violated(const CheckReport &r)
{
    EdgeSet out;
    for (const auto &v : r.violations)
        out.insert({v.type, v.src, v.dst, v.allocation});
    return out;
}

// `RAW s0 s1 A; WAR s0 s1 A`
EdgeSet edgeSet(const QString &text)
{
    EdgeSet out;
    for (const QString &e : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList f = e.trimmed().split(QLatin1Char(' '));
        out.insert({f[0].toStdString(), f[1].toStdString(), f[2].toStdString(), f[3].toStdString()});
    }
    return out;
}

// The node the app's worker named before the pipeline: the snapshot's.
std::string snapshotNode(const PipelineResult &out, const ViolationReport &v)
{
    const int k = out.tree.nodeForLevel(v.src, v.level);
    return k < 0 ? std::string() : ScheduleTreeSnapshot::pathText(out.tree.nodes[static_cast<std::size_t>(k)].path);
}

PipelineRequest checkRequest(std::vector<Edit> log = {})
{
    PipelineRequest r;
    r.edits = std::move(log);
    r.tree = true;
    r.flags = PipelineRequest::Flags::Hint;
    return r;
}

// A conformance case's check (`c` empty: the original schedule).
PipelineRequest caseRequest(const SchedulePipeline &p, const std::string &k, const std::string &c)
{
    PipelineRequest r = checkRequest();
    if (!c.empty())
        r.base = PipelineRequest::Base::fromTree(
            ScheduleInput::readFile(p.model(), conformance("schedules/" + k + "." + c + ".map")));
    return r;
}

#define FUSE R"({"edit": "fuse", "node": [0, 0], "child": 0})"
#define SHIFT R"({"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}})"
#define REVERSE_T R"({"edit": "reverse", "node": [0], "member": 0})"
#define MOVE_INIT_LAST R"({"edit": "move", "node": [0, 0], "child": 0, "to": 2})"

} // namespace

class tst_SchedulePipeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void conformanceCases_data();
    void conformanceCases();
    void sampleKernels_data();
    void sampleKernels();
    void editLogs_data();
    void editLogs();
    void prefixCacheEqualsFreshReplay();
    void bandEditsPatchTheFlatSchedule_data();
    void bandEditsPatchTheFlatSchedule();
    void tileAfterFlagsMatchesFreshCheck_data();
    void tileAfterFlagsMatchesFreshCheck();
    void verdictFirstThenDetails();
    void firstViolationGoesAhead_data() { conformanceCases_data(); }
    void firstViolationGoesAhead();
    void witnessesDoNotDependOnHistory_data();
    void witnessesDoNotDependOnHistory();
    void lenientSkipsEditsThatDoNotApply();
    void editThatDoesNotApplyNamesIt();
    void cliCheckNamesNode_data();
    void cliCheckNamesNode();
};

void tst_SchedulePipeline::conformanceCases_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // a case of schedules/, or empty for the original
    const char *cases[][2] = {
        {"jacobi_1d", "fuse"},
        {"jacobi_1d", "fuse_shift"},
        {"jacobi_1d", ""},
        {"ceil_ops", "reversed"},
        {"ceil_ops", "split"},
        {"loop_sequence", "interchange_reduce_first"},
        {"sbuf_alias", "pipelined"},
        {"sbuf_alias", "store_first"},
        {"triangle_strided", "swap"},
        {"two_mm", "fused"},
        {"two_mm", "distributed_k_outer"},
        {"two_mm", ""},
    };
    for (const auto &c : cases)
        QTest::newRow((std::string(c[0]) + "." + (*c[1] ? c[1] : "original")).c_str()) << q(c[0]) << q(c[1]);
}

// The verdict and the violated edges are the expected file's; a union map
// is one band under the domain, so every violation at a level is at node 0.
void tst_SchedulePipeline::conformanceCases()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const std::string k = kernel.toStdString(), c = schedule.toStdString();
    const nlohmann::json expected = expectedOf(k, c);
    QVERIFY(!expected.is_null());
    EdgeSet want;
    for (const auto &v : expected["violations"])
        want.insert({v["type"].get<std::string>(), v["src"].get<std::string>(), v["dst"].get<std::string>(),
                     v["tensor"].get<std::string>()});

    auto p = pipeline(k);
    const PipelineResultPtr out = p->run(caseRequest(*p, k, c));
    QCOMPARE(out->report.legal, expected["legal"].get<bool>());
    QCOMPARE(violated(out->report), want);
    QCOMPARE(out->report.edges.size(), expected["dependences"].size());
    QVERIFY(out->hasTree);
    for (const auto &v : out->report.violations) {
        QCOMPARE(v.node, std::string(v.level >= 0 ? "0" : ""));
        QCOMPARE(v.node, snapshotNode(*out, v));
    }
}

void tst_SchedulePipeline::sampleKernels_data()
{
    QTest::addColumn<QString>("schedule"); // sample-kernels/schedules/NAME.CASE.map
    QTest::addColumn<QString>("violated"); // oracle.py check NAME.json --schedule schedules/NAME.CASE.map

    QTest::newRow("gauss_seidel_2d.interchange") << q("gauss_seidel_2d.interchange") << q("RAW s0 s0 A; WAR s0 s0 A");
    QTest::newRow("matmul.reverse_k") << q("matmul.reverse_k") << q("RAW s1 s1 C; WAR s1 s1 C; WAW s1 s1 C");
    QTest::newRow("trisolv.interchange") << q("trisolv.interchange") << q("RAW s0 s1 x; RAW s2 s1 x; WAW s0 s1 x");
    QTest::newRow("scalar_temp.reverse") << q("scalar_temp.reverse")
                                         << q("RAW s0 s1 tmp; WAR s1 s0 tmp; WAW s0 s0 tmp");
    QTest::newRow("red_black_1d.fuse") << q("red_black_1d.fuse") << q("RAW s0 s1 A; WAR s0 s1 A");
}

// Illegal schedules of the samples: the oracle's violated edges, each at
// the one band a union map reads as (node 0) unless at the same time.
void tst_SchedulePipeline::sampleKernels()
{
    QFETCH(QString, schedule);
    QFETCH(QString, violated);
    const std::string c = schedule.toStdString();
    auto p = pipeline(c.substr(0, c.find('.')), true);
    PipelineRequest r = checkRequest();
    r.base = PipelineRequest::Base::fromTree(ScheduleInput::readFile(p->model(), sample("schedules/" + c + ".map")));
    const PipelineResultPtr out = p->run(r);
    QCOMPARE(out->report.legal, false);
    QCOMPARE(::violated(out->report), edgeSet(violated));
    for (const auto &v : out->report.violations) {
        QCOMPARE(v.node, std::string(v.level >= 0 ? "0" : ""));
        QCOMPARE(v.node, snapshotNode(*out, v));
    }
}

void tst_SchedulePipeline::editLogs_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<bool>("legal"); // oracle.py on the edited map (in the comment)
    QTest::addColumn<QString>("violated"); // likewise
    QTest::addColumn<QString>("node"); // every violation's node, by hand

    // { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i, 1] } (schedules/jacobi_1d.fuse.map): s1 overwrites
    // A[i - 1] at i - 1, before s0 reads it at i: the fused band 0.0 (member i) breaks it.
    QTest::newRow("jacobi fuse") << q("jacobi_1d") << q("[" FUSE "]") << false << q("WAR s0 s1 A") << q("0.0");
    QTest::newRow("jacobi fuse shift") << q("jacobi_1d") << q("[" FUSE ", " SHIFT "]") << true << q("") << q("");
    // { s0[t, i] -> [-t, 0, i]; s1[t, i] -> [-t, 1, i] }: every edge crosses t, the band 0.
    QTest::newRow("jacobi reverse t")
        << q("jacobi_1d") << q("[" REVERSE_T "]") << false
        << q("RAW s0 s1 B; RAW s1 s0 A; WAR s0 s1 A; WAR s1 s0 B; WAW s0 s0 B; WAW s1 s1 A") << q("0");
    // { s0[i] -> [i, 2, 0]; s1[i, j] -> [i, 0, j]; s2[i] -> [i, 1, 0] }: the init runs last inside
    // the sequence 0.0, whose child position breaks the order.
    QTest::newRow("loop_sequence init last")
        << q("loop_sequence") << q("[" MOVE_INIT_LAST "]") << false << q("RAW s0 s1 A; RAW s0 s2 A") << q("0.0");
}

void tst_SchedulePipeline::editLogs()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(bool, legal);
    QFETCH(QString, violated);
    QFETCH(QString, node);
    auto p = pipeline(kernel.toStdString());
    const std::vector<Edit> log = ::edits(edits.toStdString());
    const PipelineResultPtr out = p->run(checkRequest(log));
    QCOMPARE(out->report.legal, legal);
    QCOMPARE(::violated(out->report), edgeSet(violated));
    for (const auto &v : out->report.violations) {
        QCOMPARE(v.node, node.toStdString());
        QCOMPARE(v.node, snapshotNode(*out, v));
    }
    QCOMPARE(out->steps.size(), log.size());
    // The computed flags are merged into the tree: every band has them.
    for (const auto &n : out->tree.nodes)
        if (n.kind == ScheduleTreeSnapshot::Kind::Band)
            QVERIFY(n.permutableComputed.has_value());
}

// Edits, an undo and a redo on one pipeline give what a fresh pipeline
// replaying the whole log gives.
void tst_SchedulePipeline::prefixCacheEqualsFreshReplay()
{
    const std::vector<std::vector<Edit>> logs = {
        edits("[" FUSE "]"), edits("[" FUSE ", " SHIFT "]"), edits("[" FUSE "]"),
        edits("[]"),         edits("[" FUSE ", " SHIFT "]"), edits("[" REVERSE_T "]"),
    };
    auto cached = pipeline("jacobi_1d");
    for (const auto &log : logs) {
        const PipelineResultPtr a = cached->run(checkRequest(log));
        auto fresh = pipeline("jacobi_1d");
        const PipelineResultPtr b = fresh->run(checkRequest(log));
        // Maps compared as text: the two pipelines have their own contexts.
        QCOMPARE(islutil::str(a->schedule.get_map()), islutil::str(b->schedule.get_map()));
        QCOMPARE(a->steps.size(), log.size());
        QCOMPARE(a->report.verdict(), b->report.verdict());
        QCOMPARE(violated(a->report), violated(b->report));
        for (std::size_t k = 0; k < a->report.violations.size(); ++k)
            QCOMPARE(a->report.violations[k].node, b->report.violations[k].node);
        QCOMPARE(a->edits, log);
    }
}

// One band edit after another, as the app sends them: the pipeline reads
// again only the edited band's statements' times (SchedulePipeline::flatten)
// and computes again only that band's flags and those below it;
// each verdict, violated edge, node, level, witness and count must be a fresh
// pipeline's (which flattens the whole tree).
void tst_SchedulePipeline::bandEditsPatchTheFlatSchedule_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<bool>("sample");
    QTest::addColumn<QString>("edits");
    QTest::newRow("jacobi") << q("jacobi_1d") << false << q("[" FUSE ", " SHIFT R"(,
            {"edit": "shift", "node": [0], "member": 0, "offsets": {"s0": 1}},
            {"edit": "shift", "node": [0], "member": 0, "offsets": {"s0": -1}},
            {"edit": "scale", "node": [0, 0], "member": 0, "factor": 2},
            {"edit": "set_coincident", "node": [0], "member": 0},
            {"edit": "reverse", "node": [0, 0], "member": 0},
            {"edit": "reverse", "node": [0, 0], "member": 0},
            {"edit": "member_expr", "node": [0, 0], "member": 0, "statement": "s1", "expr": "2*i"}])");
    // Two bands per statement under a sequence: each edit moves one statement.
    QTest::newRow("loop_sequence") << q("loop_sequence") << false << q(R"([
            {"edit": "shift", "node": [0], "member": 0, "offsets": {"s1": 1}},
            {"edit": "shift", "node": [0, 0, 1, 0], "member": 0, "offsets": {"s1": 2}},
            {"edit": "reverse", "node": [0, 0, 1, 0], "member": 0},
            {"edit": "shift", "node": [0], "member": 0, "offsets": {"s1": -1}}])");
    // Edits that reshape a band (its subtree built again in place).
    QTest::newRow("two_mm reshaped") << q("two_mm") << false << q(R"([
            {"edit": "interchange", "node": [0, 0, 0]},
            {"edit": "merge", "node": [0, 0, 0]},
            {"edit": "split", "node": [0, 0, 0], "at": 1},
            {"edit": "tile", "node": [0, 0, 0], "sizes": [2]},
            {"edit": "shift", "node": [0, 0, 0], "member": 0, "offsets": {"s1": 1}}])");
    // A set below a band that is then tiled: the set's child position
    // moves to a later dimension (the flat schedule is made whole then).
    QTest::newRow("jacobi set tiled") << q("jacobi_1d") << false << q(R"([
            {"edit": "to_set", "node": [0, 0]},
            {"edit": "tile", "node": [0], "sizes": [2]},
            {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s0": 1}},
            {"edit": "reverse", "node": [0, 0, 0, 1, 0], "member": 0},
            {"edit": "interchange", "node": [0]}])");
    QTest::newRow("gauss_seidel") << q("gauss_seidel_2d") << true << q(R"([
            {"edit": "merge", "node": [0]},
            {"edit": "skew", "node": [0], "member": 1, "source": 0},
            {"edit": "permute", "node": [0], "order": [1, 0]},
            {"edit": "permute", "node": [0], "order": [1, 0]},
            {"edit": "skew", "node": [0], "member": 0, "source": 1, "factor": 2},
            {"edit": "tile", "node": [0], "sizes": [4, 4]},
            {"edit": "shift", "node": [0, 0], "member": 1, "offsets": {"s0": 1}},
            {"edit": "interchange", "node": [0]},
            {"edit": "split", "node": [0, 0], "at": 1}])");
}

void tst_SchedulePipeline::bandEditsPatchTheFlatSchedule()
{
    QFETCH(QString, kernel);
    QFETCH(bool, sample);
    QFETCH(QString, edits);
    const std::vector<Edit> all = ::edits(edits.toStdString());
    auto cached = pipeline(kernel.toStdString(), sample);
    for (std::size_t n = 0; n <= all.size(); ++n) {
        const std::vector<Edit> log(all.begin(), all.begin() + static_cast<long>(n));
        const PipelineResultPtr a = cached->run(checkRequest(log));
        auto fresh = pipeline(kernel.toStdString(), sample); // outlives its result's isl objects
        const PipelineResultPtr b = fresh->run(checkRequest(log));
        QCOMPARE(a->report.verdict(), b->report.verdict());
        QCOMPARE(violated(a->report), violated(b->report));
        for (std::size_t k = 0; k < a->report.violations.size(); ++k) {
            const auto &x = a->report.violations[k], &y = b->report.violations[k];
            QCOMPARE(x.node, y.node);
            QCOMPARE(x.level, y.level);
            QCOMPARE(x.count, y.count);
            QCOMPARE(x.witness.src, y.witness.src);
            QCOMPARE(x.witness.dst, y.witness.dst);
        }
        // The flags too: only the edited band and those below it are
        // computed again (FlagAnalysis::recompute).
        QCOMPARE(a->flags.bands.size(), b->flags.bands.size());
        for (std::size_t k = 0; k < a->flags.bands.size(); ++k) {
            const auto &x = a->flags.bands[k], &y = b->flags.bands[k];
            QCOMPARE(x.path, y.path);
            QCOMPARE(x.permutableDeclared, y.permutableDeclared);
            QCOMPARE(x.coincidentDeclared, y.coincidentDeclared);
            QCOMPARE(x.permutableComputed, y.permutableComputed);
            QCOMPARE(x.coincidentComputed, y.coincidentComputed);
        }
    }
}

// A tile right after the flags of the tree it tiles: the check skips the
// edges that were respected and that the band's flags do not name
// (VerdictCarry). Every band of a schedule whose bands take edges
// backwards, tiled: the same report as a fresh pipeline's, witnesses,
// counts and sentences included.
void tst_SchedulePipeline::tileAfterFlagsMatchesFreshCheck_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("base");
    QTest::newRow("tiled matmul pipelined") << q("tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.pipelined.map");
    QTest::newRow("tiled matmul prefetch2") << q("tiled_matmul_sbuf_psum") << q("tiled_matmul_sbuf_psum.prefetch2.map");
    QTest::newRow("red black fused, shifted") << q("red_black_1d") << q("red_black_1d.fuse_shift.map");
}

void tst_SchedulePipeline::tileAfterFlagsMatchesFreshCheck()
{
    QFETCH(QString, kernel);
    QFETCH(QString, base);
    std::ifstream in(sample("schedules/" + base.toStdString()));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(!text.empty());
    PipelineRequest start = checkRequest();
    start.base = PipelineRequest::Base::fromText(text, base.toStdString());
    auto cached = pipeline(kernel.toStdString(), true);
    const FlagReport flags = cached->run(start)->flags;
    QVERIFY(!flags.bands.empty());
    int broken = 0;
    for (const BandFlags &band : flags.bands) {
        for (const std::int64_t size : {2, 3}) {
            PipelineRequest tiled = start;
            tiled.edits = {Edit::tile(band.path, std::vector<std::int64_t>(band.members, size))};
            cached->run(start); // the flags and times of the tree tiled are the last ones
            // The first violation, told ahead, is among the verdict's (the
            // check skips the carried edges and reuses none).
            std::vector<std::size_t> told;
            SchedulePipeline::Hooks hooks;
            hooks.illegal = [&](const CheckReport &first) { told.push_back(first.violations.at(0).edge); };
            hooks.verdict = [](const CheckReport &) {};
            const PipelineResultPtr a = cached->run(tiled, hooks);
            QCOMPARE(told.size(), std::size_t(a->report.legal ? 0 : 1));
            for (const std::size_t edge : told)
                QVERIFY(std::any_of(a->report.violations.begin(), a->report.violations.end(),
                                    [&](const ViolationReport &v) { return v.edge == edge; }));
            auto fresh = pipeline(kernel.toStdString(), true);
            const PipelineResultPtr b = fresh->run(tiled);
            QCOMPARE(a->report.verdict(), b->report.verdict());
            QCOMPARE(a->report.violations.size(), b->report.violations.size());
            for (std::size_t k = 0; k < a->report.violations.size(); ++k) {
                const auto &x = a->report.violations[k], &y = b->report.violations[k];
                QCOMPARE(x.edge, y.edge);
                QCOMPARE(x.message, y.message);
                QCOMPARE(x.count, y.count);
                QCOMPARE(x.node, y.node);
            }
            broken += a->report.violations.empty() ? 0 : 1;
        }
    }
    QVERIFY(broken > 0); // (some tile breaks edges the base respected)
}

// The verdict goes ahead of the details: the same broken edges, without
// their witnesses and nodes, which the result has.
void tst_SchedulePipeline::verdictFirstThenDetails()
{
    auto p = pipeline("jacobi_1d");
    std::optional<CheckReport> early;
    int checkpoints = 0;
    SchedulePipeline::Hooks hooks;
    hooks.verdict = [&](const CheckReport &r) { early = r; };
    hooks.checkpoint = [&] { ++checkpoints; };
    const PipelineResultPtr out = p->run(checkRequest(edits("[" FUSE "]")), hooks);
    QVERIFY(early.has_value());
    QCOMPARE(early->verdict(), std::string("illegal: 1 violated edge"));
    QCOMPARE(early->violations.size(), std::size_t(1));
    QCOMPARE(out->report.verdict(), early->verdict());
    QCOMPARE(out->report.violations.size(), std::size_t(1));
    QCOMPARE(early->violations[0].edge, out->report.violations[0].edge);
    QCOMPARE(early->edges.size(), out->report.edges.size());
    QVERIFY(early->violations[0].witness.src.empty());
    QVERIFY(!out->report.violations[0].witness.src.empty());
    QCOMPARE(out->report.violations[0].node, std::string("0.0"));
    QVERIFY(checkpoints >= 2);
}

// An illegal schedule's first violated edge is told once, before the
// verdict, and is one of the verdict's; an edge assumed absent is never it.
void tst_SchedulePipeline::firstViolationGoesAhead()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const std::string k = kernel.toStdString(), c = schedule.toStdString();
    const nlohmann::json expected = expectedOf(k, c);
    QVERIFY(!expected.is_null());
    const bool legal = expected["legal"].get<bool>();

    // (each result before its pipeline goes: it holds isl objects of its context)
    const auto run = [&](SchedulePipeline &p, const std::vector<DependenceOverride> &assumed,
                         std::vector<CheckReport> &told) {
        PipelineRequest r = caseRequest(p, k, c);
        r.check.assumeNoDep = assumed;
        SchedulePipeline::Hooks hooks;
        bool verdictCame = false;
        hooks.illegal = [&](const CheckReport &first) {
            QVERIFY(!verdictCame);
            told.push_back(first);
        };
        hooks.verdict = [&](const CheckReport &) { verdictCame = true; };
        return p.run(r, hooks);
    };
    const auto p = pipeline(k);
    std::vector<CheckReport> told;
    const PipelineResultPtr out = run(*p, {}, told);
    QCOMPARE(out->report.legal, legal);
    QCOMPARE(told.size(), std::size_t(legal ? 0 : 1));
    if (legal)
        return;
    const auto isViolated = [](const CheckReport &r, std::size_t edge) {
        return std::any_of(r.violations.begin(), r.violations.end(),
                           [&](const ViolationReport &v) { return v.edge == edge; });
    };
    QVERIFY(!told[0].legal);
    QCOMPARE(told[0].violations.size(), std::size_t(1));
    const ViolationReport &first = told[0].violations[0];
    QVERIFY(isViolated(out->report, first.edge));
    // Checked again by the same pipeline (every verdict reused): told again.
    std::vector<CheckReport> reused;
    run(*p, {}, reused);
    QCOMPARE(reused.size(), std::size_t(1));
    QVERIFY(isViolated(out->report, reused[0].violations.at(0).edge));

    // Assumed absent, that edge is no violation: another is told, or none.
    const auto fresh = pipeline(k);
    std::vector<CheckReport> again;
    const PipelineResultPtr assumed =
        run(*fresh, {{first.type, first.src, first.dst, first.allocation, "test"}}, again);
    QCOMPARE(again.size(), std::size_t(assumed->report.legal ? 0 : 1));
    if (!again.empty()) {
        QVERIFY(again[0].violations[0].edge != first.edge);
        QVERIFY(isViolated(assumed->report, again[0].violations[0].edge));
    }
}

void tst_SchedulePipeline::witnessesDoNotDependOnHistory_data()
{
    QTest::addColumn<QString>("kernel"); // under tests/data/kernels, parameters left free
    QTest::addColumn<QString>("before"); // edits checked first
    QTest::addColumn<QString>("edits"); // then these, compared with a fresh pipeline's
    const char *reverse = R"({"edit": "reverse", "node": [0], "member": 0})";
    const char *tile1 = R"({"edit": "tile", "node": [0], "sizes": [1]})";
    const QString both = QString::fromUtf8("[") + q(reverse) + q(", ") + q(tile1) + q("]");
    QTest::newRow("rank, reverse then tile") << q("deps_rank") << (q("[") + q(reverse) + q("]")) << both;
    QTest::newRow("rank, tile then reverse")
        << q("deps_rank") << (q("[") + q(tile1) + q("]")) << (q("[") + q(tile1) + q(", ") + q(reverse) + q("]"));
}

// With parameters left free, a witness's parameter values are the least
// that violate, whatever the checks before: isl's sample of the parameters
// depended on how the violating pairs had been computed.
void tst_SchedulePipeline::witnessesDoNotDependOnHistory()
{
    QFETCH(QString, kernel);
    QFETCH(QString, before);
    QFETCH(QString, edits);
    const KernelPtr k =
        KernelLoader::loadFile(std::string(SE_SOURCE_DIR) + "/tests/data/kernels/" + kernel.toStdString() + ".json");
    SchedulePipeline sequential(k, Analyzer::Options{});
    sequential.run(checkRequest());
    sequential.run(checkRequest(::edits(before.toStdString())));
    const PipelineResultPtr after = sequential.run(checkRequest(::edits(edits.toStdString())));
    SchedulePipeline fresh(k, Analyzer::Options{});
    const PipelineResultPtr once = fresh.run(checkRequest(::edits(edits.toStdString())));
    QVERIFY(!once->report.violations.empty());
    QCOMPARE(after->report.violations.size(), once->report.violations.size());
    for (std::size_t v = 0; v < once->report.violations.size(); ++v) {
        const Witness &a = after->report.violations[v].witness, &b = once->report.violations[v].witness;
        QCOMPARE(a.src, b.src);
        QCOMPARE(a.dst, b.dst);
        QCOMPARE(a.params, b.params);
    }
    // RAW s0[0] -> s1[1] with rank_0_0 = 1, rank_0_1 = 0: both touch A[1],
    // s0[0] first in the original order, s1[1] first once i is reversed.
    const auto raw = std::find_if(once->report.violations.begin(), once->report.violations.end(),
                                  [](const ViolationReport &v) { return v.type == "RAW"; });
    QVERIFY(raw != once->report.violations.end());
    QCOMPARE(raw->witness.src, std::vector<std::int64_t>{0});
    QCOMPARE(raw->witness.dst, std::vector<std::int64_t>{1});
    QCOMPARE(raw->witness.params, (ParamList{{"N", 4}, {"rank_0_0", 1}, {"rank_0_1", 0}}));
}

// After the kernel changed: the edits that still apply are kept.
void tst_SchedulePipeline::lenientSkipsEditsThatDoNotApply()
{
    auto p = pipeline("jacobi_1d");
    PipelineRequest r = checkRequest(edits(R"([{"edit": "merge", "node": [0, 5]}, )" FUSE "]"));
    r.lenientEdits = true;
    const PipelineResultPtr out = p->run(r);
    QCOMPARE(out->droppedEdits.size(), std::size_t(1));
    QCOMPARE(out->edits, edits("[" FUSE "]"));
    QCOMPARE(out->report.legal, false); // the fuse alone: WAR s0 -> s1 on A
}

void tst_SchedulePipeline::editThatDoesNotApplyNamesIt()
{
    auto p = pipeline("jacobi_1d");
    PipelineRequest r = checkRequest(edits("[" FUSE R"(, {"edit": "merge", "node": [0, 5]}])"));
    r.editsFile = "edits.json";
    try {
        p->run(r);
        QFAIL("an edit at a node that does not exist applied");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), std::string("edits.json"));
        QCOMPARE(e.place(), std::string("edits[1]"));
    }
    // The pipeline still works, from the cached prefix.
    QCOMPARE(p->run(checkRequest(edits("[" FUSE "]")))->report.violations[0].node, std::string("0.0"));
}

void tst_SchedulePipeline::cliCheckNamesNode_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("node");
    const QString kernel = QString::fromStdString(conformance("kernels/jacobi_1d.json"));
    const QStringList params{q("--param"), q("T=4"), q("--param"), q("N=10"), q("--json")};
    QTest::newRow("union map") << (QStringList{q("check"), kernel, q("--schedule"),
                                               QString::fromStdString(conformance("schedules/jacobi_1d.fuse.map"))}
                                   + params)
                               << q("0");
    const QString script = QDir::temp().filePath(q("tst_schedulepipeline.fuse.json"));
    QFile f(script);
    if (f.open(QIODevice::WriteOnly))
        f.write(R"({"kernel": "jacobi_1d", "edits": [)" FUSE "]}");
    f.close();
    QTest::newRow("edit script") << (QStringList{q("check"), kernel, q("--edits"), script} + params) << q("0.0");
}

void tst_SchedulePipeline::cliCheckNamesNode()
{
    QFETCH(QStringList, args);
    QFETCH(QString, node);
    QProcess tool;
    tool.start(q(SE_TOOL_PATH), args);
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 1); // illegal
    const auto report = nlohmann::json::parse(tool.readAllStandardOutput().toStdString());
    QCOMPARE(report["format"].get<int>(), 1);
    QCOMPARE(report["violations"].size(), std::size_t(1));
    QCOMPARE(report["violations"][0]["type"].get<std::string>(), std::string("WAR"));
    QCOMPARE(report["violations"][0]["node"].get<std::string>(), node.toStdString());
}

QTEST_MAIN(tst_SchedulePipeline)
#include "tst_schedulepipeline.moc"
