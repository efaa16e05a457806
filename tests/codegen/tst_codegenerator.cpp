// SPDX-License-Identifier: MIT
// The regenerated loop nest end to end: for schedules that force each
// construct (partial tiles, skewed tiles, triangular bounds, strides,
// guards, else-branches, selects, marks, parameters), the text has the
// loops worked out by hand from the schedule, the kernel loads again and
// checks legal, and the conformance oracle confirms that every instance runs
// once, in schedule order, touching the same elements.
#include "OracleRun.h"
#include "core/analysis/Analyzer.h"
#include "core/codegen/CodeGenerator.h"
#include "core/codegen/NestKernelWriter.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace se;
using namespace se::test;

class tst_CodeGenerator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void regenerate_data();
    void regenerate();
    void islRefuses();
};

namespace {

QString data(const char *name)
{
    return QStringLiteral(SE_SOURCE_DIR "/tests/codegen/data/") + QLatin1String(name);
}

QString conformance(const char *name)
{
    return QStringLiteral(SE_CONFORMANCE_DIR "/") + QLatin1String(name);
}

ParamValues paramValues(const QStringList &list)
{
    ParamValues out;
    for (const auto &p : list)
        out[p.section(QLatin1Char('='), 0, 0).toStdString()] = p.section(QLatin1Char('='), 1).toLongLong();
    return out;
}

} // namespace

