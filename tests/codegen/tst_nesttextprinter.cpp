// SPDX-License-Identifier: MIT
// The readable Axis form of a regenerated nest built by hand: bound lists,
// strides, marks, ops, predicates and origins. Expected text worked by hand.
#include "HandNest.h"
#include "core/codegen/NestTextPrinter.h"

#include <QtTest>

using namespace se;
using namespace se::test;

class tst_NestTextPrinter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void text();
    void copiesByOrigin();
};

void tst_NestTextPrinter::text()
{
    QCOMPARE(QString::fromStdString(NestTextPrinter::print(handNest())),
             QStringLiteral("# k regenerated from the schedule s.map\n"
                            "for (c0: range(max(0, N - 8), N, 1))\n"
                            "  # mark: unroll\n"
                            "  # mark: vector\n"
                            "  for (c1: range(0, min(4, N - c0), 2))\n"
                            "    # mark: s7\n"
                            "    s7 load: T[(c0 + c1) % 4, 0] <- A[c0 + c1]  if c0 >= 1 and c1 < N - c0"
                            "  # from s7[i = c0 + c1]\n"
                            "  s9: A[c0]  # from s9[i = c0]\n"));
}

// isl split s7 into three pieces and s9 into one: people read the origin with
// primes for the later copies, never the fresh ids (0..3) of the kernel form.
void tst_NestTextPrinter::copiesByOrigin()
{
    RegeneratedNest n = handNest();
    GenLoop &outer = std::get<GenLoop>(n.body.front().item);
    GenStatement second = std::get<GenStatement>(outer.body.back().item); // s9, fresh id 1
    second.id = 2;
    second.originId = 7;
    GenStatement third = second;
    third.id = 3;
    outer.body.push_back(GenNode{second});
    outer.body.push_back(GenNode{third});
    const QStringList lines = QString::fromStdString(NestTextPrinter::print(n)).split(QLatin1Char('\n'));
    QCOMPARE(lines.at(7), QStringLiteral("  s9: A[c0]  # from s9[i = c0]"));
    QCOMPARE(lines.at(8), QStringLiteral("  s7': A[c0]  # from s7[i = c0]"));
    QCOMPARE(lines.at(9), QStringLiteral("  s7'': A[c0]  # from s7[i = c0]"));
}

QTEST_GUILESS_MAIN(tst_NestTextPrinter)
#include "tst_nesttextprinter.moc"
