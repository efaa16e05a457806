// SPDX-License-Identifier: MIT
// ConstantLevels rewrites a tree for isl's AST generator only: its constant
// band members out (one value: no loop; a constant per statement: a
// sequence), the iterator names of the levels left kept. The rewritten tree
// runs the same instances in the same order, and isl's nest of it, with
// those names, is the nest of the tree as given, line for line: trees of
// every shape it touches, in isl notation, and tiles of the generated bench
// kernels' bands (the case it is for: a tile of a pipelined band).
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/ConstantLevels.h"
#include "core/codegen/StatementGrouping.h"
#include "core/schedule/ScheduleTree.h"
#include "core/edit/Edit.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/union_map.h>

#include "BenchKernels.h"
#include "NestText.h"

#include <QtTest>

#include <algorithm>

using namespace se;

class tst_ConstantLevels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rewrites_data();
    void rewrites();
    void tileOfABand_data();
    void tileOfABand();
};

namespace {

// A tree over A[i, j] and B[i, j] with `child` below its domain.
QString tree(const QString &child)
{
    const QString dom =
        QStringLiteral("[N] -> { A[i, j] : 0 <= i < N and 0 <= j < N; B[i, j] : 0 < i < N and 0 <= j < N - 1 }");
    return QStringLiteral("{ domain: \"%1\", child: %2 }").arg(dom, child);
}

// A tree over C[k, i] (k < 4) and D[i] (i = 3) with `child` below its domain.
QString treeCD(const QString &child)
{
    const QString dom = QStringLiteral("[N] -> { C[k, i] : 0 <= k < 4 and 0 <= i < N; D[i] : i = 3 }");
    return QStringLiteral("{ domain: \"%1\", child: %2 }").arg(dom, child);
}

// isl's nest of `s` in C, the loop at depth k named ck, the depths `skipped` left out.
QString islNest(isl::ctx ctx, const isl::schedule &s, unsigned depth, const std::vector<unsigned> &skipped = {})
{
    // (as AstBuilder names them: the trees' times are injective, isl adds no loop)
    isl::id_list ids(ctx, static_cast<int>(depth));
    for (unsigned k = 0; k < depth; ++k)
        if (std::find(skipped.begin(), skipped.end(), k) == skipped.end())
            ids = ids.add(isl::id(ctx, "c" + std::to_string(k)));
    isl::ast_build build(ctx);
    build = isl::manage(isl_ast_build_set_iterators(build.release(), ids.release())); // raw isl: no cpp.h setter
    return QString::fromStdString(build.node_from(s).to_C_str());
}

// { x -> y : x runs before y } of `s` over its domain.
isl::union_map before(const isl::schedule &s)
{
    const isl::union_map t = s.get_map().intersect_domain(s.get_domain());
    return isl::manage(isl_union_map_lex_lt_union_map(t.copy(), t.copy())); // raw isl: not in cpp.h 0.25
}

QString band(const char *members)
{
    return QStringLiteral("{ schedule: \"%1\" }").arg(QLatin1String(members));
}

} // namespace

