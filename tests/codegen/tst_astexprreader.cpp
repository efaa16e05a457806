// SPDX-License-Identifier: MIT
// isl AST expressions read into kernel-format expressions: each operator,
// the piecewise ones as disjoint pieces, and an error naming every
// expression the format cannot hold. Expected texts worked by hand.
#include "AstExprText.h"
#include "CaseText.h"
#include "core/codegen/AstExprReader.h"
#include "core/isl/IslContext.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;
using namespace se::test;

class tst_AstExprReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void read_data();
    void read();
};

namespace {

std::string piecesText(const Pieces &ps)
{
    if (ps.size() == 1 && ps.front().when.isAlways())
        return ps.front().value->str();
    std::string out;
    for (const auto &p : ps)
        out += (out.empty() ? "" : " ; ") + ("[" + caseText(p.when) + "] ") + p.value->str();
    return out;
}

} // namespace

void tst_AstExprReader::read_data()
{
    QTest::addColumn<QString>("mode"); // value, bound or cond
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("expected"); // the text, or "error: <part of the fault>"
    QTest::newRow("identifier") << "value"
                                << "c0"
                                << "c0";
    QTest::newRow("integer") << "value"
                             << "-42"
                             << "-42";
    QTest::newRow("add, mul") << "value"
                              << "(add c0 (mul 2 N))"
                              << "c0 + 2*N";
    QTest::newRow("mul by a constant on the right") << "value"
                                                    << "(mul c0 4)"
                                                    << "4*c0";
    QTest::newRow("sub") << "value"
                         << "(sub (mul 3 c1) 1)"
                         << "3*c1 - 1";
    QTest::newRow("minus") << "value"
                           << "(neg (add c0 1))"
                           << "-c0 - 1";
    QTest::newRow("exact div is floor") << "value"
                                        << "(div (sub c0 1) 2)"
                                        << "(c0 - 1) // 2";
    QTest::newRow("pdiv_q is floor") << "value"
                                     << "(pdiv_q (add N 3) 4)"
                                     << "(N + 3) // 4";
    QTest::newRow("pdiv_r is floor mod") << "value"
                                         << "(pdiv_r c0 2)"
                                         << "c0 % 2";
    QTest::newRow("division by one") << "value"
                                     << "(div c0 1)"
                                     << "c0";
    // floor(c0/4) with c0 of any sign: isl writes fdiv_q (floord).
    QTest::newRow("fdiv_q is floor") << "value"
                                     << "(isl \"[c0] -> { [(floor(c0/4))] }\")"
                                     << "c0 // 4";
    QTest::newRow("rank parameter") << "value"
                                    << "(add rank_0_1 c0)"
                                    << "rank(0, 1) + c0";
    // max(a, b) is a where a >= b, b where b > a (min alike); isl orders
    // the arguments of min(N, c0) as (c0, N).
    QTest::newRow("max splits into pieces") << "value"
                                            << "(isl \"[c0] -> { [(max(0, c0 - 2))] }\")"
                                            << "[0 >= c0 - 2] 0 ; [c0 - 2 > 0] c0 - 2";
    QTest::newRow("min splits into pieces") << "value"
                                            << "(isl \"[c0, N] -> { [(min(N, c0))] }\")"
                                            << "[c0 <= N] c0 ; [N < c0] N";
    QTest::newRow("max stays in a bound") << "bound"
                                          << "(isl \"[c0] -> { [(max(0, c0 - 2))] }\")"
                                          << "max(0, c0 - 2)";
    QTest::newRow("min under a division splits") << "bound"
                                                 << "(div (isl \"[c0, N] -> { [(min(N, c0))] }\") 2)"
                                                 << "[c0 <= N] c0 // 2 ; [N < c0] N // 2";
    QTest::newRow("select splits into pieces")
        << "value"
        << "(isl \"[c0, c1, M] -> { [(c1)] : c0 < 5; [(M - 1 - c1)] : c0 >= 5 }\")"
        << "[c0 <= 4] c1 ; [c0 > 4] -c1 + M - 1";
    QTest::newRow("and") << "cond"
                         << "(and (le c0 N) (ge c0 0))"
                         << "c0 <= N and c0 >= 0";
    QTest::newRow("and_then") << "cond"
                              << "(and_then (gt c0 1) (eq c1 N))"
                              << "c0 > 1 and c1 == N";
    QTest::newRow("or stays disjoint") << "cond"
                                       << "(or (lt c0 0) (gt c0 N))"
                                       << "c0 < 0 | c0 >= 0 and c0 > N";
    QTest::newRow("or_else") << "cond"
                             << "(or_else (lt c0 0) (lt c1 0))"
                             << "c0 < 0 | c0 >= 0 and c1 < 0";
    QTest::newRow("pdiv_r compared with zero") << "cond"
                                               << "(eq (pdiv_r c0 2) 0)"
                                               << "c0 % 2 == 0";
    // isl writes a divisibility test with zdiv_r (C's %), compared with 0.
    QTest::newRow("zdiv_r compared with zero") << "cond"
                                               << "(islset \"[c0] -> { : c0 mod 3 = 0 }\")"
                                               << "c0 % 3 == 0";

    QTest::newRow("product of variables") << "value"
                                          << "(mul c0 N)"
                                          << "error: multiplies two non-constants";
    QTest::newRow("division by a variable") << "value"
                                            << "(div c0 N)"
                                            << "error: divides by a non-constant";
    QTest::newRow("division by zero") << "value"
                                      << "(pdiv_q c0 0)"
                                      << "error: divides by 0";
    QTest::newRow("division by a negative") << "value"
                                            << "(pdiv_r c0 -2)"
                                            << "error: divides by -2";
    QTest::newRow("access") << "value"
                            << "(access A c0)"
                            << "error: the operator 'access' in `A[c0]`";
    QTest::newRow("call") << "value"
                          << "(call f c0)"
                          << "error: the operator 'call' in `f(c0)`";
    QTest::newRow("address_of") << "value"
                                << "(address_of (access A c0))"
                                << "error: the operator 'address_of'";
    QTest::newRow("comparison as a value") << "value"
                                           << "(le c0 N)"
                                           << "error: the operator 'le'";
    QTest::newRow("and as a value") << "value"
                                    << "(and (le c0 N) (ge c0 0))"
                                    << "error: the operator 'and'";
    QTest::newRow("integer too large") << "value"
                                       << "99999999999999999999"
                                       << "error: does not fit in 64 bits";
    QTest::newRow("sum as a condition") << "cond"
                                        << "(add c0 1)"
                                        << "error: `c0 + 1` is not a condition";
    QTest::newRow("identifier as a condition") << "cond"
                                               << "c0"
                                               << "error: `c0` is not a condition";
    // isl 0.25 writes a guard that always holds as `1` (issue 46).
    QTest::newRow("1 as a condition") << "cond"
                                      << "1"
                                      << "true";
    QTest::newRow("0 as a condition") << "cond"
                                      << "0"
                                      << "false";
    QTest::newRow("1 inside a conjunction") << "cond"
                                            << "(and (le c0 N) 1)"
                                            << "c0 <= N";
    QTest::newRow("min inside a condition") << "cond"
                                            << "(ge c1 (isl \"[c0, N] -> { [(min(N, c0))] }\"))"
                                            << "c0 <= N and c1 >= c0 | N < c0 and c1 >= N";
}

