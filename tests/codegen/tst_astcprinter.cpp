// SPDX-License-Identifier: MIT
// isl's C for every sample kernel, conformance kernel and test kernel under
// each of its schedules compiles (`cc -fsyntax-only`, warnings as errors)
// once its statements are defined as macros; the printed heading, macros
// and function are as worked by hand for a few of them.
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstCPrinter.h"
#include "core/codegen/CodeGenerator.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"

#include <QDir>
#include <QProcess>
#include <QtTest>

using namespace se;

class tst_AstCPrinter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compiles_data();
    void compiles();
    void printed_data();
    void printed();
    void functionName_data();
    void functionName();
};

namespace {

std::string cOf(const QString &kernel, const QString &schedule)
{
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    const isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    return CodeGenerator::cCode(a.model(), s, schedule.toStdString(),
                                schedule.isEmpty() ? "the original schedule" : "a schedule");
}

// `#define s0(a0, a1) ((void)(a0), (void)(a1))` for each statement.
std::string statementMacros(const QString &kernel)
{
    const KernelPtr k = KernelLoader::loadFile(kernel.toStdString());
    std::string out;
    for (const auto &p : k->statements()) {
        std::string params, uses;
        for (std::size_t d = 0; d < p.statement->iterators.size(); ++d) {
            params += (d ? ", a" : "a") + std::to_string(d);
            uses += (d ? ", (void)(a" : "(void)(a") + std::to_string(d) + ")";
        }
        out += "#define " + p.statement->tupleName() + "(" + params + ") (" + (uses.empty() ? "(void)0" : uses) + ")\n";
    }
    return out;
}

// Every kernel in `dir` with the original schedule and each schedule named
// <kernel>.*.map or <kernel>.*.yaml in `schedules`.
void addRows(const QString &dir, const QString &schedules)
{
    const QStringList kernels = QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const auto &k : kernels) {
        const QString path = dir + QLatin1Char('/') + k;
        const QString base = k.chopped(5);
        QTest::newRow(qPrintable(base + QStringLiteral(".original"))) << path << QString();
        const QStringList maps = QDir(schedules).entryList(
            {base + QStringLiteral(".*.map"), base + QStringLiteral(".*.yaml")}, QDir::Files, QDir::Name);
        for (const auto &m : maps) {
            if (m.contains(QLatin1String(".oracle.")))
                continue; // the oracle's own notation, not isl's
            QTest::newRow(qPrintable(m)) << path << schedules + QLatin1Char('/') + m;
        }
    }
}

} // namespace

void tst_AstCPrinter::compiles_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    addRows(QStringLiteral(SE_SOURCE_DIR "/sample-kernels"), QStringLiteral(SE_SOURCE_DIR "/sample-kernels"));
    addRows(QStringLiteral(SE_CONFORMANCE_DIR "/kernels"), QStringLiteral(SE_CONFORMANCE_DIR "/schedules"));
    addRows(QStringLiteral(SE_SOURCE_DIR "/tests/codegen/data"), QStringLiteral(SE_SOURCE_DIR "/tests/codegen/data"));
}

void tst_AstCPrinter::compiles()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const std::string source = statementMacros(kernel) + cOf(kernel, schedule);
    QProcess cc;
    cc.start(QStringLiteral(SE_CC),
             {QStringLiteral("-std=c99"), QStringLiteral("-Wall"), QStringLiteral("-Werror"),
              QStringLiteral("-fsyntax-only"), QStringLiteral("-x"), QStringLiteral("c"), QStringLiteral("-")});
    QVERIFY2(cc.waitForStarted(), "cannot start the C compiler");
    cc.write(source.data(), static_cast<qint64>(source.size()));
    cc.closeWriteChannel();
    QVERIFY(cc.waitForFinished(60000));
    QVERIFY2(cc.exitStatus() == QProcess::NormalExit && cc.exitCode() == 0,
             qPrintable(QString::fromUtf8(cc.readAllStandardError()) + QStringLiteral("\n")
                        + QString::fromStdString(source)));
}

void tst_AstCPrinter::printed_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QStringList>("lines"); // each must be a line of the output
    QTest::addColumn<QStringList>("absent"); // no line may start with these
    const QString conf = QStringLiteral(SE_CONFORMANCE_DIR "/");
    QTest::newRow("original") << conf + QStringLiteral("kernels/jacobi_1d.json") << QString()
                              << QStringList{QStringLiteral("/* jacobi_1d regenerated from the original schedule."),
                                             QStringLiteral(" *   s0(t, i) stencil: B[i] <- A[i - 1], A[i], A[i + 1]"),
                                             QStringLiteral(" *   s1(t, i) copy: A[i] <- B[i]"),
                                             QStringLiteral("void jacobi_1d(int T, int N)"),
                                             QStringLiteral("{"),
                                             QStringLiteral("  for (int c0 = 0; c0 < T; c0 += 1) {"),
                                             QStringLiteral("      s0(c0, c1);"),
                                             QStringLiteral("}")}
                              << QStringList{QStringLiteral("#define")};
    // The skewed tiles need min and max, and isl defines them, prefixed so
    // that they clash with nothing (std::min, the includer's macros).
    QTest::newRow("skewed tiles") << conf + QStringLiteral("kernels/jacobi_1d.json")
                                  << conf + QStringLiteral("schedules/jacobi_1d.skewed_tiles.map")
                                  << QStringList{QStringLiteral("#define se_min(x,y)    ((x) < (y) ? (x) : (y))"),
                                                 QStringLiteral("#define se_max(x,y)    ((x) > (y) ? (x) : (y))")}
                                  << QStringList{QStringLiteral("#define se_floord"), QStringLiteral("#define min"),
                                                 QStringLiteral("#define max")};
    // A reversed loop over a rank: floor of a possibly negative value.
    QTest::newRow("no parameters") << conf + QStringLiteral("kernels/ceil_ops.json") << QString()
                                   << QStringList{QStringLiteral("void ceil_ops(void)")} << QStringList();
}

void tst_AstCPrinter::printed()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QStringList, lines);
    QFETCH(QStringList, absent);
    const QString c = QString::fromStdString(cOf(kernel, schedule));
    const QStringList got = c.split(QLatin1Char('\n'));
    for (const auto &l : lines)
        QVERIFY2(got.contains(l), qPrintable(QStringLiteral("missing line:\n") + l + QStringLiteral("\nin:\n") + c));
    for (const auto &a : absent)
        for (const auto &g : got)
            QVERIFY2(!g.startsWith(a), qPrintable(QStringLiteral("unexpected line: ") + g));
}

void tst_AstCPrinter::functionName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("function");
    QTest::newRow("plain") << "jacobi_1d"
                           << "jacobi_1d";
    QTest::newRow("punctuation") << "mm-tiled.v2"
                                 << "mm_tiled_v2";
    QTest::newRow("leading digit") << "2mm"
                                   << "_2mm";
}

void tst_AstCPrinter::functionName()
{
    QFETCH(QString, name);
    QFETCH(QString, function);
    QCOMPARE(QString::fromStdString(AstCPrinter::functionName(name.toStdString())), function);
}

QTEST_GUILESS_MAIN(tst_AstCPrinter)
#include "tst_astcprinter.moc"
