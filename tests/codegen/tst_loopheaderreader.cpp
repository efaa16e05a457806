// SPDX-License-Identifier: MIT
// The header of an isl for node read as a kernel loop: lower bound lists
// from max, exclusive upper bound lists from min (<= adds one), positive
// strides, and an error naming the node for anything else. Expected texts
// worked by hand.
#include "AstExprText.h"
#include "CaseText.h"
#include "core/codegen/LoopHeaderReader.h"
#include "core/isl/IslContext.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;
using namespace se::test;

class tst_LoopHeaderReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void read_data();
    void read();
};

namespace {

std::string list(const std::vector<ExprPtr> &l)
{
    std::string out;
    for (const auto &e : l)
        out += (out.empty() ? "" : ", ") + e->str();
    return "[" + out + "]";
}

std::string variantText(const LoopVariant &v)
{
    std::string out = v.when.isAlways() ? "" : "when " + caseText(v.when) + ": ";
    out += "lb " + list(v.lb) + " ub " + list(v.ub) + " stride " + std::to_string(v.stride);
    if (!v.bodyGuard.empty()) {
        std::string g;
        for (const auto &c : v.bodyGuard)
            g += (g.empty() ? "" : " and ") + c.str();
        out += " if " + g;
    }
    return out;
}

} // namespace

void tst_LoopHeaderReader::read_data()
{
    QTest::addColumn<QString>("init");
    QTest::addColumn<QString>("cond");
    QTest::addColumn<QString>("inc");
    QTest::addColumn<QString>("expected"); // variants joined by " ; ", or "error: <part of the fault>"
    // for (c1 = 0; c1 < N; c1 += 1)
    QTest::newRow("plain") << "0"
                           << "(lt c1 N)"
                           << "1"
                           << "lb [0] ub [N] stride 1";
    // for (c1 = c0; c1 <= N + 2; c1 += 1): <= adds one
    QTest::newRow("<= adds one") << "c0"
                                 << "(le c1 (add N 2))"
                                 << "1"
                                 << "lb [c0] ub [N + 3] stride 1";
    // for (c1 = max(4*c0, 2*c0 + 1); c1 <= min(N - 1, 4*c0 + 3); c1 += 1)
    QTest::newRow("max and min become lists") << "(isl \"[c0] -> { [(max(4*c0, 2*c0 + 1))] }\")"
                                              << "(le c1 (isl \"[c0, N] -> { [(min(N - 1, 4*c0 + 3))] }\"))"
                                              << "1"
                                              << "lb [4*c0, 2*c0 + 1] ub [4*c0 + 4, N] stride 1";
    QTest::newRow("stride") << "1"
                            << "(lt c1 (mul 2 N))"
                            << "2"
                            << "lb [1] ub [2*N] stride 2";
    // A strided loop keeps one lower bound; the other guards its body.
    QTest::newRow("strided with two lower bounds") << "(isl \"[c0] -> { [(max(2, c0 + 1 - (c0 + 1) mod 2))] }\")"
                                                   << "(lt c1 N)"
                                                   << "2"
                                                   << "lb [2] ub [N] stride 2 if c1 >= 2*((c0 + 1) // 2)";
    // for (c1 = 0; c1 <= (c0 <= 2 ? 0 : 5 - c0); ...): one loop per value
    QTest::newRow("select bound gives variants")
        << "0"
        << "(le c1 (isl \"[c0] -> { [(0)] : c0 <= 2; [(5 - c0)] : c0 > 2 }\"))"
        << "1"
        << "when c0 <= 2: lb [0] ub [1] stride 1 ; when c0 > 2: lb [0] ub [-c0 + 6] stride 1";

    QTest::newRow("cond with >=") << "0"
                                  << "(ge c1 N)"
                                  << "1"
                                  << "error: the loop condition `c1 >= N` does not compare c1";
    QTest::newRow("cond on the bound side") << "0"
                                            << "(gt N c1)"
                                            << "1"
                                            << "error: does not compare c1 with < or <=";
    QTest::newRow("cond on another iterator") << "0"
                                              << "(lt c0 N)"
                                              << "1"
                                              << "error: `c0 < N` does not compare c1";
    QTest::newRow("cond is a conjunction") << "0"
                                           << "(and (lt c1 N) (lt c1 M))"
                                           << "1"
                                           << "error: does not compare c1 with < or <=";
    QTest::newRow("bound on itself") << "0"
                                     << "(lt c1 (add c1 N))"
                                     << "1"
                                     << "error: depends on its own iterator c1";
    QTest::newRow("init on itself") << "(sub c1 1)"
                                    << "(lt c1 N)"
                                    << "1"
                                    << "error: depends on its own iterator c1";
    QTest::newRow("zero increment") << "0"
                                    << "(lt c1 N)"
                                    << "0"
                                    << "error: the loop increment `0` is not a positive";
    QTest::newRow("negative increment") << "0"
                                        << "(lt c1 N)"
                                        << "-1"
                                        << "error: the loop increment `-1`";
    QTest::newRow("parametric increment") << "0"
                                          << "(lt c1 N)"
                                          << "N"
                                          << "error: the loop increment `N`";
}

void tst_LoopHeaderReader::read()
{
    QFETCH(QString, init);
    QFETCH(QString, cond);
    QFETCH(QString, inc);
    QFETCH(QString, expected);
    IslContext ctx;
    AstExprText text(ctx.ctx());
    const AstExprReader reader({}, "s.map");
    std::string got;
    try {
        for (const auto &v :
             LoopHeaderReader(reader).read("c1", text.parse(init.toStdString()), text.parse(cond.toStdString()),
                                           text.parse(inc.toStdString()), "AST > for c0 > for c1"))
            got += (got.empty() ? "" : " ; ") + variantText(v);
    } catch (const InputError &err) {
        QCOMPARE(QString::fromStdString(err.file()), QStringLiteral("s.map"));
        QVERIFY2(QString::fromStdString(err.place()).startsWith(QLatin1String("AST > for c0 > for c1 > ")),
                 err.place().c_str());
        got = "error: " + err.fault();
    }
    if (expected.startsWith(QLatin1String("error: ")))
        QVERIFY2(QString::fromStdString(got).startsWith(QLatin1String("error: "))
                     && QString::fromStdString(got).contains(expected.mid(7)),
                 got.c_str());
    else
        QCOMPARE(QString::fromStdString(got), expected);
}

QTEST_GUILESS_MAIN(tst_LoopHeaderReader)
#include "tst_loopheaderreader.moc"