void tst_ConstantLevels::rewrites_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<QString>("removed"); // the depths taken out, or "none" when nothing applies
    QTest::addColumn<bool>("sameText"); // isl prints the same nest
    QTest::newRow("one value first and last")
        << tree(band("[{ A[i, j] -> [(0)]; B[i, j] -> [(0)] }, { A[i, j] -> [(i)]; B[i, j] -> [(i)] }, "
                     "{ A[i, j] -> [(j)]; B[i, j] -> [(j + 1)] }, { A[i, j] -> [(2)]; B[i, j] -> [(2)] }]"))
        << "0 3" << true;
    QTest::newRow("a constant per statement first: a sequence")
        << tree(band("[{ A[i, j] -> [(1)]; B[i, j] -> [(0)] }, { A[i, j] -> [(i)]; B[i, j] -> [(i)] }, "
                     "{ A[i, j] -> [(j)]; B[i, j] -> [(j)] }]"))
        << "0" << true;
    QTest::newRow("a constant per statement after a loop, same band")
        << tree(band("[{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, { A[i, j] -> [(1)]; B[i, j] -> [(0)] }, "
                     "{ A[i, j] -> [(j)]; B[i, j] -> [(-j)] }]"))
        << "1" << true;
    QTest::newRow("tile and point bands (a tile of a pipelined band)")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(0)]; B[i, j] -> [(0)] }, { A[i, j] -> [(floor(i/4))]; "
                               "B[i, j] -> [(floor(i/4))] }]\", child: ")
                + band("[{ A[i, j] -> [(1)]; B[i, j] -> [(0)] }, { A[i, j] -> [(0)]; B[i, j] -> [(0)] }, "
                       "{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, { A[i, j] -> [(j)]; B[i, j] -> [(j)] }]")
                + QStringLiteral(" }"))
        << "0 2 3" << true;
    QTest::newRow("a run over two bands, one value inside")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i)] }, { A[i, j] -> [(1)]; B[i, j] "
                               "-> [(0)] }]\", child: ")
                + band("[{ A[i, j] -> [(5)]; B[i, j] -> [(5)] }, { A[i, j] -> [(0)]; B[i, j] -> [(3)] }, "
                       "{ A[i, j] -> [(j)]; B[i, j] -> [(j)] }]")
                + QStringLiteral(" }"))
        << "1 2 3" << true;
    QTest::newRow("two runs: the second stays")
        << tree(band("[{ A[i, j] -> [(1)]; B[i, j] -> [(0)] }, { A[i, j] -> [(i)]; B[i, j] -> [(i)] }, "
                     "{ A[i, j] -> [(0)]; B[i, j] -> [(1)] }, { A[i, j] -> [(j)]; B[i, j] -> [(j)] }]"))
        << "0" << true;
    QTest::newRow("two statements share the run's values: the run stays")
        << QStringLiteral("{ domain: \"[N] -> { A[i] : 0 <= i < N; B[i] : 0 <= i < N; E[i] : 0 <= i < N }\", "
                          "child: { schedule: \"[{ A[i] -> [(0)]; B[i] -> [(0)]; E[i] -> [(1)] }, "
                          "{ A[i] -> [(i)]; B[i] -> [(i)]; E[i] -> [(i)] }, { A[i] -> [(5)]; B[i] -> [(5)]; E[i] "
                          "-> [(5)] }, { A[i] -> [(0)]; B[i] -> [(1)]; E[i] -> [(0)] }]\" } }")
        << "2" << true;
    QTest::newRow("one value on the instances only (floor of a short loop)")
        << treeCD(band("[{ C[k, i] -> [(floor(k/4))]; D[i] -> [(0)] }, { C[k, i] -> [(k)]; D[i] -> [(i)] }, "
                       "{ C[k, i] -> [(i)]; D[i] -> [(0)] }]"))
        << "0" << false; // isl's nest as given: D inside C's k loop under a guard; here after it
    QTest::newRow("one value by the domain (a fixed iterator)")
        << treeCD(band("[{ D[i] -> [(i)]; C[k, i] -> [(3)] }, { D[i] -> [(0)]; C[k, i] -> [(i)] }, "
                       "{ D[i] -> [(0)]; C[k, i] -> [(k)] }]"))
        << "0" << true;
    QTest::newRow("a parameter is not a constant")
        << tree(band("[N] -> [{ A[i, j] -> [(N)]; B[i, j] -> [(N)] }, { A[i, j] -> [(i)]; B[i, j] -> [(i)] }]"))
        << "none" << true;
    QTest::newRow("no constant member") << tree(band("[{ A[i, j] -> [(i)]; B[i, j] -> [(i - 1)] }]")) << "none" << true;
    QTest::newRow("a sequence on top: no chain")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j] }\", child: %1 }, { filter: \"{ B[i, j] }\" } ] }")
                    .arg(band("[{ A[i, j] -> [(0)] }]")))
        << "none" << true;
    QTest::newRow("a filter in the chain, a sequence below") << tree(
        QStringLiteral("{ filter: \"{ A[i, j]; B[i, j] }\", child: { schedule: \"[{ A[i, j] -> [(0)]; B[i, j] "
                       "-> [(0)] }, { A[i, j] -> [(i)]; B[i, j] -> [(i)] }, { A[i, j] -> [(j)]; B[i, j] -> "
                       "[(j)] }]\", child: { sequence: [ { filter: \"{ B[i, j] }\" }, { filter: \"{ A[i, j] }\" "
                       "} ] } } }")) << "0" << true;
    QTest::newRow("a filter that leaves a statement out: the split of those it keeps")
        << QStringLiteral("{ domain: \"[N] -> { A[i] : 0 <= i < N; B[i] : 0 <= i < N; E[i] : 0 <= i < N }\", "
                          "child: { filter: \"{ A[i]; B[i] }\", child: { schedule: \"[{ A[i] -> [(1)]; B[i] -> [(0)]; "
                          "E[i] -> [(1)] }, { A[i] -> [(i)]; B[i] -> [(i)]; E[i] -> [(i)] }]\" } } }")
        << "0" << true;
    QTest::newRow("AST options: left to isl")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(0)]; B[i, j] -> [(0)] }, { A[i, j] -> [(i)]; B[i, j] "
                               "-> [(i)] }]\", options: \"{ separate[i] }\" }"))
        << "none" << true;
}

