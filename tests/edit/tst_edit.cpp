// SPDX-License-Identifier: MIT
// Edit::apply on the conformance kernels (parameters at
// their values). Each apply row gives the expected schedule map, worked by
// hand in isl notation, and the legality that tools/oracle.py gives for that
// map (`oracle.py check KERNEL --schedule MAP`).
#include "EditTestUtil.h"
#include "core/isl/IslUtil.h"

#include "core/edit/Edit.h"
#include "core/schedule/ScheduleTree.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

#include <isl/schedule.h>

#include <QtTest>

using namespace se;
using namespace se::test;

namespace {

QString q(const char *s)
{
    return QString::fromUtf8(s);
}

// Edits used by several rows, as JSON objects.
#define FUSE R"({"edit": "fuse", "node": [0, 0], "child": 0})"
#define SHIFT R"({"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": 1}})"
#define MERGE R"({"edit": "merge", "node": [0]})"
#define SKEW2 R"({"edit": "skew", "node": [0], "member": 1, "source": 0, "factor": 2})"
#define SWAP R"({"edit": "permute", "node": [0], "order": [1, 0]})"
#define JACOBI_ORIGINAL "[T, N] -> { s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }"
#define JACOBI_FUSE_SHIFT "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + 1, 1] }"
#define TWO_MM_SWAPPED                                                                                                 \
    "[N] -> { s0[i, j] -> [0, j, i, 0, 0]; s1[i, j, k] -> [0, j, i, 1, k]; s2[i, j] -> [1, i, j, 0, 0]; "              \
    "s3[i, j, k] -> [1, i, j, 1, k] }"

} // namespace

class tst_Edit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void apply_data();
    void apply();
    void doesNotApply_data();
    void doesNotApply();
    void flagsAndMarksKept();
    void describe();
};

