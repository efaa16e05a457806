// SPDX-License-Identifier: MIT
// StatementGrouping rewrites a tree for isl's AST generator only: the
// rewritten tree has the same instances in the same order (its flat map is
// the tree's), and on the kernels it is used for (32 statements or more in
// a band) the regenerated nest is the same, line for line: the scaled
// bench kernels generated here (fused and pipelined bands). Hand-written
// trees of every shape it touches are rewritten with no minimum; where isl
// prints them differently (a peeled first iteration) the order is still
// the tree's. The samples, conformance and codegen-test schedules, all
// smaller, keep isl's nest of the tree as given.
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstTranslator.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/codegen/StatementGrouping.h"
#include "core/interop/ScheduleInput.h"
#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include "BenchKernels.h"
#include "NestText.h"

#include "TreeText.h"

#include <QtTest>

using namespace se;

class tst_StatementGrouping : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameNest_data();
    void sameNest();
    void rewrites_data();
    void rewrites();
    void splitOverAGuard();
    void cutIsIslsCut_data();
    void cutIsIslsCut();
};

namespace {

void addFiles(const QString &kernelDir, const QString &scheduleDir)
{
    const QDir kd(kernelDir);
    for (const QString &k : kd.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString stem = k.chopped(5);
        const QString kernel = kd.filePath(k);
        QTest::newRow(qPrintable(stem + QStringLiteral(" original"))) << kernel << QString();
        const QDir sd(scheduleDir);
        for (const QString &s :
             sd.entryList({stem + QStringLiteral(".*.map"), stem + QStringLiteral(".*.yaml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(s)) << kernel << sd.filePath(s);
    }
}

int expansions(const isl::schedule &s)
{
    int n = 0;
    s.root().foreach_descendant_top_down([&](const isl::schedule_node &node) {
        n += node.isa<isl::schedule_node_expansion>() ? 1 : 0;
        return true;
    });
    return n;
}

// A tree over three statements A, B and C with `child` below its domain.
QString tree(const QString &child)
{
    const QString dom = QStringLiteral(
        "[N] -> { A[i, j] : 0 <= i < N and 0 <= j < N; B[i, j] : 0 < i < N and 0 <= j < N - 1; C[i] : 0 <= i < N }");
    return QStringLiteral("{ domain: \"%1\", child: %2 }").arg(dom, child);
}

} // namespace

void tst_StatementGrouping::sameNest_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    addFiles(QStringLiteral(SE_SOURCE_DIR "/sample-kernels"),
             QStringLiteral(SE_SOURCE_DIR "/sample-kernels/schedules"));
    addFiles(QStringLiteral(SE_CONFORMANCE_DIR "/kernels"), QStringLiteral(SE_CONFORMANCE_DIR "/schedules"));
    addFiles(QStringLiteral(SE_SOURCE_DIR "/tests/codegen/data"), QStringLiteral(SE_SOURCE_DIR "/tests/codegen/data"));
    const QString bench = test::generatedBench();
    QVERIFY(QFileInfo::exists(bench + QStringLiteral("/tiled_matmul_10.json")));
    addFiles(bench, bench);
}

void tst_StatementGrouping::sameNest()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    isl::schedule s;
    try {
        s = schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    } catch (const InputError &e) {
        QSKIP(e.what()); // a schedule kept to test a refusal
    }
    const QString asIs = test::nestText(a.model(), s, AstBuilder::From::TreeAsIs);
    const QString grouped = test::nestText(a.model(), s, AstBuilder::From::Tree);
    QCOMPARE(grouped, asIs);
}

// Trees in isl notation, rewritten with no minimum: the same order, the
// rewrite happened (expansion nodes, where a band holds a sequence or a
// scalar member of several statements), and isl's nest printed the same
// where sameText says so.
void tst_StatementGrouping::rewrites_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<int>("groups");
    QTest::addColumn<bool>("sameText"); // isl prints the same nest
    QTest::newRow("band over a sequence of different domains") << tree(
        QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }]\", "
                       "child: { sequence: [ { filter: \"{ B[i, j] }\" }, { filter: \"{ A[i, j]; C[i] }\" } ] } }"))
                                                               << 1 << true;
    QTest::newRow("fused map: scalar last member, C once per row")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }, "
                               "{ A[i, j] -> [(j)]; B[i, j] -> [(j + 1)]; C[i] -> [(0)] }, "
                               "{ A[i, j] -> [(2)]; B[i, j] -> [(0)]; C[i] -> [(1)] }]\" }"))
        << 0 << true;
    QTest::newRow("fused map: scalar last member, A and B interleaved") << QStringLiteral(
        "{ domain: \"[N] -> { A[i, j] : 0 <= i < N and 0 <= j < N; B[i, j] : 0 < i < N and 0 <= j < N - 1 }\", "
        "child: { schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, "
        "{ A[i, j] -> [(j)]; B[i, j] -> [(j + 1)] }, { A[i, j] -> [(2)]; B[i, j] -> [(0)] }]\" } }")
                                                                        << 1 << true;
    QTest::newRow("pipelined map: scalar first members")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(0)]; B[i, j] -> [(1)]; C[i] -> [(0)] }, "
                               "{ A[i, j] -> [(1)]; B[i, j] -> [(0)]; C[i] -> [(0)] }, "
                               "{ A[i, j] -> [(i)]; B[i, j] -> [(j)]; C[i] -> [(i)] }]\" }"))
        << 1 << true; // A and C: their constant second member makes no loop to interleave at
    QTest::newRow("scalar middle member, a band below")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }, "
                               "{ A[i, j] -> [(1)]; B[i, j] -> [(0)]; C[i] -> [(1)] }, "
                               "{ A[i, j] -> [(j)]; B[i, j] -> [(-j)]; C[i] -> [(0)] }]\" }"))
        << 1 << true;
    QTest::newRow("set under a band") << tree(
        QStringLiteral("{ schedule: \"[{ A[i, j] -> [(j)]; B[i, j] -> [(j)]; C[i] -> [(i)] }]\", "
                       "child: { set: [ { filter: \"{ A[i, j]; C[i] }\" }, { filter: \"{ B[i, j] }\" } ] } }"))
                                      << 1 << true;
    QTest::newRow("one statement split by filters")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }]\", "
                               "child: { sequence: [ { filter: \"{ A[i, j] : j < 3; C[i] }\" }, "
                               "{ filter: \"{ B[i, j]; A[i, j] : j >= 3 }\" } ] } }"))
        << 1 << true;
    // A peeled first iteration (found by a review over random trees): A
    // starts a row before B does; isl puts the group's loop under a guard.
    QTest::newRow("fused map, A's first column alone") << QStringLiteral(
        "{ domain: \"{ A[i, j] : 3 <= i < 12 and 0 <= j < i + 3; B[i, j] : 0 <= i < 12 and 1 <= j < "
        "i + 3 }\", child: { schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, { A[i, j] -> [(j)]; "
        "B[i, j] -> [(j)] }, { A[i, j] -> [(0)]; B[i, j] -> [(1)] }]\" } }")
                                                       << 1 << false;
    QTest::newRow("a sequence on top: nothing above to group")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j]; B[i, j] }\" }, { filter: \"{ C[i] }\" } ] }")) << 0
        << true;
}

