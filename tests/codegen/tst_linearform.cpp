// SPDX-License-Identifier: MIT
// Linear simplification of regenerated expressions: like terms merge,
// divisions and min/max stay atoms. Expected texts worked by hand; every
// row is also evaluated on a grid against the unsimplified expression.
#include "core/codegen/LinearForm.h"
#include "core/expr/ExprParser.h"

#include <QtTest>

using namespace se;

class tst_LinearForm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void simplify_data();
    void simplify();
    void substitute_data();
    void substitute();
};

void tst_LinearForm::simplify_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("simplified");
    QTest::newRow("like terms") << "c0 + 2*c1 - c0 + 3"
                                << "2*c1 + 3";
    QTest::newRow("cancels to a constant") << "(c0 + 1) - (c0 - 1)"
                                           << "2";
    QTest::newRow("scaled sum") << "2*(c0 - N) + N"
                                << "2*c0 - N";
    QTest::newRow("division is an atom") << "(c0 + c0 + 2) // 2 + 1"
                                         << "(2*c0 + 2) // 2 + 1";
    QTest::newRow("like divisions merge") << "c1 // 4 - c0 + c1 // 4"
                                          << "2*(c1 // 4) - c0";
    QTest::newRow("constant division folds") << "7 // 2 + c0"
                                             << "c0 + 3";
    QTest::newRow("ceiling forms kept") << "cc_div(c0 + 0, 3) - cc_mod(c0, 4)"
                                        << "cc_div(c0, 3) - cc_mod(c0, 4)";
    QTest::newRow("min insides") << "min(c0 + 1 - 1, N)"
                                 << "min(c0, N)";
}

void tst_LinearForm::simplify()
{
    QFETCH(QString, text);
    QFETCH(QString, simplified);
    const ExprPtr e = ExprParser::parse(text.toStdString(), {true});
    const ExprPtr s = LinearForm::simplify(e);
    QCOMPARE(QString::fromStdString(s->str()), simplified);
    for (int c0 = -5; c0 <= 5; ++c0)
        for (int c1 = -5; c1 <= 5; ++c1) {
            const Expr::Lookup at = [&](const std::string &n) -> std::int64_t {
                return n == "c0" ? c0 : n == "c1" ? c1 : 7;
            };
            QCOMPARE(s->evaluate(at), e->evaluate(at));
        }
}

void tst_LinearForm::substitute_data()
{
    QTest::addColumn<QString>("access");
    QTest::addColumn<QString>("i");
    QTest::addColumn<QString>("j");
    QTest::addColumn<QString>("rewritten");
    // An original index with the schedule's origin expressions put in.
    QTest::newRow("skewed") << "i + 1"
                            << "c1 - c0"
                            << "c0"
                            << "c1 - c0 + 1";
    QTest::newRow("both") << "2*i - j"
                          << "c0 + 1"
                          << "2*c0"
                          << "2";
    QTest::newRow("under a floor") << "(i + j) // 4"
                                   << "c0 - c1"
                                   << "c1"
                                   << "c0 // 4";
    QTest::newRow("ceiling of a reversal") << "cc_div(i, 3)"
                                           << "-c0"
                                           << "c1"
                                           << "cc_div(-c0, 3)";
}

void tst_LinearForm::substitute()
{
    QFETCH(QString, access);
    QFETCH(QString, i);
    QFETCH(QString, j);
    QFETCH(QString, rewritten);
    const ExprPtr ie = ExprParser::parse(i.toStdString());
    const ExprPtr je = ExprParser::parse(j.toStdString());
    const ExprPtr r =
        LinearForm::simplify(ExprParser::parse(access.toStdString())->substitute([&](const std::string &n) -> ExprPtr {
            return n == "i" ? ie : n == "j" ? je : nullptr;
        }));
    QCOMPARE(QString::fromStdString(r->str()), rewritten);
}

QTEST_GUILESS_MAIN(tst_LinearForm)
#include "tst_linearform.moc"