void tst_Edit::apply_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("map");
    QTest::addColumn<bool>("legal"); // oracle.py on `map`

    // jacobi_1d, T = 4, N = 10: fusion breaks a WAR dependence (s0 reads
    // A[i + 1] that s1 overwrites), shifting s1 by one repairs it.
    QTest::newRow("jacobi fuse") << q("jacobi_1d") << q("[" FUSE "]")
                                 << q("[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i, 1] }") << false;
    QTest::newRow("jacobi fuse shift") << q("jacobi_1d") << q("[" FUSE ", " SHIFT "]") << q(JACOBI_FUSE_SHIFT) << true;
    QTest::newRow("jacobi fuse member_expr")
        << q("jacobi_1d")
        << q("[" FUSE R"(, {"edit": "member_expr", "node": [0, 0], "member": 0, "statement": "s1", "expr": "i + 1"}])")
        << q(JACOBI_FUSE_SHIFT) << true;
    QTest::newRow("jacobi merge") << q("jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE "]") << q(JACOBI_FUSE_SHIFT)
                                  << true;
    QTest::newRow("jacobi split") << q("jacobi_1d")
                                  << q("[" FUSE ", " SHIFT ", " MERGE R"(, {"edit": "split", "node": [0], "at": 1}])")
                                  << q(JACOBI_FUSE_SHIFT) << true;
    QTest::newRow("jacobi skew") << q("jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE ", " SKEW2 "]")
                                 << q("[T, N] -> { s0[t, i] -> [t, 2t + i, 0]; s1[t, i] -> [t, 2t + i + 1, 1] }")
                                 << true;
    QTest::newRow("jacobi skewed tiles") << q("jacobi_1d")
                                         << q("[" FUSE ", " SHIFT ", " MERGE ", " SKEW2
                                              R"(, {"edit": "tile", "node": [0], "sizes": [2, 4]}])")
                                         << q("[T, N] -> { s0[t, i] -> [floor(t/2), floor((2t + i)/4), t, 2t + i, 0]; "
                                              "s1[t, i] -> [floor(t/2), floor((2t + i + 1)/4), t, 2t + i + 1, 1] }")
                                         << true;
    // Interchanging time and space without the skew runs s0[t + 1, i - 1]
    // before s1[t, i] has written A[i].
    QTest::newRow("jacobi permute") << q("jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE ", " SWAP "]")
                                    << q("[T, N] -> { s0[t, i] -> [i, t, 0]; s1[t, i] -> [i + 1, t, 1] }") << false;
    QTest::newRow("jacobi skew permute")
        << q("jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE ", " SKEW2 ", " SWAP "]")
        << q("[T, N] -> { s0[t, i] -> [2t + i, t, 0]; s1[t, i] -> [2t + i + 1, t, 1] }") << true;
    QTest::newRow("jacobi reverse") << q("jacobi_1d") << q(R"([{"edit": "reverse", "node": [0], "member": 0}])")
                                    << q("[T, N] -> { s0[t, i] -> [-t, 0, i]; s1[t, i] -> [-t, 1, i] }") << false;
    QTest::newRow("jacobi scale") << q("jacobi_1d")
                                  << q(R"([{"edit": "scale", "node": [0], "member": 0, "factor": 2}])")
                                  << q("[T, N] -> { s0[t, i] -> [2t, 0, i]; s1[t, i] -> [2t, 1, i] }") << true;
    QTest::newRow("jacobi move") << q("jacobi_1d") << q(R"([{"edit": "move", "node": [0, 0], "child": 1, "to": 0}])")
                                 << q("[T, N] -> { s0[t, i] -> [t, 1, i]; s1[t, i] -> [t, 0, i] }") << false;
    QTest::newRow("jacobi distribute") << q("jacobi_1d") << q(R"([{"edit": "distribute", "node": [0]}])")
                                       << q("[T, N] -> { s0[t, i] -> [0, t, i]; s1[t, i] -> [1, t, i] }") << false;
    // isl keeps a set's children in their written order, but a set
    // promises any order: the reversed one breaks RAW and WAR s0 -> s1
    // (oracle.py on the reversed map), so the set is illegal.
    QTest::newRow("jacobi to_set") << q("jacobi_1d") << q(R"([{"edit": "to_set", "node": [0, 0]}])")
                                   << q(JACOBI_ORIGINAL) << false;
    QTest::newRow("jacobi to_set to_sequence")
        << q("jacobi_1d") << q(R"([{"edit": "to_set", "node": [0, 0]}, {"edit": "to_sequence", "node": [0, 0]}])")
        << q(JACOBI_ORIGINAL) << true;
    QTest::newRow("jacobi marks") << q("jacobi_1d") << q(R"([{"edit": "insert_mark", "node": [0], "name": "outer"},
                                           {"edit": "rename_mark", "node": [0], "name": "time"},
                                           {"edit": "delete_mark", "node": [0, 0, 0, 0, 0, 0]}])")
                                  << q(JACOBI_ORIGINAL) << true;
    QTest::newRow("jacobi flags") << q("jacobi_1d") << q(R"([{"edit": "set_permutable", "node": [0]},
                                           {"edit": "set_coincident", "node": [0], "member": 0}])")
                                  << q(JACOBI_ORIGINAL) << true;

    // two_mm, N = 4: tmp = A B (s0, s1), D = tmp C (s2, s3).
    QTest::newRow("two_mm interchange") << q("two_mm") << q(R"([{"edit": "interchange", "node": [0, 0, 0]}])")
                                        << q(TWO_MM_SWAPPED) << true;
    QTest::newRow("two_mm merge permute")
        << q("two_mm")
        << q(R"([{"edit": "merge", "node": [0, 0, 0]}, {"edit": "permute", "node": [0, 0, 0], "order": [1, 0]}])")
        << q(TWO_MM_SWAPPED) << true;
    // Each statement in its own loop nest, the reductions with k outermost.
    QTest::newRow("two_mm distributed k outer")
        << q("two_mm") << q(R"([{"edit": "merge", "node": [0, 0, 0]}, {"edit": "distribute", "node": [0, 0, 0]},
                 {"edit": "interchange", "node": [0, 1, 0]},
                 {"edit": "merge", "node": [0, 2, 0]}, {"edit": "distribute", "node": [0, 2, 0]},
                 {"edit": "interchange", "node": [0, 3, 0]}])")
        << q("[N] -> { s0[i, j] -> [0, i, j, 0]; s1[i, j, k] -> [1, k, i, j]; s2[i, j] -> [2, i, j, 0]; "
             "s3[i, j, k] -> [3, k, i, j] }")
        << true;
    // Fusing both products over (i, j) reads tmp[i][k] for k > j too early.
    QTest::newRow("two_mm fused")
        << q("two_mm")
        << q(R"([{"edit": "fuse", "node": [0], "child": 0}, {"edit": "fuse", "node": [0, 0], "child": 0}])")
        << q("[N] -> { s0[i, j] -> [i, j, 0, 0, 0]; s1[i, j, k] -> [i, j, 0, 1, k]; s2[i, j] -> [i, j, 1, 0, 0]; "
             "s3[i, j, k] -> [i, j, 1, 1, k] }")
        << false;

    QTest::newRow("loop_sequence hoist init")
        << q("loop_sequence")
        << q(R"([{"edit": "distribute", "node": [0]}, {"edit": "fuse", "node": [0], "child": 1}])")
        << q("{ s0[i] -> [0, i, 0, 0]; s1[i, j] -> [1, i, 0, j]; s2[i] -> [1, i, 1, 0] }") << true;
    QTest::newRow("loop_sequence reduce first")
        << q("loop_sequence") << q(R"([{"edit": "move", "node": [0, 0], "child": 2, "to": 1}])")
        << q("{ s0[i] -> [i, 0, 0]; s1[i, j] -> [i, 2, j]; s2[i] -> [i, 1, 0] }") << false;
    QTest::newRow("ceil_ops reverse") << q("ceil_ops") << q(R"([{"edit": "reverse", "node": [0], "member": 0}])")
                                      << q("{ s0[r] -> [-r, 0]; s1[r] -> [-r, 1]; s2[r] -> [-r, 2] }") << false;
    QTest::newRow("ceil_ops distribute") << q("ceil_ops") << q(R"([{"edit": "distribute", "node": [0]}])")
                                         << q("{ s0[r] -> [0, r]; s1[r] -> [1, r]; s2[r] -> [2, r] }") << false;
    QTest::newRow("sbuf_alias pipelined")
        << q("sbuf_alias") << q(R"([{"edit": "shift", "node": [0], "member": 0, "offsets": {"s0": 1}}])")
        << q("[NT] -> { s0[n, p, f] -> [n + 1, 0, p, f]; s1[n, p, f] -> [n, 1, p, f]; s2[n, p, f] -> [n, 2, p, f] }")
        << false;
    QTest::newRow("triangle_strided swap")
        << q("triangle_strided") << q(R"([{"edit": "move", "node": [0, 0], "child": 1, "to": 0}])")
        << q("[N] -> { s0[i, j] -> [i, 1, j]; s1[i, j] -> [i, 0, j] }") << false;
    // Gauss-Seidel, N = 8: distances (0, 1), (1, -1), (1, 0), (1, 1).
    QTest::newRow("gauss_seidel interchange")
        << q("sample:gauss_seidel_2d") << q("[" MERGE ", " SWAP "]") << q("[N] -> { s0[i, j] -> [j, i] }") << false;
    QTest::newRow("gauss_seidel wavefront")
        << q("sample:gauss_seidel_2d")
        << q("[" MERGE R"(, {"edit": "skew", "node": [0], "member": 1, "source": 0}, )" SWAP "]")
        << q("[N] -> { s0[i, j] -> [i + j, i] }") << true;
}

