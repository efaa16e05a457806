// SPDX-License-Identifier: MIT
// Set nodes promise any order of their children: a dependence between
// instances in two children of a set is a violation whichever way it
// points (docs/cli.md, Legality). The oracle reads union maps, not
// trees: a two-child set's violations are those of the reversed order
// (the written order being legal), which the oracle gives. jacobi_1d with
// its t loop's two i loops reversed: RAW s0 -> s1 on B (32 pairs) and WAR
// s0 -> s1 on A (88), example s0[0, 1] -> s1[0, 1]. set_pair (N = 4) with
// its two loops reversed: RAW s0 -> s2 on A (4 pairs), example s0[0] ->
// s2[0]; with s0 and s1 reversed inside their loop: legal.
#include "core/analysis/Analyzer.h"
#include "core/analysis/IterationSpaceBuilder.h"
#include "core/edit/EditScript.h"
#include "core/explore/MoveFinder.h"
#include "core/legality/LegalityChecker.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"

#include "../edit/EditTestUtil.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace se;

namespace {

using se::test::analyzer;

const QString jacobi = QStringLiteral("jacobi_1d");
const QString setPair = QStringLiteral("data:set_pair");

isl::schedule withEdits(Analyzer &a, const std::vector<Edit> &edits)
{
    EditScript s;
    s.edits = edits;
    return s.apply(a.context(), a.originalSchedule(), "test");
}

// "RAW s0 s1 B 32" per violation, sorted.
QStringList summary(const CheckReport &r)
{
    QStringList out;
    for (const auto &v : r.violations)
        out << QString::fromStdString(v.type + " " + v.src + " " + v.dst + " " + v.allocation + " "
                                      + (v.count ? std::to_string(*v.count) : "?"));
    out.sort();
    return out;
}

} // namespace

class tst_SetLegality : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jacobiSet();
    void independentChildren();
    void setOverLoops();
    void setAfterLegalCheck();
    void timeBoundsDoNotSettleSets();
    void makeASetMove();
    void iterationSpaceMarksSetPairs();
};

void tst_SetLegality::jacobiSet()
{
    auto a = analyzer(jacobi);
    const isl::schedule s = withEdits(*a, {Edit::toSet({0, 0})});
    const CheckReport r = a->check(s, DepMode::May);
    QVERIFY(!r.legal);
    QCOMPARE(summary(r), (QStringList{QStringLiteral("RAW s0 s1 B 32"), QStringLiteral("WAR s0 s1 A 88")}));
    for (const auto &v : r.violations) {
        QVERIFY(v.acrossSet);
        QCOMPARE(v.level, 1); // the set's child position, under t
        // The printed order runs s0 first: the pair breaks only the other order.
        const auto ints = [](const std::vector<Integer> &t) {
            std::vector<std::int64_t> out;
            for (const auto &x : t)
                out.push_back(x.toInt64().value());
            return out;
        };
        QVERIFY(ints(v.witness.srcTime) < ints(v.witness.dstTime));
        QCOMPARE(v.witness.srcTime[0], v.witness.dstTime[0]);
        QVERIFY2(v.message.find("different children of a set") != std::string::npos, v.message.c_str());
    }
    // The oracle's example of the reversed order is the first pair.
    QCOMPARE(r.violations[0].witness.src, (std::vector<std::int64_t>{0, 1}));
    QCOMPARE(r.violations[0].witness.dst, (std::vector<std::int64_t>{0, 1}));
}

void tst_SetLegality::independentChildren()
{
    auto a = analyzer(setPair);
    // s0 and s1 inside their common loop: nothing joins them.
    const isl::schedule s = withEdits(*a, {Edit::toSet({0, 0, 0, 0})});
    const CheckReport r = a->check(s, DepMode::May);
    QVERIFY(r.legal);
    QCOMPARE(r.edges.size(), std::size_t(1));
}