void tst_StatementGrouping::rewrites()
{
    QFETCH(QString, tree);
    QFETCH(int, groups);
    const char *kernel = R"({"name": "three", "params": [{"name": "N", "min": 2, "value": 6}],
      "tensors": [{"name": "X", "shape": ["N", "N"]}, {"name": "Y", "shape": ["N"]}],
      "body": [{"loop": "i", "lb": 0, "ub": "N", "body": [
        {"loop": "j", "lb": 0, "ub": "N", "body": [{"id": 0, "name": "A", "writes": [{"tensor": "X", "index": ["i", "j"]}]}]},
        {"loop": "j", "lb": 0, "ub": "N - 1", "predicate": "i >= 1", "body": [
          {"id": 1, "name": "B", "reads": [{"tensor": "X", "index": ["i - 1", "j"]}],
           "writes": [{"tensor": "X", "index": ["i", "j"]}]}]},
        {"id": 2, "name": "C", "writes": [{"tensor": "Y", "index": ["i"]}]}]}]})";
    Analyzer a(KernelLoader::loadText(kernel, "three.json"));
    Q_UNUSED(a);
    // The trees name their own statements: a model of the domain alone.
    isl::ctx ctx = isl::ctx(a.context().get());
    const isl::schedule s(ctx, tree.toStdString());
    const isl::schedule rewritten = StatementGrouping::apply(s, 2);
    QCOMPARE(expansions(rewritten), groups);
    // The same instances in the same order: { x -> y : x runs before y } of both.
    const auto before = [&](const isl::union_map &times) {
        const isl::union_map t = times.intersect_domain(s.get_domain());
        return isl::manage(isl_union_map_lex_lt_union_map(t.copy(), t.copy())); // raw isl: not in cpp.h 0.25
    };
    QVERIFY(before(rewritten.get_map()).is_equal(before(s.get_map())));
    QCOMPARE(expansions(StatementGrouping::apply(s)), 0); // too few statements to rewrite
    const QString got = QString::fromStdString(isl::ast_build(ctx).node_from(rewritten).to_C_str());
    const QString want = QString::fromStdString(isl::ast_build(ctx).node_from(s).to_C_str());
    QFETCH(bool, sameText);
    if (sameText)
        QCOMPARE(got, want);
    else
        QVERIFY2(got != want, "now printed the same: make this row sameText");
}

