// SPDX-License-Identifier: MIT
// Disjoint cases: the else-branch of a conjunction splits into disjoint
// cases, and every operation keeps the cases disjoint. Expected texts are
// worked by hand; every row is also checked point by point on a grid.
#include "CaseText.h"

#include <QtTest>

using namespace se;
using namespace se::test;

class tst_CaseSet : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void operations_data();
    void operations();
};

void tst_CaseSet::operations_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not one constraint") << "negate"
                                        << "c0 >= 1"
                                        << ""
                                        << "c0 < 1";
    QTest::newRow("not a conjunction splits") << "negate"
                                              << "c0 >= 1 and c1 <= N"
                                              << ""
                                              << "c0 < 1 | c0 >= 1 and c1 > N";
    QTest::newRow("not three") << "negate"
                               << "c0 > 0 and c1 < 4 and N >= c0 + 2"
                               << ""
                               << "c0 <= 0 | c0 > 0 and c1 >= 4 | c0 > 0 and c1 < 4 and N < c0 + 2";
    QTest::newRow("not an equality is two cases") << "negate"
                                                  << "c0 == 3"
                                                  << ""
                                                  << "c0 < 3 | c0 > 3";
    QTest::newRow("not a conjunction with equality") << "negate"
                                                     << "c0 >= 1 and c1 == 2"
                                                     << ""
                                                     << "c0 < 1 | c0 >= 1 and c1 < 2 | c0 >= 1 and c1 > 2";
    QTest::newRow("not a disjunction") << "negate"
                                       << "c0 >= 2 | c0 < 2 and c1 >= 1"
                                       << ""
                                       << "c0 < 2 and c1 < 1";
    QTest::newRow("contradictions drop") << "conjoin"
                                         << "c0 >= 2 | c0 < 2"
                                         << "c0 < 2 and c1 >= c1 + 1 | c0 >= 0"
                                         << "c0 >= 2 | c0 < 2 and c0 >= 0";
    QTest::newRow("not true") << "negate"
                              << "true"
                              << ""
                              << "false";
    QTest::newRow("not false") << "negate"
                               << "false"
                               << ""
                               << "true";
    QTest::newRow("and distributes") << "conjoin"
                                     << "c0 >= 1 | c0 < 1 and c1 >= 1"
                                     << "N >= c0"
                                     << "c0 >= 1 and N >= c0 | c0 < 1 and c1 >= 1 and N >= c0";
    QTest::newRow("and drops repeats") << "conjoin"
                                       << "c0 >= 1"
                                       << "c0 >= 1"
                                       << "c0 >= 1";
    QTest::newRow("and drops an implied bound") << "conjoin"
                                                << "c1 >= 1"
                                                << "c1 > 0"
                                                << "c1 >= 1";
    QTest::newRow("and keeps the stronger bound") << "conjoin"
                                                  << "c0 > 0 and c1 < 3"
                                                  << "c0 >= 2"
                                                  << "c1 < 3 and c0 >= 2";
    QTest::newRow("and drops the same bound written apart") << "conjoin"
                                                            << "N >= c1 + 2"
                                                            << "c1 < N - 1"
                                                            << "N >= c1 + 2";
    QTest::newRow("and drops constant truths") << "conjoin"
                                               << "c0 >= 1"
                                               << "3 >= 1"
                                               << "c0 >= 1";
    QTest::newRow("and with a constant falsehood") << "conjoin"
                                                   << "c0 >= 1 | c1 >= 1 and c0 < 1"
                                                   << "0 >= 1"
                                                   << "false";
    QTest::newRow("or stays disjoint") << "disjoin"
                                       << "c0 >= 1"
                                       << "c1 >= 1"
                                       << "c0 >= 1 | c0 < 1 and c1 >= 1";
}

void tst_CaseSet::operations()
{
    QFETCH(QString, op);
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    const CaseSet x = parseCases(a.toStdString());
    const CaseSet y = b.isEmpty() ? CaseSet::always() : parseCases(b.toStdString());
    const CaseSet r = op == QLatin1String("negate") ? x.negate()
        : op == QLatin1String("conjoin")            ? x.conjoin(y)
                                                    : x.disjoin(y);
    QCOMPARE(QString::fromStdString(caseText(r)), expected);

    // Point by point: at most one case holds, and the result holds exactly
    // where the operation says.
    auto count = [](const CaseSet &s, const Expr::Lookup &at) {
        int n = 0;
        for (const auto &c : s.cases())
            n += std::all_of(c.begin(), c.end(), [&](const Constraint &k) { return k.holds(at); });
        return n;
    };
    for (int c0 = -3; c0 <= 5; ++c0)
        for (int c1 = -3; c1 <= 5; ++c1)
            for (int n = 0; n <= 4; ++n) {
                const Expr::Lookup at = [&](const std::string &name) -> std::int64_t {
                    return name == "c0" ? c0 : name == "c1" ? c1 : n;
                };
                const int hits = count(r, at);
                QVERIFY2(hits <= 1, "cases overlap");
                const bool inX = count(x, at) > 0, inY = count(y, at) > 0;
                const bool want = op == QLatin1String("negate") ? !inX
                    : op == QLatin1String("conjoin")            ? (inX && inY)
                                                                : (inX || inY);
                QCOMPARE(hits == 1, want);
            }
}

QTEST_GUILESS_MAIN(tst_CaseSet)
#include "tst_caseset.moc"