void tst_Edit::apply()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, map);
    QFETCH(bool, legal);
    auto a = analyzer(kernel);
    const isl::schedule s = se::test::apply(*a, edits);
    QVERIFY2(sameMap(*a, s, map), islutil::str(s.get_map()).c_str());
    QCOMPARE(a->check(s, DepMode::May).legal, legal);

    // A band edit rewrites the band where it stands in isl's tree; read
    // whole, edited and built again, the tree must come out the same.
    isl::schedule step = a->originalSchedule();
    for (const Edit &e : script(edits).edits) {
        const isl::schedule inPlace = e.apply(step);
        const isl::schedule whole = e.apply(ScheduleTree::read(step));
        QCOMPARE(SchedulePrinter::blockYaml(inPlace), SchedulePrinter::blockYaml(whole));
        step = inPlace;
    }
}

void tst_Edit::doesNotApply_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("edits");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");

    QTest::newRow("tile a sequence") << q("jacobi_1d") << q(R"([{"edit": "tile", "node": [0, 0], "sizes": [32]}])")
                                     << q("edits[0]") << q("node 0.0 is a sequence, not a band");
    QTest::newRow("tile sizes") << q("jacobi_1d") << q(R"([{"edit": "tile", "node": [0], "sizes": [32, 32]}])")
                                << q("edits[0]") << q("2 sizes for a band of 1 member");
    QTest::newRow("no such node") << q("jacobi_1d") << q(R"([{"edit": "reverse", "node": [0, 5], "member": 0}])")
                                  << q("edits[0]") << q("there is no node 0.5");
    QTest::newRow("permute order") << q(
        "jacobi_1d") << q("[" FUSE ", " SHIFT ", " MERGE R"(, {"edit": "permute", "node": [0], "order": [0, 0]}])")
                                   << q("edits[3]") << q("exactly once");
    QTest::newRow("split one member") << q("jacobi_1d") << q(R"([{"edit": "split", "node": [0], "at": 1}])")
                                      << q("edits[0]") << q("'at' must be between 1 and 0");
    QTest::newRow("interchange without a child band")
        << q("jacobi_1d") << q(R"([{"edit": "interchange", "node": [0]}])") << q("edits[0]")
        << q("is a sequence, not a band");
    QTest::newRow("merge without a child band")
        << q("jacobi_1d") << q("[" MERGE "]") << q("edits[0]") << q("is a sequence, not a band");
    QTest::newRow("shift by an iterator")
        << q("jacobi_1d") << q("[" FUSE R"(, {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": "i"}}])")
        << q("edits[1]") << q("an iterator");
    QTest::newRow("shift a stranger") << q(
        "jacobi_1d") << q("[" FUSE R"(, {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s7": 1}}])")
                                      << q("edits[1]") << q("statement 's7' does not reach band 0.0");
    QTest::newRow("member_expr unknown name")
        << q("jacobi_1d")
        << q(R"([{"edit": "member_expr", "node": [0], "member": 0, "statement": "s0", "expr": "k + 1"}])")
        << q("edits[0]") << q("uses 'k'");
    QTest::newRow("member_expr not affine")
        << q("jacobi_1d")
        << q(R"([{"edit": "member_expr", "node": [0], "member": 0, "statement": "s0", "expr": "i * t"}])")
        << q("edits[0]") << q("expression 'i * t'");
    QTest::newRow("skew by itself") << q("jacobi_1d")
                                    << q(R"([{"edit": "skew", "node": [0], "member": 0, "source": 0}])")
                                    << q("edits[0]") << q("skewed by itself");
    QTest::newRow("fuse marks") << q("loop_sequence") << q(R"([{"edit": "fuse", "node": [0, 0], "child": 0}])")
                                << q("edits[0]") << q("starts with a mark, not a band");
    QTest::newRow("fuse the last child") << q("jacobi_1d") << q(R"([{"edit": "fuse", "node": [0, 0], "child": 1}])")
                                         << q("edits[0]") << q("child 2 does not exist");
    QTest::newRow("move too far") << q("jacobi_1d") << q(R"([{"edit": "move", "node": [0, 0], "child": 0, "to": 2}])")
                                  << q("edits[0]") << q("target index 2 does not exist");
    QTest::newRow("mark between sequence and filter")
        << q("jacobi_1d") << q(R"([{"edit": "insert_mark", "node": [0, 0, 1], "name": "m"}])") << q("edits[0]")
        << q("the children of a sequence are filters");
    QTest::newRow("mark above the root") << q("jacobi_1d") << q(R"([{"edit": "insert_mark", "node": [], "name": "m"}])")
                                         << q("edits[0]") << q("above the domain");
    QTest::newRow("bad mark name") << q("jacobi_1d") << q(R"([{"edit": "insert_mark", "node": [0], "name": "a b"}])")
                                   << q("edits[0]") << q("a mark name is");
    QTest::newRow("delete a band") << q("jacobi_1d") << q(R"([{"edit": "delete_mark", "node": [0]}])") << q("edits[0]")
                                   << q("is a band, not a mark");
    QTest::newRow("distribute a mark") << q("jacobi_1d") << q(R"([{"edit": "distribute", "node": [0, 0, 0, 0, 0]}])")
                                       << q("edits[0]") << q("is a mark, not a band");
    QTest::newRow("distribute a band over a band")
        << q("two_mm") << q(R"([{"edit": "distribute", "node": [0, 0, 0]}])") << q("edits[0]")
        << q("the child of band 0.0.0 is a band, not a sequence or set");
    QTest::newRow("to_sequence a sequence") << q("jacobi_1d") << q(R"([{"edit": "to_sequence", "node": [0, 0]}])")
                                            << q("edits[0]") << q("is a sequence, not a set");
}

