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
                            "    s0 load: T[(c0 + c1) % 4, 0] <- A[c0 + c1]  if c0 >= 1 and c1 < N - c0"
                            "  # from s7[i = c0 + c1]\n"
                            "  s1: A[c0]  # from s9[i = c0]\n"));
}

QTEST_GUILESS_MAIN(tst_NestTextPrinter)
#include "tst_nesttextprinter.moc"