void tst_SetLegality::setOverLoops()
{
    auto a = analyzer(setPair);
    const isl::schedule s = withEdits(*a, {Edit::toSet({0})});
    const CheckReport r = a->check(s, DepMode::May);
    QCOMPARE(summary(r), QStringList{QStringLiteral("RAW s0 s2 A 4")});
    const ViolationReport &v = r.violations[0];
    QVERIFY(v.acrossSet);
    QCOMPARE(v.level, 0);
    QCOMPARE(v.witness.src, std::vector<std::int64_t>{0});
    QCOMPARE(v.witness.dst, std::vector<std::int64_t>{0});
    QCOMPARE(v.message,
             std::string("RAW violation on tensor: A: s0[0] writes A[0], s2[0] reads it, but they are in "
                         "different children of a set, which may run them in either order (s0[0] at "
                         "[0, 0, 0], s2[0] at [1, 0, 0])"));
}

// The set keeps every time of the sequence: a check that reuses verdicts of
// statements whose times did not change must still see it.
void tst_SetLegality::setAfterLegalCheck()
{
    auto a = analyzer(jacobi);
    QVERIFY(a->check(a->originalSchedule(), DepMode::May).legal);
    const isl::schedule set = withEdits(*a, {Edit::toSet({0, 0})});
    QCOMPARE(summary(a->check(set, DepMode::May)),
             (QStringList{QStringLiteral("RAW s0 s1 B 32"), QStringLiteral("WAR s0 s1 A 88")}));
    // And back: a sequence again is legal.
    QVERIFY(a->check(withEdits(*a, {Edit::toSet({0, 0}), Edit::toSequence({0, 0})}), DepMode::May).legal);
}

// s0's times end before s2's begin (the first dimension 0 vs 1): time
// bounds would call every pair ordered; under a set they are not.
void tst_SetLegality::timeBoundsDoNotSettleSets()
{
    auto a = analyzer(setPair);
    const isl::schedule s = withEdits(*a, {Edit::toSet({0})});
    const FlatSchedule flat(a->model(), s);
    QVERIFY(flat.underSet(0, 0));
    QVERIFY(!flat.underSet(0, 1));
    const auto fast = LegalityChecker::check(a->model(), a->dependences(DepMode::May), flat, {true, true});
    const auto plain = LegalityChecker::check(a->model(), a->dependences(DepMode::May), flat, {true, false});
    QCOMPARE(fast.size(), std::size_t(1));
    QCOMPARE(plain.size(), std::size_t(1));
}

void tst_SetLegality::makeASetMove()
{
    auto a = analyzer(jacobi);
    const MovesReport r = MoveFinder::evaluate(*a, a->originalSchedule(), {0, 0}, DepMode::May);
    const MoveVerdict *set = nullptr;
    for (const auto &m : r.moves)
        if (m.description == "make sequence 0.0 a set")
            set = &m;
    QVERIFY(set);
    QCOMPARE(set->verdict, MoveVerdict::Verdict::Illegal);
    QCOMPARE(set->violatedEdges, std::size_t(2));
    QCOMPARE(set->violatingPairs, std::optional<std::int64_t>(120));

    auto b = analyzer(setPair);
    const MovesReport inner = MoveFinder::evaluate(*b, b->originalSchedule(), {0, 0, 0, 0}, DepMode::May);
    bool found = false;
    for (const auto &m : inner.moves)
        if (m.description == "make sequence 0.0.0.0 a set") {
            found = true;
            QCOMPARE(m.verdict, MoveVerdict::Verdict::Legal);
        }
    QVERIFY(found);
}

// The iteration space of s0 and s2 draws the 4 RAW pairs red under the set,
// though the printed order runs s0 first; none under the sequence.
void tst_SetLegality::iterationSpaceMarksSetPairs()
{
    auto a = analyzer(setPair);
    IterationSpaceQuery q;
    q.statements = {"s0", "s2"};
    const auto &deps = a->dependences(DepMode::May);
    const IterationSpace seq = IterationSpaceBuilder::build(a->model(), deps, a->originalSchedule(), q);
    QCOMPARE(seq.pairs.size(), std::size_t(4));
    QCOMPARE(seq.violatedTotal, std::size_t(0));
    const IterationSpace set = IterationSpaceBuilder::build(a->model(), deps, withEdits(*a, {Edit::toSet({0})}), q);
    QCOMPARE(set.pairs.size(), std::size_t(4));
    QCOMPARE(set.violatedTotal, std::size_t(4));
}

QTEST_GUILESS_MAIN(tst_SetLegality)
#include "tst_setlegality.moc"
