// SPDX-License-Identifier: MIT
// LegalRanges and Repair (docs/routes.md). The sets of the rows are those
// the oracle confirms value by value (tests/route/property_route.py checks
// the same on 200 random kernels): every parameter is fixed at its value.
#include "../edit/EditTestUtil.h"

#include "core/explore/FlatPlace.h"
#include "core/explore/LegalRanges.h"
#include "core/explore/Repair.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTree.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;
using namespace se::test;

namespace {

#define FUSE R"([{"edit": "fuse", "node": [0, 0], "child": 0}])"
#define MERGE R"([{"edit": "merge", "node": [0]}])"
#define WAVEFRONT                                                                                                      \
    R"([{"edit": "merge", "node": [0]}, {"edit": "skew", "node": [0], "member": 1, "source": 0, "factor": 1}])"

NodePath path(const QString &text)
{
    return *parseNodePath(text.toStdString());
}

// The ranges at `node` of the schedule after `edits`, with what they need kept alive.
struct At {
    std::unique_ptr<Analyzer> a;
    isl::schedule schedule;
    TreeNode root;
    std::unique_ptr<FlatPlace> place;
    std::unique_ptr<LegalRanges> ranges;

    At(const QString &kernel, const QString &edits, const QString &node)
        : a(analyzer(kernel)), schedule(apply(*a, edits)), root(ScheduleTree::read(schedule))
    {
        place = std::make_unique<FlatPlace>(*a, schedule, root, path(node));
        ranges = std::make_unique<LegalRanges>(*place, DepMode::May);
    }
    bool equal(const isl::set &got, const QString &want) const
    {
        // (Equal where the parameters' context holds: a range may leave it out.)
        const isl::set &context = a->model().context();
        return got.intersect_params(context).is_equal(
            isl::set(a->context().ctx(), want.toStdString()).intersect_params(context));
    }
};

} // namespace

class tst_LegalRanges : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shiftSets_data();
    void shiftSets();
    void skewSets_data();
    void skewSets();
    void permutationsAndTiling();
    void notABand();
    void repairs_data();
    void repairs();
    void enabling();
};

void tst_LegalRanges::shiftSets_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("member");
    QTest::addColumn<QString>("offsets"); // legal, over one offset per statement

    // jacobi_1d fused: s1 must run at least one i later than s0 (the WAR on A).
    QTest::newRow("jacobi fused") << "jacobi_1d" << FUSE << "0.0" << 0 << "{ [o_s0, o_s1] : o_s1 - o_s0 >= 1 }";
    // Its time loop: any step between the two statements breaks a dependence.
    QTest::newRow("jacobi t") << "jacobi_1d"
                              << "[]"
                              << "0" << 0 << "{ [o_s0, o_s1] : o_s1 = o_s0 }";
    // One statement: shifting it alone changes no order.
    QTest::newRow("gauss-seidel i") << "sample:gauss_seidel_2d" << MERGE << "0" << 0 << "{ [o_s0] }";
}

void tst_LegalRanges::shiftSets()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, node);
    QFETCH(int, member);
    QFETCH(QString, offsets);
    At at(kernel, edits, node);
    const isl::set got = at.ranges->shiftSet(member);
    QVERIFY2(at.equal(got, offsets), islutil::str(got).c_str());
    // The least change is in it.
    const auto least = at.ranges->leastShift(member);
    QVERIFY(least.has_value());
}

void tst_LegalRanges::skewSets_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<int>("member");
    QTest::addColumn<int>("source");
    QTest::addColumn<QString>("factors");

    // gauss_seidel_2d's (i, j) band: j += k * i changes no undecided pair (any k);
    // i += k * j breaks (1, -1) for k > 0 and (0, 1) for k < 0.
    QTest::newRow("j by i") << "sample:gauss_seidel_2d" << MERGE << 1 << 0 << "{ [k] }";
    QTest::newRow("i by j") << "sample:gauss_seidel_2d" << MERGE << 0 << 1 << "{ [0] }";
}

void tst_LegalRanges::skewSets()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(int, member);
    QFETCH(int, source);
    QFETCH(QString, factors);
    At at(kernel, edits, QStringLiteral("0"));
    const auto got = at.ranges->skewSet(member, source);
    QVERIFY(got.has_value());
    QVERIFY2(at.equal(*got, factors), islutil::str(*got).c_str());
}

