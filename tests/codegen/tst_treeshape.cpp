// SPDX-License-Identifier: MIT
// TreeShape: trees alike but for their statements' names (and the constants
// that order them) have one shape, with the statements matched in order;
// anything isl would see differently (a bound, a filter taking part of a
// statement, a band's width, a mark) makes another shape or none. And the
// nest of a tree whose root sequence has alike children, each taking the
// first one's nest renamed (AstSequenceSplit), is isl's own nest of it.
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstTranslator.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/codegen/TreeShape.h"
#include "core/edit/EditScript.h"
#include "core/schedule/ScheduleTree.h"
#include "core/interop/ScheduleInput.h"
#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include "BenchKernels.h"
#include "NestText.h"
#include "ParamText.h"

#include <QtTest>

using namespace se;

class tst_TreeShape : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shapes_data();
    void shapes();
    void nestAsIslMakesIt_data();
    void nestAsIslMakesIt();
};

namespace {

isl::ctx context()
{
    static IslContext ctx; // for the test's life
    return isl::ctx(ctx.get());
}

std::optional<TreeShape> shapeOf(const QString &yaml)
{
    return TreeShape::of(ScheduleTree::read(isl::schedule(context(), yaml.toStdString())));
}

QString names(const TreeShape &s)
{
    QStringList out;
    for (const isl::id &id : s.ids)
        out << QString::fromStdString(id.name());
    return out.join(QLatin1Char(' '));
}

// A band over a sequence of one filter per statement: `band` its members.
QString tree(const QString &domain, const QString &band, const QStringList &filters)
{
    QString t = QStringLiteral("{ domain: \"%1\", child: { schedule: \"%2\", child: { sequence: [ ").arg(domain, band);
    for (int k = 0; k < filters.size(); ++k)
        t += (k ? QStringLiteral(", ") : QString()) + QStringLiteral("{ filter: \"%1\" }").arg(filters[k]);
    return t + QStringLiteral(" ] } } }");
}

} // namespace

