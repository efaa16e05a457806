// SPDX-License-Identifier: MIT
// AstMemo keeps isl's nest of each child of a root sequence between builds:
// after every edit of a chain, the nest built with the memo is the nest
// built afresh, character for character, and the children the edit did not
// change were found, not generated again.
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstCPrinter.h"
#include "core/codegen/AstMemo.h"
#include "core/edit/EditScript.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"

#include "BenchKernels.h"

#include <QtTest>

using namespace se;

Q_DECLARE_METATYPE(std::vector<se::Edit>)

class tst_AstMemo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void agreesAfterEdits_data();
    void agreesAfterEdits();
    void oneShiftMakesOneChild();
};

namespace {

QString path(const char *relative)
{
    return QStringLiteral(SE_SOURCE_DIR "/") + QString::fromLatin1(relative);
}

QString nest(const PolyhedralModel &model, const isl::schedule &s, AstMemo *memo)
{
    return QString::fromStdString(
        AstCPrinter::items(AstBuilder::build(model, s, "test", AstBuilder::From::Tree, memo)));
}

} // namespace

void tst_AstMemo::agreesAfterEdits_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<std::vector<Edit>>("edits");
    // A root sequence of 40 loop nests: filters {0, k}, t bands {0, k, 0}.
    QTest::newRow("pipeline_40 original")
        << test::generatedBench("pipeline_40.json") << QString()
        << std::vector<Edit>{
               Edit::shift({0, 3, 0}, 0, {{"s3", "1"}}),  Edit::tile({0, 5, 0}, {4}),  Edit::move({0}, 1, 0),
               Edit::shift({0, 3, 0}, 0, {{"s3", "-1"}}), Edit::reverse({0, 7, 0}, 0), Edit::toSet({0})};
    // One band whose constant first member the grouping makes a root
    // sequence: member 4 (f) moves inside a group, member 1 across groups.
    QTest::newRow("tiled_matmul_10 pipelined")
        << test::generatedBench("tiled_matmul_10.json") << test::generatedBench("tiled_matmul_10.pipelined.map")
        << std::vector<Edit>{Edit::shift({0}, 4, {{"s7", "1"}}), Edit::shift({0}, 1, {{"s3", "1"}}),
                             Edit::setCoincident({0}, 0, true), Edit::shift({0}, 4, {{"s7", "-1"}})};
    // A band over a sequence, distributed into a root sequence, then edited.
    QTest::newRow("loop_sequence") << path("sample-kernels/loop_sequence.json") << QString()
                                   << std::vector<Edit>{Edit::distribute({0}), Edit::shift({0, 1, 0}, 0, {{"s1", "2"}}),
                                                        Edit::move({0}, 2, 0), Edit::scale({0, 0, 0}, 0, 2)};
}

void tst_AstMemo::agreesAfterEdits()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(std::vector<Edit>, edits);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    const isl::schedule base =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    std::vector<isl::schedule> steps;
    EditScript::apply(a.context(), edits, base, "edits", &steps);
    QCOMPARE(steps.size(), edits.size());
    AstMemo memo;
    QCOMPARE(nest(a.model(), base, &memo), nest(a.model(), base, nullptr));
    for (std::size_t k = 0; k < steps.size(); ++k)
        QCOMPARE(nest(a.model(), steps[k], &memo), nest(a.model(), steps[k], nullptr));
    QVERIFY2(memo.hits() > 0, "no child was ever found again");
}

void tst_AstMemo::oneShiftMakesOneChild()
{
    Analyzer a(KernelLoader::loadFile(test::generatedBench("pipeline_40.json").toStdString()));
    AstMemo memo;
    nest(a.model(), a.originalSchedule(), &memo);
    QCOMPARE(memo.hits(), std::size_t(0));
    QCOMPARE(memo.misses(), std::size_t(40));
    const isl::schedule shifted =
        EditScript::apply(a.context(), {Edit::shift({0, 3, 0}, 0, {{"s3", "1"}})}, a.originalSchedule(), "edits");
    nest(a.model(), shifted, &memo);
    QCOMPARE(memo.hits(), std::size_t(39));
    QCOMPARE(memo.misses(), std::size_t(41));
    // An undo: the build before the last had the shifted child as it was.
    QCOMPARE(nest(a.model(), a.originalSchedule(), &memo), nest(a.model(), a.originalSchedule(), nullptr));
    QCOMPARE(memo.hits(), std::size_t(79));
    QCOMPARE(memo.misses(), std::size_t(41));
}

QTEST_GUILESS_MAIN(tst_AstMemo)
#include "tst_astmemo.moc"
