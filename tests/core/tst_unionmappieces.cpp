// SPDX-License-Identifier: MIT
// UnionMapPieces: a union map read piece by piece, pieces kept between
// reads, is the union map isl reads from the whole text; texts it does not
// split plainly are left to isl (nullopt).
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/UnionMapPieces.h"

#include <QtTest>

using namespace se;

class tst_UnionMapPieces : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameAsIsl_data();
    void sameAsIsl();
    void leftToIsl_data();
    void leftToIsl();
    void piecesKept();
};

void tst_UnionMapPieces::sameAsIsl_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("one piece") << "{ s0[i] -> [i, 0] }";
    QTest::newRow("params") << "[N, T] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + 1, 1] }";
    QTest::newRow("floor division") << "[T, N] -> { s0[t, i] -> [t, floor(i / 4), i, 0]; "
                                       "s1[t, i] -> [t, floor((i + 1) / 4), i + 1, 1] }";
    QTest::newRow("constraints") << "[N] -> { s0[i] -> [i] : i < N; s1[i, j] -> [j, i] : 0 <= j < i }";
    QTest::newRow("newlines") << "[NT, F] -> { s0[t, f] -> [t, f, 0];\n  s1[t, f] -> [t, f + 1, 1]\n}\n";
}

void tst_UnionMapPieces::sameAsIsl()
{
    QFETCH(QString, text);
    IslContext ctx;
    UnionMapPieces pieces;
    const isl::union_map whole(ctx.ctx(), text.toStdString());
    for (int round = 0; round < 2; ++round) { // read, then from what was kept
        const auto got = pieces.read(ctx.ctx(), text.toStdString());
        QVERIFY2(got, "left to isl");
        QVERIFY2(got->is_equal(whole), islutil::str(*got).c_str());
    }
}

void tst_UnionMapPieces::leftToIsl_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("syntax error") << "{ s0[i] -> [i +] }";
    QTest::newRow("comment") << "{ s0[i] -> [i] } # note";
    QTest::newRow("empty") << "{ }";
    QTest::newRow("empty piece") << "{ s0[i] -> [i];; s1[i] -> [i] }";
    QTest::newRow("two maps") << "{ s0[i] -> [i] } { s1[i] -> [i] }";
    QTest::newRow("unnamed tuple") << "{ [i] -> [i] }";
    // Pieces read together are told apart by their statement.
    QTest::newRow("statement in two pieces") << "{ s0[i] -> [i] : i < 5; s0[i] -> [i + 1] : i >= 5 }";
    QTest::newRow("not a union map") << "[N] -> { s0[i] : i < N }";
}

void tst_UnionMapPieces::leftToIsl()
{
    QFETCH(QString, text);
    IslContext ctx;
    UnionMapPieces pieces;
    QVERIFY(!pieces.read(ctx.ctx(), text.toStdString()));
    QCOMPARE(pieces.size(), std::size_t(0));
}

void tst_UnionMapPieces::piecesKept()
{
    IslContext ctx;
    UnionMapPieces pieces;
    QVERIFY(pieces.read(ctx.ctx(), "[N] -> { s0[i] -> [i, 0]; s1[i] -> [i, 1] }"));
    QCOMPARE(pieces.size(), std::size_t(2));
    // One statement changed: one piece more; the other is the kept one.
    const auto got = pieces.read(ctx.ctx(), "[N] -> { s0[i] -> [i, 0]; s1[i] -> [i + 1, 1] }");
    QVERIFY(got);
    QCOMPARE(pieces.size(), std::size_t(3));
    QVERIFY(got->is_equal(isl::union_map(ctx.ctx(), "[N] -> { s0[i] -> [i, 0]; s1[i] -> [i + 1, 1] }")));
}

QTEST_GUILESS_MAIN(tst_UnionMapPieces)
#include "tst_unionmappieces.moc"
