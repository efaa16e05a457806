// SPDX-License-Identifier: MIT
// `codegen --format c` compiles as it is: the C of every sample and
// conformance kernel (original schedule and every schedule file), with the
// parameters free and fixed, goes through `gcc -c` and `g++ -c` with no
// statement defined (each is declared as a function), and with each
// statement defined as a macro first. No -Werror: warnings are allowed,
// implicit declarations are not.
#include "ExportCases.h"
#include "core/analysis/Analyzer.h"
#include "core/analysis/ScheduleExport.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace se;

namespace {

// Compiles `code` as C (gcc) or C++ (g++); returns the diagnostics, or
// an empty string on success.
QString compile(const QString &dir, const std::string &code, bool cxx)
{
    const QString path = dir + (cxx ? QStringLiteral("/nest.cpp") : QStringLiteral("/nest.c"));
    {
        std::ofstream f(path.toStdString(), std::ios::binary);
        f << code;
    }
    QProcess cc;
    QStringList args{
        QStringLiteral("-c"), QStringLiteral("-Wall"),         QStringLiteral("-Werror=implicit-function-declaration"),
        QStringLiteral("-o"), dir + QStringLiteral("/nest.o"), path};
    if (!cxx)
        args.prepend(QStringLiteral("-std=c99"));
    cc.start(cxx ? QStringLiteral("g++") : QStringLiteral("gcc"), args);
    if (!cc.waitForFinished(120000))
        return QStringLiteral("the compiler did not finish");
    if (cc.exitStatus() != QProcess::NormalExit || cc.exitCode() != 0)
        return QString::fromUtf8(cc.readAllStandardError()) + QStringLiteral("\n--- code ---\n")
            + QString::fromStdString(code);
    return {};
}

// Each statement defined as a macro ahead of the code, as the heading allows.
std::string withMacros(const Kernel &k, const std::string &code)
{
    std::string out = "static int se_count;\n";
    for (const auto &place : k.statements())
        out += "#define " + place.statement->tupleName() + "(...) (++se_count)\n";
    return out + code;
}

} // namespace

class tst_CExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compiles_data();
    void compiles();
};

void tst_CExport::compiles_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    for (const auto &c : test::exportCases())
        QTest::newRow(c.name.toUtf8().constData()) << c.kernel << c.schedule;
}

void tst_CExport::compiles()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const KernelPtr k = KernelLoader::loadFile(kernel.toStdString());
    ParamValues fixed;
    for (const auto &p : k->params)
        if (p.value)
            fixed[p.name] = *p.value;
    Analyzer::Options o;
    o.params = fixed;
    Analyzer a(k, o);
    const isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const bool keepFixed : {false, true}) {
        const ScheduleExport e(a.context(), a.model(), s, {"", schedule.toStdString(), {}, "the schedule"}, keepFixed);
        QCOMPARE(e.parametric(), !keepFixed || fixed.empty());
        const std::string c = e.c();
        for (const bool cxx : {false, true}) {
            const QString plain = compile(dir.path(), c, cxx);
            QVERIFY2(plain.isEmpty(), qPrintable(plain));
            const QString macros = compile(dir.path(), withMacros(*k, c), cxx);
            QVERIFY2(macros.isEmpty(), qPrintable(macros));
        }
    }
}

QTEST_GUILESS_MAIN(tst_CExport)
#include "tst_cexport.moc"