void tst_LegalRanges::permutationsAndTiling()
{
    // Merged, gauss_seidel_2d's band keeps its order only and is not
    // permutable; the wavefront skew makes it permutable and both orders legal.
    At merged(QStringLiteral("sample:gauss_seidel_2d"), QStringLiteral(MERGE), QStringLiteral("0"));
    QVERIFY(merged.ranges->legalUnder({"d0", "d1"}));
    QVERIFY(!merged.ranges->legalUnder({"d1", "d0"}));
    QVERIFY(!merged.ranges->permutable(0, 1));
    QVERIFY(merged.ranges->permutable(0, 0));
    At wave(QStringLiteral("sample:gauss_seidel_2d"), QStringLiteral(WAVEFRONT), QStringLiteral("0"));
    QVERIFY(wave.ranges->permutable(0, 1));
    QVERIFY(wave.ranges->legalUnder({"d1", "d0"}));
    const BandRanges report = wave.ranges->report();
    QCOMPARE(report.permutations.size(), std::size_t(2));
    QVERIFY(report.permutations[0].legal && report.permutations[1].legal);
}

void tst_LegalRanges::notABand()
{
    auto a = analyzer(QStringLiteral("jacobi_1d"));
    try {
        LegalRanges::compute(*a, a->originalSchedule(), {0, 0}, DepMode::May);
        QFAIL("ranges at a sequence");
    } catch (const InputError &e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("is a sequence, not a band")), e.what());
    }
}

void tst_LegalRanges::repairs_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("goal");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("first"); // the first proposal's first edit

    QTest::newRow("jacobi fused: a shift") << "jacobi_1d" << FUSE << "legal"
                                           << ""
                                           << "shift";
    QTest::newRow("gauss-seidel interchanged") << "sample:gauss_seidel_2d"
                                               << R"([{"edit": "interchange", "node": [0]}])"
                                               << "legal"
                                               << ""
                                               << "interchange";
    QTest::newRow("jacobi time tiling") << "sample:jacobi_1d"
                                        << "[]"
                                        << "permutable"
                                        << "0"
                                        << "fuse";
    QTest::newRow("heat time tiling") << "sample:heat_2d"
                                      << "[]"
                                      << "permutable"
                                      << "0"
                                      << "fuse";
    QTest::newRow("gauss-seidel wavefront") << "sample:gauss_seidel_2d"
                                            << "[]"
                                            << "permutable"
                                            << "0"
                                            << "merge";
    QTest::newRow("matmul parallel") << "sample:matmul"
                                     << "[]"
                                     << "parallel"
                                     << "0"
                                     << "set_coincident";
}

void tst_LegalRanges::repairs()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, goal);
    QFETCH(QString, node);
    QFETCH(QString, first);
    auto a = analyzer(kernel);
    const isl::schedule given = apply(*a, edits);
    const RepairGoal g = *repairGoalFromName(goal.toStdString());
    const std::optional<NodePath> at = node.isEmpty() ? std::nullopt : std::optional<NodePath>(path(node));
    const RepairReport r = Repair::find(*a, given, g, at, 3, DepMode::May);
    QVERIFY2(!r.repairs.empty(), r.reason.c_str());
    QCOMPARE(QString::fromUtf8(editKindName(r.repairs.front().edits.front().kind)), first);
    for (const RepairProposal &p : r.repairs) {
        isl::schedule s = given;
        for (const Edit &e : p.edits)
            s = e.apply(s);
        QVERIFY2(a->violations(s, DepMode::May, false, false).empty(), p.summary.c_str());
        if (g == RepairGoal::Permutable) { // the band really is
            const TreeNode root = ScheduleTree::read(s);
            FlatPlace place(*a, s, root, *at);
            const LegalRanges ranges(place, DepMode::May);
            QVERIFY(ranges.permutable(0, static_cast<int>(ranges.differences().members()) - 1));
        }
    }
}

// A blocked move with what makes it legal: gauss_seidel_2d's interchange after
// the wavefront skew, jacobi_1d's fusion with the shift after it.
void tst_LegalRanges::enabling()
{
    auto a = analyzer(QStringLiteral("sample:gauss_seidel_2d"));
    const auto interchange = Repair::enabling(*a, a->originalSchedule(), Edit::interchange({0}), DepMode::May);
    QVERIFY(interchange.has_value());
    QVERIFY(interchange->legal);
    QVERIFY(std::any_of(interchange->edits.begin(), interchange->edits.end(),
                        [](const Edit &e) { return e.kind == EditKind::Skew; }));
    auto j = analyzer(QStringLiteral("jacobi_1d"));
    const auto fuse = Repair::enabling(*j, j->originalSchedule(), Edit::fuse({0, 0}, 0), DepMode::May);
    QVERIFY(fuse.has_value());
    QCOMPARE(fuse->edits.size(), std::size_t(2));
    QCOMPARE(fuse->edits.front().kind, EditKind::Fuse);
    QCOMPARE(fuse->edits.back().kind, EditKind::Shift);
}

QTEST_GUILESS_MAIN(tst_LegalRanges)
#include "tst_legalranges.moc"
