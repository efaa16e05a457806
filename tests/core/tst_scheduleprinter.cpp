// SPDX-License-Identifier: MIT
// SchedulePrinter::flatMap (the app's isl tab, `tree --format map`): the
// printed map, read back, is the schedule's times on every instance, one
// piece per statement, whichever way a statement's function was made (from
// the tree's function, gisted once per form, or from its time map), on the
// sample and conformance schedules and on tiles of a pipelined band, whose
// stages repeat their statements' forms.
#include "core/analysis/Analyzer.h"
#include "core/edit/EditScript.h"
#include "core/interop/ScheduleInput.h"
#include "core/isl/IslUtil.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

#include "../codegen/BenchKernels.h"
#include "../codegen/ParamText.h"

#include <QtTest>

using namespace se;

Q_DECLARE_METATYPE(std::vector<se::Edit>)

class tst_SchedulePrinter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flatMapReadsBack_data();
    void flatMapReadsBack();
};

namespace {

void addFiles(const QString &kernelDir, const QString &scheduleDir)
{
    const QDir kd(kernelDir);
    for (const QString &k : kd.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString stem = k.chopped(5);
        QTest::newRow(qPrintable(stem + QStringLiteral(" original")))
            << kd.filePath(k) << QString() << std::vector<Edit>{} << QStringList{};
        const QDir sd(scheduleDir);
        for (const QString &s : sd.entryList({stem + QStringLiteral(".*.map")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(s)) << kd.filePath(k) << sd.filePath(s) << std::vector<Edit>{} << QStringList{};
    }
}

} // namespace

void tst_SchedulePrinter::flatMapReadsBack_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<std::vector<Edit>>("edits");
    QTest::addColumn<QStringList>("params");
    addFiles(QStringLiteral(SE_SOURCE_DIR "/sample-kernels"),
             QStringLiteral(SE_SOURCE_DIR "/sample-kernels/schedules"));
    addFiles(QStringLiteral(SE_CONFORMANCE_DIR "/kernels"), QStringLiteral(SE_CONFORMANCE_DIR "/schedules"));
    const QString bench = test::generatedBench();
    for (const char *s : {"pipelined", "prefetch2"})
        for (const QStringList &params : {QStringList{QStringLiteral("KT=2")}, QStringList{}})
            for (const std::int64_t size : {2, 4})
                QTest::newRow(qPrintable(QStringLiteral("tiled_matmul_10 %1, tile %2%3")
                                             .arg(QString::fromLatin1(s))
                                             .arg(size)
                                             .arg(params.isEmpty() ? QStringLiteral(", parametric") : QString())))
                    << bench + QStringLiteral("/tiled_matmul_10.json")
                    << bench + QStringLiteral("/tiled_matmul_10.%1.map").arg(QString::fromLatin1(s))
                    << std::vector<Edit>{Edit::tile({0}, std::vector<std::int64_t>(5, size))} << params;
    QTest::newRow("pipeline_40 fused, tile 4")
        << bench + QStringLiteral("/pipeline_40.json") << bench + QStringLiteral("/pipeline_40.fused.map")
        << std::vector<Edit>{Edit::tile({0}, {4, 4, 4})} << QStringList{};
}

void tst_SchedulePrinter::flatMapReadsBack()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(std::vector<Edit>, edits);
    QFETCH(QStringList, params);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()), {test::paramValues(params)});
    const PolyhedralModel &model = a.model();
    isl::schedule s;
    try {
        s = schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(model, schedule.toStdString());
    } catch (const InputError &e) {
        QSKIP(e.what()); // a schedule kept to test a refusal
    }
    s = EditScript::apply(a.context(), edits, s, "test");
    const std::string printed = SchedulePrinter::flatMap(model, s);
    const isl::union_map back = isl::union_map(a.context().ctx(), printed).intersect_domain(model.domain());
    const isl::union_map want = FlatSchedule(model, s).unionMap().intersect_domain(model.domain());
    QVERIFY2(back.is_equal(want), printed.c_str());
    // One piece per statement: as many as there are statements, no more.
    std::size_t pieces = 1;
    for (const char c : printed)
        pieces += c == ';' ? 1 : 0;
    QCOMPARE(pieces, model.statements().size());
}

QTEST_MAIN(tst_SchedulePrinter)
#include "tst_scheduleprinter.moc"
