// SPDX-License-Identifier: MIT
// Linear parts of statements' times get one id per plainly equal function
// (EdgeVerdictCache shares a verdict between edges whose statements have
// equal linear parts: a wrong "equal" would share a wrong verdict).
#include "core/legality/LinearPartIds.h"

#include <QtTest>

using namespace se;

class tst_LinearPartIds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ids_data();
    void ids();
    void zeroDims_data();
    void zeroDims();
};

void tst_LinearPartIds::ids_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("equal") << "{ [i, j] -> [i, j] }"
                           << "{ [i, j] -> [i, j] }" << true;
    QTest::newRow("swapped") << "{ [i, j] -> [i, j] }"
                             << "{ [i, j] -> [j, i] }" << false;
    QTest::newRow("tile") << "{ [i, j] -> [floor(i/4), i, j] }"
                          << "{ [i, j] -> [floor(i/4), i, j] }" << true;
    QTest::newRow("other tile size") << "{ [i, j] -> [floor(i/4), i, j] }"
                                     << "{ [i, j] -> [floor(i/8), i, j] }" << false;
    QTest::newRow("skew") << "{ [i, j] -> [i + j, j] }"
                          << "{ [i, j] -> [i + 2j, j] }" << false;
    QTest::newRow("params") << "[N] -> { [i] -> [N - i] }"
                            << "[N] -> { [i] -> [N - i] }" << true;
    QTest::newRow("other param") << "[N, M] -> { [i] -> [N - i] }"
                                 << "[N, M] -> { [i] -> [M - i] }" << false;
    QTest::newRow("dims") << "{ [i, j] -> [i] }"
                          << "{ [i, j, k] -> [i] }" << false;
}

void tst_LinearPartIds::ids()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    isl::ctx ctx(isl_ctx_alloc());
    {
        LinearPartIds ids;
        const isl::multi_aff fa(ctx, a.toStdString()), fb(ctx, b.toStdString());
        const int ia = ids.id(fa);
        const int ib = ids.id(fb);
        QCOMPARE(ia == ib, same);
        QCOMPARE(ids.id(fa), ia); // stable
        QCOMPARE(ids.size(), std::size_t(same ? 1 : 2));
    }
    isl_ctx_free(ctx.release());
}

// Where a part is 0, a statement's time is its constant alone: edges whose
// constants differ there by the same sign share a verdict (EdgeVerdictCache).
void tst_LinearPartIds::zeroDims_data()
{
    QTest::addColumn<QString>("linear");
    QTest::addColumn<QString>("zero"); // per dimension: 1 where the part is 0
    QTest::newRow("stages") << "{ [i, j] -> [0, i, 0, j, 0] }"
                            << "10101";
    QTest::newRow("tile") << "{ [i, j] -> [floor(i/32), 0, i, j] }"
                          << "0100";
    QTest::newRow("parameter") << "[N] -> { [i] -> [N, i] }"
                               << "00";
    QTest::newRow("cancelled") << "{ [i] -> [i - i, i] }"
                               << "10";
}

void tst_LinearPartIds::zeroDims()
{
    QFETCH(QString, linear);
    QFETCH(QString, zero);
    isl::ctx ctx(isl_ctx_alloc());
    {
        LinearPartIds ids;
        const int id = ids.id(isl::multi_aff(ctx, linear.toStdString()));
        QString got;
        for (const bool z : ids.zeroDims(id))
            got += z ? QLatin1Char('1') : QLatin1Char('0');
        QCOMPARE(got, zero);
    }
    isl_ctx_free(ctx.release());
}

QTEST_GUILESS_MAIN(tst_LinearPartIds)
#include "tst_linearpartids.moc"
