// SPDX-License-Identifier: MIT
// The expression algebra: parsing, printing, and floor versus ceiling
// semantics, with values worked by hand.
#include "core/expr/Expr.h"
#include "core/expr/ExprParser.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;

class tst_Expr : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void floorAndCeiling_data();
    void floorAndCeiling();
    void parseAndPrint_data();
    void parseAndPrint();
};

void tst_Expr::floorAndCeiling_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("x");
    QTest::addColumn<qint64>("expected");
    // The spec's pins: CCDiv(7, 4) = 2, CCMod(7, 4) = -1, FloorDiv = 1, Modulo = 3.
    QTest::newRow("7 // 4") << "x // 4" << 7 << qint64(1);
    QTest::newRow("7 % 4") << "x % 4" << 7 << qint64(3);
    QTest::newRow("cc_div(7, 4)") << "cc_div(x, 4)" << 7 << qint64(2);
    QTest::newRow("cc_mod(7, 4)") << "cc_mod(x, 4)" << 7 << qint64(-1);
    // Negative numerators: floor rounds down, ceiling up.
    QTest::newRow("-7 // 4") << "x // 4" << -7 << qint64(-2);
    QTest::newRow("-7 % 4") << "x % 4" << -7 << qint64(1);
    QTest::newRow("cc_div(-7, 4)") << "cc_div(x, 4)" << -7 << qint64(-1);
    QTest::newRow("cc_mod(-7, 4)") << "cc_mod(x, 4)" << -7 << qint64(-3);
    QTest::newRow("8 // 4 exact") << "x // 4" << 8 << qint64(2);
    QTest::newRow("cc_mod(8, 4) exact") << "cc_mod(x, 4)" << 8 << qint64(0);
    QTest::newRow("-x // 2 binds unary first") << "-x // 2" << 3 << qint64(-2);
}

void tst_Expr::floorAndCeiling()
{
    QFETCH(QString, text);
    QFETCH(int, x);
    QFETCH(qint64, expected);
    const ExprPtr e = ExprParser::parse(text.toStdString());
    QCOMPARE(e->evaluate([&](const std::string &) { return std::int64_t(x); }), expected);
}

void tst_Expr::parseAndPrint_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("printed");
    QTest::newRow("sum") << "i - 1" << "i - 1";
    QTest::newRow("implicit product") << "3i + 2" << "3*i + 2";
    QTest::newRow("const folded") << "2*3 + i" << "6 + i";
    QTest::newRow("floor of sum") << "(i + 1) // 4" << "(i + 1) // 4";
    QTest::newRow("scaled floor") << "2*(i // 4)" << "2*(i // 4)";
    QTest::newRow("rank") << "rank(0, 1) + i" << "rank(0, 1) + i";
    QTest::newRow("isl floor") << "floor((i + 3)/4)" << "(i + 3) // 4";
}

void tst_Expr::parseAndPrint()
{
    QFETCH(QString, text);
    QFETCH(QString, printed);
    QCOMPARE(QString::fromStdString(ExprParser::parse(text.toStdString())->str()), printed);
}

QTEST_GUILESS_MAIN(tst_Expr)
#include "tst_expr.moc"