void tst_AstExprReader::read()
{
    QFETCH(QString, mode);
    QFETCH(QString, expr);
    QFETCH(QString, expected);
    IslContext ctx;
    const isl::ast_expr e = AstExprText(ctx.ctx()).parse(expr.toStdString());
    const AstExprReader reader({"rank_0_1"}, "k.json");
    std::string got;
    try {
        if (mode == QLatin1String("cond"))
            got = caseText(reader.condition(e, "AST > if"));
        else
            got = piecesText(reader.pieces(e, "AST > if",
                                           mode == QLatin1String("bound") ? AstExprReader::Mode::Bound
                                                                          : AstExprReader::Mode::Value));
    } catch (const InputError &err) {
        QCOMPARE(QString::fromStdString(err.file()), QStringLiteral("k.json"));
        QCOMPARE(QString::fromStdString(err.place()), QStringLiteral("AST > if"));
        got = "error: " + err.fault();
    }
    if (expected.startsWith(QLatin1String("error: ")))
        QVERIFY2(QString::fromStdString(got).startsWith(QLatin1String("error: "))
                     && QString::fromStdString(got).contains(expected.mid(7)),
                 got.c_str());
    else
        QCOMPARE(QString::fromStdString(got), expected);
}

QTEST_GUILESS_MAIN(tst_AstExprReader)
#include "tst_astexprreader.moc"