void tst_ConstantLevels::rewrites()
{
    QFETCH(QString, tree);
    QFETCH(QString, removed);
    isl_ctx *raw = isl_ctx_alloc();
    {
        const isl::ctx ctx(raw);
        const isl::schedule s(ctx, tree.toStdString());
        const std::optional<ConstantLevels::Result> r = ConstantLevels::apply(s, 2);
        if (removed == QLatin1String("none")) {
            QVERIFY(!r);
        } else {
            QVERIFY(r);
            QStringList depths;
            for (unsigned d : r->removed)
                depths << QString::number(d);
            QCOMPARE(depths.join(QLatin1Char(' ')), removed);
            QVERIFY(before(r->tree).is_equal(before(s)));
            QVERIFY(!ConstantLevels::apply(s)); // fewer statements than MinStatements
            unsigned depth = 0;
            s.get_map().foreach_map([&](const isl::map &m) { depth = std::max(depth, unsigned(m.range_tuple_dim())); });
            const QString got = islNest(ctx, r->tree, depth, r->removed);
            const QString want = islNest(ctx, s, depth);
            QFETCH(bool, sameText);
            if (sameText)
                QCOMPARE(got, want);
            else
                QVERIFY2(got != want, "now printed the same: make this row sameText");
        }
    }
    isl_ctx_free(raw);
}

// Tiles of each generated bench kernel's first band (by 3, by 4, and by 128:
// the stages' tile one value, the p loop's too): the nest through
// AstBuilder (grouped, constant levels out) is the tree's as given.
// ConstantLevels rewrites a child of the grouped tiled_matmul tiles by 3
// and 4 (a pipelined band's tile stage); by 128 no band is split, and
// pipeline_40's fused tiles are cut whole (GroupExpansion): no such child.
void tst_ConstantLevels::tileOfABand_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("rewritten"); // ConstantLevels applies to a child
    const QString bench = test::generatedBench();
    const QDir dir(bench);
    for (const QString &s : dir.entryList({QStringLiteral("*.map")}, QDir::Files, QDir::Name))
        for (const int size : {3, 4, 128})
            QTest::newRow(qPrintable(s + QStringLiteral(" by ") + QString::number(size)))
                << dir.filePath(s.section(QLatin1Char('.'), 0, 0) + QStringLiteral(".json")) << dir.filePath(s) << size
                << (s.startsWith(QLatin1String("tiled_matmul")) && size < 128);
}

void tst_ConstantLevels::tileOfABand()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(int, size);
    QFETCH(bool, rewritten);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    const isl::schedule s = ScheduleInput::readFile(a.model(), schedule.toStdString());
    const ScheduleTreeSnapshot snapshot = ScheduleTreeSnapshot::build(a.model(), s);
    const auto band = std::find_if(snapshot.nodes.begin(), snapshot.nodes.end(), [](const auto &n) {
        return n.kind == ScheduleTreeSnapshot::Kind::Band && !n.members.empty();
    });
    QVERIFY(band != snapshot.nodes.end());
    const isl::schedule tiled = Edit::tile(band->path, std::vector<std::int64_t>(band->members.size(), size)).apply(s);
    const QString got = test::nestText(a.model(), tiled, AstBuilder::From::Tree);
    QVERIFY2(!got.startsWith(QLatin1String("refused")), qPrintable(got));
    QCOMPARE(got, test::nestText(a.model(), tiled, AstBuilder::From::TreeAsIs));
    // The children AstBuilder gives ConstantLevels: those of the grouped tree's root sequence.
    int applies = 0;
    const StatementGrouping::Grouping g = StatementGrouping::group(tiled);
    if (g.tree && ScheduleTree::readable(*g.tree)) { // (not isl's grouping, with its expansion nodes)
        const TreeNode whole = ScheduleTree::read(*g.tree);
        if (whole.children.size() == 1 && whole.children.front().kind == TreeNode::Kind::Sequence)
            for (const TreeNode &child : whole.children.front().children) {
                TreeNode domain;
                domain.kind = TreeNode::Kind::Domain;
                domain.set = child.set.intersect(whole.set);
                domain.children.push_back(child);
                applies += ConstantLevels::apply(ScheduleTree::build(domain)) ? 1 : 0;
            }
    }
    QCOMPARE(applies > 0, rewritten);
}

QTEST_APPLESS_MAIN(tst_ConstantLevels)
#include "tst_constantlevels.moc"
