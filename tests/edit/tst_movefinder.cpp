// SPDX-License-Identifier: MIT
// The legal-moves list: candidates at a node with their default arguments
// and verdicts. Verdicts, violated edges and pair counts are those of
// tools/oracle.py on the map of each move's result.
#include "EditTestUtil.h"

#include "core/schedule/ScheduleTree.h"
#include "core/explore/MoveFinder.h"
#include "core/interop/ScheduleInput.h"

#include <QtTest>

#include <functional>

using namespace se;
using namespace se::test;

namespace {

QString q(const char *s)
{
    return QString::fromUtf8(s);
}

std::vector<int> path(const QString &text)
{
    std::vector<int> out;
    for (const QString &p : text.split(QLatin1Char('.'), Qt::SkipEmptyParts))
        out.push_back(p.toInt());
    return out;
}

#define FUSE R"([{"edit": "fuse", "node": [0, 0], "child": 0}])"

} // namespace

class tst_MoveFinder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdicts_data();
    void verdicts();
    void candidatesByKind_data();
    void candidatesByKind();
    void noSuchNode();
    void shortcutsAgree_data();
    void shortcutsAgree();
    void bandWithoutMembers();
};

void tst_MoveFinder::verdicts_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("move"); // its description
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<int>("edges"); // violated, per the oracle
    QTest::addColumn<int>("pairs");

    // jacobi_1d after fusing the two i loops: only shifting s1 repairs it.
    QTest::newRow("fused: shift s1") << q("jacobi_1d") << q(FUSE) << q("0.0")
                                     << q("shift member 0 of band 0.0: s1 by 1") << q("legal") << 0 << 0;
    QTest::newRow("fused: shift s0") << q("jacobi_1d") << q(FUSE) << q("0.0")
                                     << q("shift member 0 of band 0.0: s0 by 1") << q("illegal") << 2 << 92;
    QTest::newRow("fused: tile") << q("jacobi_1d") << q(FUSE) << q("0.0") << q("tile band 0.0 by 32") << q("illegal")
                                 << 1 << 28;
    QTest::newRow("fused: distribute") << q("jacobi_1d") << q(FUSE) << q("0.0")
                                       << q("distribute band 0.0 over its children") << q("legal") << 0 << 0;
    QTest::newRow("fused: interchange") << q("jacobi_1d") << q(FUSE) << q("0.0")
                                        << q("interchange band 0.0 with its child band") << q("does not apply") << 0
                                        << 0;
    QTest::newRow("sequence: move up") << q("jacobi_1d") << q("[]") << q("0.0") << q("move child 1 of 0.0 to index 0")
                                       << q("illegal") << 2 << 120;
    QTest::newRow("sequence: fuse") << q("jacobi_1d") << q("[]") << q("0.0") << q("fuse children 0 and 1 of 0.0")
                                    << q("illegal") << 1 << 28;
    QTest::newRow("sequence: mark") << q("jacobi_1d") << q("[]") << q("0.0") << q("insert mark 'mark' above 0.0")
                                    << q("legal") << 0 << 0;
    // two_mm: i, j are free; k reductions fix s1 after s0.
    QTest::newRow("two_mm: interchange") << q("two_mm") << q("[]") << q("0.0.0")
                                         << q("interchange band 0.0.0 with its child band") << q("legal") << 0 << 0;
    QTest::newRow("two_mm: reverse i") << q("two_mm") << q("[]") << q("0.0.0") << q("reverse member 0 of band 0.0.0")
                                       << q("legal") << 0 << 0;
    QTest::newRow("two_mm: shift s0") << q("two_mm") << q("[]") << q("0.0.0")
                                      << q("shift member 0 of band 0.0.0: s0 by 1") << q("illegal") << 2 << 128;
    QTest::newRow("two_mm: distribute") << q("two_mm") << q("[]") << q("0.0.0")
                                        << q("distribute band 0.0.0 over its children") << q("does not apply") << 0
                                        << 0;
}

void tst_MoveFinder::verdicts()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, node);
    QFETCH(QString, move);
    QFETCH(QString, verdict);
    QFETCH(int, edges);
    QFETCH(int, pairs);
    auto a = analyzer(kernel);
    const isl::schedule s = se::test::apply(*a, edits);
    const MovesReport r = MoveFinder::evaluate(*a, s, path(node), DepMode::May);
    const MoveVerdict *found = nullptr;
    for (const auto &m : r.moves)
        if (QString::fromStdString(m.description) == move)
            found = &m;
    QVERIFY2(found, "no such move");
    QCOMPARE(QString::fromLatin1(verdictName(found->verdict)), verdict);
    if (found->verdict == MoveVerdict::Verdict::Illegal) {
        QCOMPARE(static_cast<int>(found->violatedEdges), edges);
        QVERIFY(found->violatingPairs.has_value());
        QCOMPARE(static_cast<int>(*found->violatingPairs), pairs);
    }
    if (found->verdict == MoveVerdict::Verdict::DoesNotApply)
        QVERIFY(!found->reason.empty());
}

void tst_MoveFinder::candidatesByKind_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("count");
    // band of one member over two statements: interchange, tile, merge,
    // reverse, 2 shifts, scale, 2 flag toggles, distribute, insert_mark
    QTest::newRow("band") << q("jacobi_1d") << q("0") << q("band") << 11;
    // two children: 2 moves, 1 fuse, to_set, insert_mark
    QTest::newRow("sequence") << q("jacobi_1d") << q("0.0") << q("sequence") << 5;
    QTest::newRow("mark") << q("jacobi_1d") << q("0.0.0.0.0") << q("mark") << 3;
    QTest::newRow("filter") << q("jacobi_1d") << q("0.0.0") << q("filter") << 0;
    QTest::newRow("leaf") << q("jacobi_1d") << q("0.0.0.0.0.0") << q("leaf") << 1;
    QTest::newRow("root") << q("jacobi_1d") << q("") << q("domain") << 0;
}