void tst_Edit::doesNotApply()
{
    QFETCH(QString, kernel);
    QFETCH(QString, edits);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    auto a = analyzer(kernel);
    try {
        se::test::apply(*a, edits);
        QFAIL("the edit applied");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.file()), q("test"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
    }
}

void tst_Edit::flagsAndMarksKept()
{
    // Permuting moves the coincident flags with their members; tiling copies
    // the band's flags to both bands; a fused band keeps what both had.
    auto a = analyzer(q("two_mm"));
    const isl::schedule s = se::test::apply(*a, q(R"([
        {"edit": "merge", "node": [0, 0, 0]},
        {"edit": "set_permutable", "node": [0, 0, 0]},
        {"edit": "set_coincident", "node": [0, 0, 0], "member": 1},
        {"edit": "permute", "node": [0, 0, 0], "order": [1, 0]},
        {"edit": "tile", "node": [0, 0, 0], "sizes": [2, 2]}])"));
    for (const std::vector<int> &p : {std::vector<int>{0, 0, 0}, std::vector<int>{0, 0, 0, 0}}) {
        isl::schedule_node n = s.root();
        for (int k : p)
            n = n.child(k);
        QCOMPARE(isl_schedule_node_get_type(n.get()), isl_schedule_node_band);
        QCOMPARE(isl_schedule_node_band_get_permutable(n.get()), isl_bool_true);
        QCOMPARE(isl_schedule_node_band_member_get_coincident(n.get(), 0), isl_bool_true);
        QCOMPARE(isl_schedule_node_band_member_get_coincident(n.get(), 1), isl_bool_false);
    }
    // The statement marks survive: the leaf's parent is still `s1`'s mark.
    isl::schedule_node m = s.root().child(0).child(0).child(0).child(0).child(0).child(1).child(0).child(0);
    QCOMPARE(isl_schedule_node_get_type(m.get()), isl_schedule_node_mark);
    isl_id *id = isl_schedule_node_mark_get_id(m.get());
    QCOMPARE(QString::fromUtf8(isl_id_get_name(id)), q("s1"));
    isl_id_free(id);
}

void tst_Edit::describe()
{
    QCOMPARE(QString::fromStdString(Edit::tile({0, 0}, {32, 16}).describe()), q("tile band 0.0 by 32 x 16"));
    QCOMPARE(QString::fromStdString(Edit::fuse({0}, 1).describe()), q("fuse children 1 and 2 of 0"));
    QCOMPARE(QString::fromStdString(Edit::shift({0}, 0, {{"s1", "1"}}).describe()),
             q("shift member 0 of band 0: s1 by 1"));
    for (EditKind k : allEditKinds()) {
        Edit e;
        e.kind = k;
        QVERIFY(!e.describe().empty());
        QCOMPARE(editKindFromName(editKindName(k)), std::optional<EditKind>(k));
    }
}

QTEST_GUILESS_MAIN(tst_Edit)
#include "tst_edit.moc"