// A band's scalar member over a node the split does not read itself (a
// guard): isl's own sequence insertion makes the split, same order.
void tst_StatementGrouping::splitOverAGuard()
{
    IslContext context;
    const isl::ctx ctx(context.get());
    const isl::schedule s(ctx,
                          "{ domain: \"{ A[i] : 0 <= i < 6; B[i] : 0 <= i < 6; C[i] : 0 <= i < 6 }\", "
                          "child: { schedule: \"[{ A[i] -> [(0)]; B[i] -> [(1)]; C[i] -> [(0)] }, "
                          "{ A[i] -> [(i)]; B[i] -> [(i)]; C[i] -> [(i)] }]\", child: { guard: \"{ : }\" } } }");
    const isl::schedule rewritten = StatementGrouping::apply(s, 2);
    QVERIFY(rewritten.root().child(0).isa<isl::schedule_node_sequence>());
    const auto before = [&](const isl::union_map &times) {
        const isl::union_map t = times.intersect_domain(s.get_domain());
        return isl::manage(isl_union_map_lex_lt_union_map(t.copy(), t.copy())); // raw isl: not in cpp.h 0.25
    };
    QVERIFY(before(rewritten.get_map()).is_equal(before(s.get_map())));
}

// StatementGrouping::group's cut makes, without isl's grouping, what GroupExpansion
// cuts from isl's grouped tree: the same tree text (domain of group points,
// the band's identity on them) and the same expansion; only a sequence
// grouped below a band right below the domain.
void tst_StatementGrouping::cutIsIslsCut_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<bool>("cut");
    QTest::newRow("band over a sequence of different domains") << tree(
        QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }]\", "
                       "child: { sequence: [ { filter: \"{ B[i, j] }\" }, { filter: \"{ A[i, j]; C[i] }\" } ] } }"))
                                                               << true;
    QTest::newRow("fused map: scalar last member") << QStringLiteral(
        "{ domain: \"[N] -> { A[i, j] : 0 <= i < N and 0 <= j < N; B[i, j] : 0 < i < N and 0 <= j < N - 1 }\", "
        "child: { schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, "
        "{ A[i, j] -> [(j)]; B[i, j] -> [(j + 1)] }, { A[i, j] -> [(2)]; B[i, j] -> [(0)] }]\" } }")
                                                   << true;
    QTest::newRow("tiled band over a sequence") << tree(
        QStringLiteral("{ schedule: \"[{ A[i, j] -> [(floor((i)/4))]; B[i, j] -> [(floor((i + 1)/4))]; "
                       "C[i] -> [(floor((i)/4))] }, { A[i, j] -> [(i)]; B[i, j] -> [(i + 1)]; C[i] -> [(i)] }]\", "
                       "permutable: 1, coincident: [ 1, 0 ], "
                       "child: { sequence: [ { filter: \"{ A[i, j]; C[i] }\" }, { filter: \"{ B[i, j] }\" } ] } }"))
                                                << true;
    QTest::newRow("one statement split by filters")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }]\", "
                               "child: { sequence: [ { filter: \"{ A[i, j] : j < 3; C[i] }\" }, "
                               "{ filter: \"{ B[i, j]; A[i, j] : j >= 3 }\" } ] } }"))
        << true;
    QTest::newRow("a named band") << tree(
        QStringLiteral("{ schedule: \"L[{ A[i, j] -> [(i)]; B[i, j] -> [(i)]; C[i] -> [(i)] }]\", "
                       "child: { sequence: [ { filter: \"{ B[i, j] }\" }, { filter: \"{ A[i, j]; C[i] }\" } ] } }"))
                                  << true;
    QTest::newRow("set under a band: isl's grouping")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(j)]; B[i, j] -> [(j)]; C[i] -> [(i)] }]\", "
                               "child: { set: [ { filter: \"{ A[i, j]; C[i] }\" }, { filter: \"{ B[i, j] }\" } ] } }"))
        << false;
    QTest::newRow("a sequence on top: nothing to group")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j]; B[i, j] }\" }, { filter: \"{ C[i] }\" } ] }"))
        << false;
}

