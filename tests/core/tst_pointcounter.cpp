// SPDX-License-Identifier: MIT
// PointCounter counts a set's integer points without visiting each one
// (equalities removed, independent groups multiplied, modulo conditions
// made dimensions, PrefixScan's interval per visit); every count is
// compared with isl's own, which visits each point, and a few were worked
// by hand.
#include "core/isl/IslContext.h"
#include "core/isl/PointCounter.h"
#include "core/isl/PrefixScan.h"

#include <isl/set.h>
#include <isl/val.h>

#include <QtTest>

#include <random>

using namespace se;

namespace {

std::optional<std::int64_t> islCount(const isl::set &set)
{
    // raw isl: the count isl's scan gives, the reference
    isl_val *v = isl_set_count_val(set.get());
    std::optional<std::int64_t> out;
    if (v && isl_val_is_int(v) == isl_bool_true)
        out = isl_val_get_num_si(v);
    isl_val_free(v);
    return out;
}

} // namespace

class TestPointCounter : public QObject {
    Q_OBJECT

private slots:
    void againstIsl_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<qlonglong>("byHand"); // -1: isl's answer only

        QTest::newRow("box") << "{ [i, j] : 0 <= i < 10 and 0 <= j < 7 }" << 70LL;
        QTest::newRow("triangle") << "{ [i, j] : 0 <= j <= i < 100 }" << 5050LL;
        QTest::newRow("empty") << "{ [i, j] : 0 <= i < 10 and i < j < i }" << 0LL;
        QTest::newRow("one dimension") << "{ [i] : 3 <= i <= 9 }" << 7LL;
        QTest::newRow("a point") << "{ [i, j] : i = 4 and j = -2 }" << 1LL;
        QTest::newRow("equality") << "{ [i, j, k] : 0 <= i < 8 and 0 <= j < 8 and k = i + j }" << 64LL;
        QTest::newRow("stride 3") << "{ [i] : 0 <= i < 100 and i mod 3 = 0 }" << 34LL;
        QTest::newRow("two modulo conditions (a tiled kernel's violating pairs)")
            << "{ [p, f, p', f'] : (-f + p') mod 128 = 0 and (-p + f') mod 128 = 0 and p <= 127 and 0 <= f <= 511 "
               "and 0 <= p' < p and p <= f' <= 128 + p }"
            << 65024LL;
        QTest::newRow("modulo condition and a product")
            << "{ [p, k, p', f] : (-p + f) mod 128 = 0 and p <= 127 and k <= 1 and p' >= 0 and -128k <= p' <= -22 + p "
               "and 0 <= f <= 511 }"
            << 45368LL;
        QTest::newRow("floor in an inequality") << "{ [x] : 0 <= x <= 99 and 4*floor(x/4) >= x - 1 }" << 50LL;
        QTest::newRow("floors of two dimensions") << "{ [x, y] : 0 <= x <= 99 and 0 <= y <= 10 and 4*floor((x + y)/4) "
                                                     ">= x + y - 1 and 3*floor(x/3) <= x - 1 }"
                                                  << -1LL;
        QTest::newRow("union of overlapping pieces")
            << "{ [i, j] : 0 <= i < 10 and 0 <= j < 10; [i, j] : 5 <= i < 15 and 5 <= j < 15 }" << 175LL;
        QTest::newRow("tile and point") << "{ [t, i] : 0 <= i < 50 and 4t <= i < 4t + 4 }" << 50LL;
        QTest::newRow("wide and thin") << "{ [i, j] : 0 <= i < 1000000 and i <= j <= i + 1 }" << 2000000LL;
    }

    void againstIsl()
    {
        QFETCH(QString, set);
        QFETCH(qlonglong, byHand);
        IslContext ctx;
        const isl::set s(ctx.ctx(), set.toStdString());
        const auto expected = islCount(s);
        QVERIFY(expected.has_value());
        if (byHand >= 0)
            QCOMPARE(*expected, byHand);
        const auto counted = PointCounter::count(s);
        QVERIFY(counted.has_value());
        QCOMPARE(*counted, *expected);
    }

    // PrefixScan alone on div-free basic sets, and what it leaves to isl.
    void prefixScan()
    {
        IslContext ctx;
        const isl::basic_set tri(ctx.ctx(), "{ [i, j, k] : 0 <= k <= j <= i < 30 }");
        QCOMPARE(PrefixScan::count(tri).value_or(-1), islCount(isl::set(tri)).value_or(-2));
        QCOMPARE(PrefixScan::count(isl::basic_set(ctx.ctx(), "{ [i, j] : 0 <= i <= 5 and j = 2i + 1 }")).value_or(-1),
                 6);
        // Parameters, existentials, unbounded sets and too many visits: isl's.
        QVERIFY(!PrefixScan::count(isl::basic_set(ctx.ctx(), "[n] -> { [i] : 0 <= i < n }")));
        QVERIFY(!PrefixScan::count(isl::basic_set(ctx.ctx(), "{ [i] : 0 <= i < 10 and i mod 2 = 0 }")));
        QVERIFY(!PrefixScan::count(isl::basic_set(ctx.ctx(), "{ [i, j] : i >= 0 and 0 <= j < 4 }")));
        QVERIFY(!PrefixScan::count(isl::basic_set(ctx.ctx(), "{ [i, j, k] : 0 <= i, j, k < 1000 }")));
        // Bounds propagated through a chain of large coefficients stay
        // within 128 bits (they wrapped round to an empty box: count 0).
        const isl::basic_set chain(
            ctx.ctx(),
            "{ [u0,v0,u1,v1,u2,v2,u3,v3,u4,v4,u5,v5] : 0 <= v0 <= 10 and u0 >= 0 and u0 <= v0 and u1 >= 0 and u1 <= v1 "
            "and v1 <= 2128088437*u0 - 2128088437*v0 + 1 and u2 >= 0 and u2 <= v2 and v2 <= 812431914*u1 - "
            "812431914*v1 + 0 and u3 >= 0 and u3 <= v3 and v3 <= 1616815706*u2 - 1616815706*v2 + 0 and u4 >= 0 and "
            "u4 <= v4 and v4 <= 1072817587*u3 - 1072817587*v3 + 3 and u5 >= 0 and u5 <= v5 and v5 <= 985118573*u4 - "
            "985118573*v4 + 3 }");
        const auto scanned = PrefixScan::count(chain);
        QVERIFY(!scanned || *scanned == 880);
        QCOMPARE(islCount(isl::set(chain)).value_or(-1), 880);
        QCOMPARE(PointCounter::count(isl::set(chain)).value_or(-1), 880);
        // An unbounded set has no count (isl's own says 0).
        QVERIFY(!PointCounter::count(isl::set(ctx.ctx(), "{ [i, j] : i >= 0 and 0 <= j < 4 }")));
        QVERIFY(
            !PointCounter::count(isl::set(ctx.ctx(), "{ [i, j] : 0 <= i < 3 and 0 <= j < 4; [i, j] : i >= j >= 9 }")));
    }

    // Random sets with strides, floors and equalities: the same count as isl.
    void randomSets()
    {
        IslContext ctx;
        std::mt19937 rng(20261205);
        auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        const char *names[] = {"a", "b", "c", "d"};
        int compared = 0;
        for (int round = 0; round < 400; ++round) {
            const int n = pick(1, 4);
            std::string vars, cons;
            for (int k = 0; k < n; ++k) {
                vars += std::string(k ? ", " : "") + names[k];
                cons += std::string(k ? " and " : "") + std::to_string(pick(-5, 3)) + " <= " + names[k]
                    + " <= " + std::to_string(pick(4, 40));
            }
            for (int extra = pick(0, 3); extra > 0; --extra) {
                const char *x = names[pick(0, n - 1)];
                const char *y = names[pick(0, n - 1)];
                switch (pick(0, 4)) {
                case 0: // a modulo condition
                    cons += " and (" + std::string(x) + " - " + y + ") mod " + std::to_string(pick(2, 9)) + " = 0";
                    break;
                case 1: // a floor in an inequality
                    cons += " and " + std::to_string(pick(2, 5)) + "*floor((" + x + " + " + y + ")/"
                        + std::to_string(pick(2, 5)) + ") <= " + x + " + " + std::to_string(pick(0, 6));
                    break;
                case 2: // an order
                    cons += " and " + std::string(x) + " <= " + y + " + " + std::to_string(pick(-3, 3));
                    break;
                case 3: // an equality
                    if (x != y)
                        cons += " and " + std::string(x) + " = " + std::to_string(pick(-2, 2)) + "*" + y + " + "
                            + std::to_string(pick(-3, 3));
                    break;
                default: { // a second piece, bounded too
                    std::string box;
                    for (int k = 0; k < n; ++k)
                        box += std::string(" and ") + std::to_string(pick(-2, 4)) + " <= " + names[k]
                            + " <= " + std::to_string(pick(5, 12));
                    cons += " or (" + std::string(x) + " >= " + y + box + ")";
                    break;
                }
                }
            }
            const std::string text = "{ [" + vars + "] : " + cons + " }";
            const isl::set s(ctx.ctx(), text);
            const auto expected = islCount(s);
            QVERIFY2(expected.has_value(), text.c_str());
            const auto counted = PointCounter::count(s);
            if (counted != expected)
                QFAIL(qPrintable(QString::fromStdString(text)
                                 + QStringLiteral(": %1, isl %2").arg(counted.value_or(-1)).arg(*expected)));
            ++compared;
        }
        QVERIFY(compared > 300);
    }
};

QTEST_APPLESS_MAIN(TestPointCounter)
#include "tst_pointcounter.moc"