void tst_MoveFinder::candidatesByKind()
{
    QFETCH(QString, kernel);
    QFETCH(QString, node);
    QFETCH(QString, kind);
    QFETCH(int, count);
    auto a = analyzer(kernel);
    const MovesReport r = MoveFinder::evaluate(*a, a->originalSchedule(), path(node), DepMode::May);
    QCOMPARE(QString::fromStdString(r.nodeKind), kind);
    QCOMPARE(static_cast<int>(r.moves.size()), count);
}

void tst_MoveFinder::noSuchNode()
{
    auto a = analyzer(q("jacobi_1d"));
    const MovesReport r = MoveFinder::evaluate(*a, a->originalSchedule(), {0, 7}, DepMode::May);
    QVERIFY(r.nodeKind.empty());
    QVERIFY(r.moves.empty());
}

// The shortcuts (a shift of one statement, a swap of two neighbouring
// children, a reverse, scale, skew, permutation or split of a band: their
// statements' flat times moved, no new tree) give every
// band's and sequence's moves exactly the verdicts, edges and pair counts
// of the edits applied to the tree, on every sample kernel, two
// conformance kernels and a fused jacobi_1d.
void tst_MoveFinder::shortcutsAgree_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    for (const char *k : {"sample:gauss_seidel_2d", "sample:jacobi_1d", "sample:loop_sequence", "sample:matmul",
                          "sample:red_black_1d", "sample:ring_allgather", "sample:scalar_temp",
                          "sample:tiled_matmul_sbuf_psum", "sample:trisolv", "two_mm", "triangle_strided"})
        QTest::newRow(k) << q(k) << q("[]");
    QTest::newRow("jacobi_1d fused") << q("jacobi_1d") << q(FUSE);
    // Sequences of bands: every fuse goes through SequenceShortcut.
    QTest::newRow("pipeline of 6 stages") << q("data:moves_pipeline_6") << q("[]");
    QTest::newRow("tiled matmul of 2 tiles") << q("data:moves_tiled_matmul_2") << q("[]");
}

void tst_MoveFinder::shortcutsAgree()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    auto a = analyzer(kernel);
    isl::schedule s = a->originalSchedule();
    for (const Edit &e : script(edits).edits)
        s = e.apply(s);
    std::vector<NodePath> bands;
    std::function<void(const TreeNode &, NodePath &)> walk = [&](const TreeNode &t, NodePath &p) {
        if (t.isBand() || t.hasChildren())
            bands.push_back(p);
        for (std::size_t k = 0; k < t.children.size(); ++k) {
            p.push_back(static_cast<int>(k));
            walk(t.children[k], p);
            p.pop_back();
        }
    };
    NodePath p;
    walk(ScheduleTree::read(s), p);
    QVERIFY(!bands.empty());
    int shifts = 0;
    for (const auto &b : bands) {
        const MovesReport fast = MoveFinder::evaluate(*a, s, b, DepMode::May, true, true);
        const MovesReport full = MoveFinder::evaluate(*a, s, b, DepMode::May, true, false);
        QCOMPARE(fast.moves.size(), full.moves.size());
        for (std::size_t k = 0; k < fast.moves.size(); ++k) {
            const auto &x = fast.moves[k];
            const auto &y = full.moves[k];
            QCOMPARE(x.description, y.description);
            QVERIFY2(x.verdict == y.verdict, x.description.c_str());
            QCOMPARE(x.violatedEdges, y.violatedEdges);
            QCOMPARE(x.violatingPairs, y.violatingPairs);
            shifts += x.edit.kind == EditKind::Shift || x.edit.kind == EditKind::Move || x.edit.kind == EditKind::Fuse
                ? 1
                : 0;
        }
    }
    QVERIFY(shifts > 0);
}

// A band with no members refuses every band edit: the shortcuts must not
// call a declaration on it legal (a review found "declare band permutable"
// listed as legal there).
void tst_MoveFinder::bandWithoutMembers()
{
    auto a = analyzer(q("data:set_pair"));
    const isl::schedule s = ScheduleInput::read(
        a->model(), R"(domain: "[N] -> { s0[i] : 0 <= i < N; s1[i] : 0 <= i < N; s2[i] : 0 <= i < N }"
child:
  schedule: "[N] -> [{ s0[i] -> [(i)]; s1[i] -> [(i)]; s2[i] -> [(i)] }]"
  child:
    schedule: "[N] -> []"
    child:
      sequence:
      - filter: "[N] -> { s0[i] }"
      - filter: "[N] -> { s1[i] }"
      - filter: "[N] -> { s2[i] }"
)",
        "test.yaml");
    const MovesReport fast = MoveFinder::evaluate(*a, s, {0, 0}, DepMode::May, true, true);
    const MovesReport full = MoveFinder::evaluate(*a, s, {0, 0}, DepMode::May, true, false);
    QCOMPARE(fast.nodeKind, std::string("band"));
    QCOMPARE(fast.moves.size(), full.moves.size());
    QVERIFY(!fast.moves.empty());
    for (std::size_t k = 0; k < fast.moves.size(); ++k) {
        QCOMPARE(fast.moves[k].description, full.moves[k].description);
        QVERIFY2(fast.moves[k].verdict == full.moves[k].verdict, fast.moves[k].description.c_str());
        if (fast.moves[k].edit.kind == EditKind::SetPermutable)
            QVERIFY(fast.moves[k].verdict == MoveVerdict::Verdict::DoesNotApply);
    }
}

QTEST_GUILESS_MAIN(tst_MoveFinder)
#include "tst_movefinder.moc"