void tst_TreeShape::shapes_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    // "alike": b's statements matching a's, in a's order; "other": both
    // have a shape, not the same; "none": b has none.
    QTest::addColumn<QString>("expected");
    const QString dom = QStringLiteral("[N] -> { A[i] : 0 <= i < N; B[i] : 0 <= i < N }");
    const QString domCD = QStringLiteral("[N] -> { C[i] : 0 <= i < N; D[i] : 0 <= i < N }");
    QTest::newRow("renamed") << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                                     {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
                             << tree(domCD, QStringLiteral("[{ C[i] -> [(i)]; D[i] -> [(i)] }]"),
                                     {QStringLiteral("{ C[i] }"), QStringLiteral("{ D[i] }")})
                             << QStringLiteral("alike C D");
    // A pipeline's stages: another stage's constants, in the same order.
    QTest::newRow("constants renumbered")
        << tree(dom, QStringLiteral("[{ A[i] -> [(1)]; B[i] -> [(2)] }, { A[i] -> [(i)]; B[i] -> [(i + 1)] }]"),
                {QStringLiteral("{ A[i]; B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(5)]; D[i] -> [(9)] }, { C[i] -> [(i)]; D[i] -> [(i + 1)] }]"),
                {QStringLiteral("{ C[i]; D[i] }")})
        << QStringLiteral("alike C D");
    // D plays A's part: it runs first.
    QTest::newRow("constants matched by order")
        << tree(dom, QStringLiteral("[{ A[i] -> [(1)]; B[i] -> [(2)] }]"), {QStringLiteral("{ A[i]; B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(2)]; D[i] -> [(1)] }]"), {QStringLiteral("{ C[i]; D[i] }")})
        << QStringLiteral("alike D C");
    QTest::newRow("sequence order matched") << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(2i)] }]"),
                                                    {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
                                            << tree(domCD, QStringLiteral("[{ C[i] -> [(2i)]; D[i] -> [(i)] }]"),
                                                    {QStringLiteral("{ D[i] }"), QStringLiteral("{ C[i] }")})
                                            << QStringLiteral("alike D C");
    QTest::newRow("another bound") << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                                           {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
                                   << tree(QStringLiteral("[N] -> { C[i] : 0 <= i < N; D[i] : 0 <= i <= N }"),
                                           QStringLiteral("[{ C[i] -> [(i)]; D[i] -> [(i)] }]"),
                                           {QStringLiteral("{ C[i] }"), QStringLiteral("{ D[i] }")})
                                   << QStringLiteral("other");
    QTest::newRow("a filter takes part of a statement")
        << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(i)]; D[i] -> [(i)] }]"),
                {QStringLiteral("{ C[i] : i < 5 }"), QStringLiteral("{ D[i]; C[i] : i >= 5 }")})
        << QStringLiteral("other");
    QTest::newRow("a member's function") << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                                                 {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
                                         << tree(domCD, QStringLiteral("[{ C[i] -> [(i)]; D[i] -> [(-i)] }]"),
                                                 {QStringLiteral("{ C[i] }"), QStringLiteral("{ D[i] }")})
                                         << QStringLiteral("other");
    QTest::newRow("a constant that is no rank order")
        << tree(dom, QStringLiteral("[{ A[i] -> [(1)]; B[i] -> [(2)] }, { A[i] -> [(i)]; B[i] -> [(i)] }]"),
                {QStringLiteral("{ A[i]; B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(1)]; D[i] -> [(1)] }, { C[i] -> [(i)]; D[i] -> [(i + 1)] }]"),
                {QStringLiteral("{ C[i]; D[i] }")})
        << QStringLiteral("other");
    // A constant is written as its rank and where it holds.
    QTest::newRow("a constant on part of a statement")
        << tree(dom, QStringLiteral("[{ A[i] -> [(1)] : i < 5; B[i] -> [(2)] }]"), {QStringLiteral("{ A[i]; B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(1)]; D[i] -> [(2)] }]"), {QStringLiteral("{ C[i]; D[i] }")})
        << QStringLiteral("other");
    QTest::newRow("two statements alike: none")
        << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
        << tree(domCD, QStringLiteral("[{ C[i] -> [(i)]; D[i] -> [(i)] }]"), {QStringLiteral("{ C[i]; D[i] }")})
        << QStringLiteral("none");
    QTest::newRow("a mark: none")
        << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
        << QStringLiteral("{ domain: \"%1\", child: { mark: \"C\", child: { schedule: \"[{ C[i] -> [(i)]; D[i] -> "
                          "[(2i)] }]\" } } }")
               .arg(domCD)
        << QStringLiteral("none");
    QTest::newRow("AST options: none")
        << tree(dom, QStringLiteral("[{ A[i] -> [(i)]; B[i] -> [(i)] }]"),
                {QStringLiteral("{ A[i] }"), QStringLiteral("{ B[i] }")})
        << QStringLiteral("{ domain: \"%1\", child: { schedule: \"[{ C[i] -> [(i)]; D[i] -> [(2i)] }]\", options: "
                          "\"{ separate[i0] }\" } }")
               .arg(domCD)
        << QStringLiteral("none");
}

void tst_TreeShape::shapes()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    const std::optional<TreeShape> sa = shapeOf(a);
    const std::optional<TreeShape> sb = shapeOf(b);
    QVERIFY(sa);
    QCOMPARE(names(*sa), QStringLiteral("A B"));
    if (expected == QStringLiteral("none")) {
        QVERIFY(!sb);
        return;
    }
    QVERIFY(sb);
    if (expected == QStringLiteral("other")) {
        QVERIFY(sa->text != sb->text);
        return;
    }
    QCOMPARE(QString::fromStdString(sb->text), QString::fromStdString(sa->text));
    QCOMPARE(QStringLiteral("alike ") + names(*sb), expected);
}

Q_DECLARE_METATYPE(std::vector<se::Edit>)

void tst_TreeShape::nestAsIslMakesIt_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<std::vector<Edit>>("edits");
    QTest::addColumn<QStringList>("params");
    const QString bench = test::generatedBench();
    const QString tm = bench + QStringLiteral("/tiled_matmul_10.json");
    const QString pipelined = bench + QStringLiteral("/tiled_matmul_10.pipelined.map");
    // A tile of the pipelined band: its constant first member makes a root
    // sequence of stages (StatementGrouping), the middle ones alike.
    for (const std::int64_t size : {2, 4, 8})
        QTest::newRow(qPrintable(QStringLiteral("tiled_matmul_10 pipelined, tile %1").arg(size)))
            << tm << pipelined << std::vector<Edit>{Edit::tile({0}, std::vector<std::int64_t>(5, size))}
            << QStringList{QStringLiteral("KT=2")};
    QTest::newRow("tiled_matmul_10 pipelined, tile 4, parametric")
        << tm << pipelined << std::vector<Edit>{Edit::tile({0}, std::vector<std::int64_t>(5, 4))} << QStringList{};
    QTest::newRow("tiled_matmul_10 prefetch2, tile 4")
        << tm << bench + QStringLiteral("/tiled_matmul_10.prefetch2.map")
        << std::vector<Edit>{Edit::tile({0}, std::vector<std::int64_t>(5, 4))} << QStringList{QStringLiteral("KT=2")};
}

void tst_TreeShape::nestAsIslMakesIt()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(std::vector<Edit>, edits);
    QFETCH(QStringList, params);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()), {test::paramValues(params)});
    isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    s = EditScript::apply(a.context(), edits, s, "test");
    // TreeAsIs: the tiled tree whole, as isl makes it; Tree: split into
    // stages, alike ones renamed.
    const QString asIs = test::nestText(a.model(), s, AstBuilder::From::TreeAsIs);
    QVERIFY(!asIs.startsWith(QStringLiteral("refused")));
    QCOMPARE(test::nestText(a.model(), s, AstBuilder::From::Tree), asIs);
}

QTEST_MAIN(tst_TreeShape)
#include "tst_treeshape.moc"