void tst_CodeGenerator::regenerate_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // empty: the original schedule
    QTest::addColumn<QString>("oracleMap"); // the same order for the oracle; "-" the original order
    QTest::addColumn<QStringList>("params"); // fixed for the generator
    QTest::addColumn<QStringList>("oracleParams");
    QTest::addColumn<QStringList>("lines"); // each must be a line of the text form

    const QStringList grid{QStringLiteral("N=10"), QStringLiteral("M=7")};
    // Each original loop is a band, each statement under a mark s<id>.
    QTest::newRow("original, marks") << conformance("kernels/jacobi_1d.json") << QString() << QStringLiteral("-")
                                     << QStringList() << QStringList{QStringLiteral("T=4"), QStringLiteral("N=10")}
                                     << QStringList{
                                            QStringLiteral("for (c0: range(0, T, 1))"),
                                            QStringLiteral("  for (c1: range(1, N - 1, 1))"),
                                            QStringLiteral("    # mark: s0"),
                                            QStringLiteral("    s0 stencil: B[c1] <- A[c1 - 1], A[c1], A[c1 + 1]"
                                                           "  # from s0[t = c0, i = c1]"),
                                            QStringLiteral("    # mark: s1"),
                                            QStringLiteral("    s1 copy: A[c1] <- B[c1]  # from s1[t = c0, i = c1]")};
    // s1 shifted by one: the fused loop runs to N, each statement guarded
    // where the other runs alone.
    QTest::newRow("shifted fusion, guards")
        << conformance("kernels/jacobi_1d.json") << conformance("schedules/jacobi_1d.fuse_shift.map") << QString()
        << QStringList() << QStringList{QStringLiteral("T=4"), QStringLiteral("N=10")}
        << QStringList{
               QStringLiteral("  for (c1: range(1, N, 1))"),
               QStringLiteral("    s0 stencil: B[c1] <- A[c1 - 1], A[c1], A[c1 + 1]  if N >= c1 + 2"
                              "  # from s0[t = c0, i = c1]"),
               QStringLiteral("    s1 copy: A[c1 - 1] <- B[c1 - 1]  if c1 >= 2  # from s1[t = c0, i = c1 - 1]")};
    // Tiles of 4 x 4: the last tile in each dimension is partial.
    QTest::newRow("tiling, partial tiles (min)")
        << data("grid.json") << data("grid.tile.map") << QString() << QStringList() << grid
        << QStringList{QStringLiteral("for (c0: range(0, (N - 1) // 4 + 1, 1))"),
                       QStringLiteral("  for (c1: range(0, (M - 1) // 4 + 1, 1))"),
                       QStringLiteral("    for (c2: range(4*c0, min(N, 4*c0 + 4), 1))"),
                       QStringLiteral("      for (c3: range(4*c1, min(M, 4*c1 + 4), 1))"),
                       QStringLiteral("        s0 inc: A[c2, c3] <- A[c2, c3]  # from s0[i = c2, j = c3]")};
    // Tiles of a skewed stencil: both bounds of the point loop are lists.
    QTest::newRow("skewed tiles (max and min)")
        << conformance("kernels/jacobi_1d.json") << conformance("schedules/jacobi_1d.skewed_tiles.map") << QString()
        << QStringList() << QStringList{QStringLiteral("T=4"), QStringLiteral("N=10")}
        << QStringList{QStringLiteral("    for (c2: range(max(4*c0, 2*c1 + 1), min(4*c0 + 4, N + 2*c1), 1))")};
    // j <= i interchanged: c0 = j, c1 = i from j to N.
    QTest::newRow("triangular bounds")
        << data("triangle.json") << data("triangle.interchange.map") << QString() << QStringList()
        << QStringList{QStringLiteral("N=8")}
        << QStringList{QStringLiteral("for (c0: range(0, N, 1))"), QStringLiteral("  for (c1: range(c0, N, 1))"),
                       QStringLiteral("    s0 scale: L[c1, c0] <- L[c1, c0], D[c0]  # from s0[i = c1, j = c0]")};
    QTest::newRow("triangular original") << data("triangle.json") << QString() << QStringLiteral("-") << QStringList()
                                         << QStringList{QStringLiteral("N=8")}
                                         << QStringList{QStringLiteral("  for (c1: range(0, c0 + 1, 1))")};
    // Time 2i + 1 and 3j: odd values of c0, multiples of 3 for c1.
    QTest::newRow("strides") << data("grid.json") << data("grid.strided.map") << QString() << QStringList() << grid
                             << QStringList{QStringLiteral("for (c0: range(1, 2*N, 2))"),
                                            QStringLiteral("  for (c1: range(0, 3*M - 2, 3))"),
                                            QStringLiteral("    s0 inc: A[(c0 - 1) // 2, c1 // 3] <- A[(c0 - 1) // 2, "
                                                           "c1 // 3]  # from s0[i = (c0 - 1) // 2, j = c1 // 3]")};
    // c1 = 2j >= 2 and 2j >= i: the second bound, rounded up to even,
    // becomes a predicate of the strided loop's body.
    QTest::newRow("strided loop with two lower bounds")
        << data("lattice.json") << data("lattice.even.map") << QString() << QStringList()
        << QStringList{QStringLiteral("N=9")}
        << QStringList{QStringLiteral("  for (c1: range(2, 2*N - 1, 2))"),
                       QStringLiteral("    s0: A[c0, c1 // 2]  if c1 >= -((c0 + 1) % 2) + c0 + 1"
                                      "  # from s0[i = c0, j = c1 // 2]")};
    // Issue 16: from max(N - 3, 0) by 2, the domain is two pieces (N >= 3:
    // j = N - 3 mod 2; N < 3: j even). isl 0.25 with conjunctive guards
    // only ran s0 under both and never s1; the nest is rebuilt with
    // disjunctive guards, one case each.
    QTest::newRow("strided loop from a max, two statements")
        << data("strided_max.json") << QString() << QStringLiteral("-") << QStringList()
        << QStringList{QStringLiteral("N=6")}
        << QStringList{QStringLiteral("  s1: B[c0] <- A[c0]  if N >= 3 and (N + c0 + 1) % 2 == 0  # from s1[j = c0]")};
    QTest::newRow("strided loop from a max, small N")
        << data("strided_max.json") << QString() << QStringLiteral("-") << QStringList()
        << QStringList{QStringLiteral("N=1")} << QStringList();
    // s0[0..2] share time [0]: each still runs once (an inner loop over i).
    QTest::newRow("non-injective piecewise schedule")
        << data("six.json") << data("six.noninjective.map") << data("six.noninjective.oracle.map") << QStringList()
        << QStringList() << QStringList();
    // c0 = j - i: above the diagonal (c0 >= 1) c1 = j, else c1 = i.
    QTest::newRow("if and else") << data("grid.json") << data("grid.diagonal.map") << QString() << QStringList() << grid
                                 << QStringList{
                                        QStringLiteral("  for (c1: range(c0, min(M, N + c0), 1))"),
                                        QStringLiteral("    s0 inc: A[-c0 + c1, c1] <- A[-c0 + c1, c1]  if c0 >= 1"
                                                       "  # from s0[i = -c0 + c1, j = c1]"),
                                        QStringLiteral("  for (c1: range(-c0, min(N, M - c0), 1))"),
                                        QStringLiteral("    s0' inc: A[c1, c0 + c1] <- A[c1, c0 + c1]  if c0 < 1"
                                                       "  # from s0[i = c1, j = c0 + c1]")};
    // Rows from i = 5 on run backwards: isl writes j as a select.
    QTest::newRow("select in an iterator")
        << data("grid.json") << data("grid.select.map") << data("grid.select.oracle.map") << QStringList() << grid
        << QStringList{QStringLiteral("    s0 inc: A[c0, M - c1 - 1] <- A[c0, M - c1 - 1]  if c0 >= 5"
                                      "  # from s0[i = c0, j = M - c1 - 1]"),
                       QStringLiteral("    s0' inc: A[c0, c1] <- A[c0, c1]  if c0 < 5  # from s0[i = c0, j = c1]")};
    QTest::newRow("marks of a tree") << data("grid.json") << data("grid.marks.yaml") << QStringLiteral("-")
                                     << QStringList() << grid
                                     << QStringList{QStringLiteral("# mark: outer"),
                                                    QStringLiteral("for (c0: range(0, N, 1))"),
                                                    QStringLiteral("  # mark: inner"),
                                                    QStringLiteral("  for (c1: range(0, M, 1))")};
    // c1 = max(0, c0 - 2) kept in one loop (atomic): it runs once, from
    // that value to one past it.
    QTest::newRow("atomic band, max in an upper bound")
        << data("line.json") << data("line.atomic.yaml") << QStringLiteral("-") << QStringList()
        << QStringList{QStringLiteral("N=10")}
        << QStringList{QStringLiteral("  for (c1: range(max(0, c0 - 2), max(0, c0 - 2) + 1, 1))"),
                       QStringLiteral("    s1 set: A[c0]  if c1 == 0  # from s1[i = c0]"),
                       QStringLiteral("    s1' set: A[c0]  if c0 >= 3 and c1 + 2 == c0  # from s1[i = c0]")};
    // The inner band of three unrolled: three statements per row.
    QTest::newRow("unrolled") << data("rows.json") << data("rows.unroll.yaml") << QStringLiteral("-") << QStringList()
                              << QStringList{QStringLiteral("N=5")}
                              << QStringList{
                                     QStringLiteral("for (c0: range(0, N, 1))"),
                                     QStringLiteral("  s0 inc: A[c0, 0] <- A[c0, 0]  # from s0[i = c0, j = 0]"),
                                     QStringLiteral("  s0'' inc: A[c0, 2] <- A[c0, 2]  # from s0[i = c0, j = 2]")};
    // N = 9, M = 6 fixed: three row tiles, two column tiles.
    QTest::newRow("fixed parameters") << data("grid.json") << data("grid.tile.map") << QString()
                                      << QStringList{QStringLiteral("N=9"), QStringLiteral("M=6")}
                                      << QStringList{QStringLiteral("N=9"), QStringLiteral("M=6")}
                                      << QStringList{
                                             QStringLiteral("for (c0: range(0, 3, 1))"),
                                             QStringLiteral("  for (c1: range(0, 2, 1))"),
                                             QStringLiteral("    for (c2: range(4*c0, min(9, 4*c0 + 4), 1))"),
                                             QStringLiteral("      for (c3: range(4*c1, min(6, 4*c1 + 4), 1))")};
    // The rank parameter bounds the loop; reversed, c0 runs from -N + 1 to
    // -rank(0, 1).
    QTest::newRow("rank parameter") << data("ranked.json") << data("ranked.reversed.map") << QString() << QStringList()
                                    << QStringList{QStringLiteral("N=6"), QStringLiteral("rank_0_1=2")}
                                    << QStringList{
                                           QStringLiteral("for (c0: range(-N + 1, -rank(0, 1) + 1, 1))"),
                                           QStringLiteral("  s4 send: B[-c0 + rank(0, 1)]  # from s4[i = -c0]")};
}