void tst_StatementGrouping::cutIsIslsCut()
{
    QFETCH(QString, tree);
    QFETCH(bool, cut);
    IslContext context;
    const isl::ctx ctx(context.get());
    const isl::schedule s(ctx, tree.toStdString());
    const StatementGrouping::Grouping g = StatementGrouping::group(s, 2);
    const std::optional<StatementGrouping::Cut> &c = g.cut;
    QCOMPARE(c.has_value(), cut);
    QCOMPARE(g.tree.has_value(), !cut); // one or the other
    if (!c)
        return;
    QVERIFY(StatementGrouping::isGroup(c->group));
    // isl's grouping, its expansion node cut off
    const isl::schedule grouped = StatementGrouping::apply(s, 2);
    // the isl grouping the cut stands for is apply()'s (made by GroupedTree:
    // its relations list their pieces in another order, tst_groupedtree)
    QCOMPARE(test::withoutRelations(StatementGrouping::grouped(*c)), test::withoutRelations(grouped));
    QCOMPARE(expansions(grouped), 1);
    isl::schedule_node e = grouped.root().child(0).child(0);
    QVERIFY(e.isa<isl::schedule_node_expansion>());
    QVERIFY(c->expansion.is_equal(e.as<isl::schedule_node_expansion>().expansion()));
    QVERIFY(c->below.isa<isl::schedule_node_sequence>());
    const isl::schedule islCut =
        isl::manage(isl_schedule_node_cut(e.release())).get_schedule(); // raw isl: not in cpp.h 0.25
    QCOMPARE(QString::fromStdString(SchedulePrinter::blockYaml(c->tree)),
             QString::fromStdString(SchedulePrinter::blockYaml(islCut)));
}

QTEST_MAIN(tst_StatementGrouping)
#include "tst_statementgrouping.moc"