void tst_CodeGenerator::regenerate()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QString, oracleMap);
    QFETCH(QStringList, params);
    QFETCH(QStringList, oracleParams);
    QFETCH(QStringList, lines);

    Analyzer::Options options;
    options.params = paramValues(params);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()), options);
    const isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    const RegeneratedNest nest = CodeGenerator::generate(a.model(), s, schedule.toStdString(), "the test schedule");
    const QString text = QString::fromStdString(NestTextPrinter::print(nest));
    const QStringList got = text.split(QLatin1Char('\n'));
    for (const auto &l : lines)
        QVERIFY2(got.contains(l), qPrintable(QStringLiteral("missing line:\n") + l + QStringLiteral("\nin:\n") + text));

    // The kernel form loads again, cleanly, and its own order is legal.
    QTemporaryDir dir;
    const QString exported = dir.filePath(QStringLiteral("regen.json"));
    const std::string json = NestKernelWriter::text(nest);
    std::ofstream(exported.toStdString()) << json;
    const KernelPtr again = KernelLoader::loadText(json, exported.toStdString());
    QVERIFY2(again->warnings.empty(), again->warnings.empty() ? "" : again->warnings.front().c_str());
    Analyzer::Options checkOptions;
    checkOptions.params = paramValues(oracleParams);
    Analyzer b(again, checkOptions);
    QVERIFY(b.check(b.originalSchedule(), DepMode::May).legal);

    const QString map = oracleMap == QLatin1String("-") ? QString() : oracleMap.isEmpty() ? schedule : oracleMap;
    const OracleVerdict v = verifyCodegen(kernel, exported, map, oracleParams);
    QVERIFY2(v.ran, qPrintable(v.report));
    QVERIFY2(v.ok, qPrintable(v.report + QStringLiteral("\n") + text));
}

// Unrolling needs a constant trip count; isl's refusal is bad input that
// names the schedule, for the tree and the C alike.
void tst_CodeGenerator::islRefuses()
{
    Analyzer a(KernelLoader::loadFile(data("grid.json").toStdString()));
    const std::string file = data("bad/grid.unroll.yaml").toStdString();
    const isl::schedule s = ScheduleInput::readFile(a.model(), file);
    for (int c = 0; c < 2; ++c) {
        try {
            if (c)
                CodeGenerator::cCode(a.model(), s, file);
            else
                CodeGenerator::generate(a.model(), s, file);
            QFAIL("no error");
        } catch (const InputError &e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
            QVERIFY2(QString::fromStdString(e.fault()).startsWith(
                         QLatin1String("isl cannot generate the loop nest of this schedule: ")),
                     e.what());
        }
    }
    // The context is usable afterwards.
    QVERIFY(!CodeGenerator::generate(a.model(), a.originalSchedule()).body.empty());
}

QTEST_GUILESS_MAIN(tst_CodeGenerator)
#include "tst_codegenerator.moc"
