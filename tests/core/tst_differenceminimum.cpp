// SPDX-License-Identifier: MIT
// An edge is violated when some pair's time difference dst(b) - src(a),
// constants included, is <=lex 0. DifferenceMinimum answers that from the
// least difference of the linear parts; each row compares it, for a range
// of constants' differences, with the pairs isl finds violated directly
// (the shape intersected with src(a) >=lex dst(b), as LegalityChecker
// does), and states the expected kind and a few verdicts worked by hand.
// The greatest difference says whether every pair is violated, compared the
// same way with the violating pairs being the whole shape; the violating
// pairs made piece by piece from the least difference are isl's.
#include "core/isl/IslContext.h"
#include "core/legality/DifferenceMinimum.h"

#include <isl/map.h>

#include <QtTest>

using namespace se;

namespace {

// { [a] -> [b] } of `shape` whose times, `diff` added to dst's, break the order.
isl::map violatingByIsl(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                        const std::vector<std::int64_t> &diff)
{
    std::string from, to;
    for (std::size_t k = 0; k < diff.size(); ++k) {
        from += (k ? ", t" : "t") + std::to_string(k);
        to += (k ? ", t" : "t") + std::to_string(k) + " + (" + std::to_string(diff[k]) + ")";
    }
    const isl::map shift(shape.ctx(), "{ [" + from + "] -> [" + to + "] }");
    const isl::map s = src.as_map();
    const isl::map d = dst.as_map().apply_range(shift);
    // raw isl: lexicographic comparison of two maps' ranges (not in cpp.h 0.25)
    const isl::map ge = isl::manage(isl_map_lex_ge_map(s.copy(), d.copy()));
    return shape.intersect(ge);
}

bool violatedByIsl(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                   const std::vector<std::int64_t> &diff)
{
    return !violatingByIsl(shape, src, dst, diff).is_empty();
}

// Every pair of the shape violated (a count then takes the shape's).
bool everyPairByIsl(const isl::map &shape, const isl::multi_aff &src, const isl::multi_aff &dst,
                    const std::vector<std::int64_t> &diff)
{
    return violatingByIsl(shape, src, dst, diff).is_equal(shape);
}

} // namespace

class tst_DifferenceMinimum : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void againstIsl_data();
    void againstIsl();
};

void tst_DifferenceMinimum::againstIsl_data()
{
    QTest::addColumn<QByteArray>("shape");
    QTest::addColumn<QByteArray>("src");
    QTest::addColumn<QByteArray>("dst");
    QTest::addColumn<int>("kind"); // DifferenceMinimum::Kind
    // "d0,d1:v" constants' differences and the verdict (1 violated), by hand
    QTest::addColumn<QByteArrayList>("verdicts");
    const int point = static_cast<int>(DifferenceMinimum::Kind::Point);
    QTest::newRow("next iteration") << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 10 }")
                                    << QByteArray("{ [i] -> [i] }") << QByteArray("{ [j] -> [j] }") << point
                                    << QByteArrayList{"0:0", "-1:1", "-2:1", "5:0"};
    QTest::newRow("two dims, lex") << QByteArray("{ [i, j] -> [i2, j2] : i2 = i + 1 and j2 = j - 3 and 0 <= i, j < 5 }")
                                   << QByteArray("{ [i, j] -> [i, j] }") << QByteArray("{ [i, j] -> [i, j] }") << point
                                   << QByteArrayList{"0,0:0", "-1,0:1", "-1,3:1", "-1,4:0", "-2,9:1"};
    QTest::newRow("parameter projected") << QByteArray("[N] -> { [i] -> [j] : j = i + 1 and 0 <= i < N }")
                                         << QByteArray("{ [i] -> [i] }") << QByteArray("{ [j] -> [j] }") << point
                                         << QByteArrayList{"0:0", "-1:1"};
    QTest::newRow("tile and point") << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 16 }")
                                    << QByteArray("{ [i] -> [floor(i / 4), i] }")
                                    << QByteArray("{ [j] -> [floor(j / 4), j] }") << point
                                    << QByteArrayList{"0,0:0", "0,-1:1", "1,-1:0", "-1,5:1"};
    QTest::newRow("reversed dst") << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 10 }")
                                  << QByteArray("{ [i] -> [i] }") << QByteArray("{ [j] -> [-j] }") << point
                                  << QByteArrayList{"0:1", "20:0", "19:1"};
    QTest::newRow("no pairs") << QByteArray("{ [i] -> [j] : 1 = 0 }") << QByteArray("{ [i] -> [i] }")
                              << QByteArray("{ [j] -> [j] }") << static_cast<int>(DifferenceMinimum::Kind::NoPairs)
                              << QByteArrayList{"0:0", "-100:0"};
    // Levels that are one integer in the difference are left out of isl's
    // projection and put back: first, last, every one, and with no pairs.
    QTest::newRow("a constant level first")
        << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 10 }") << QByteArray("{ [i] -> [1, i] }")
        << QByteArray("{ [j] -> [0, j] }") << point << QByteArrayList{"0,0:1", "1,0:0", "1,-1:1", "1,-2:1"};
    QTest::newRow("a constant level last")
        << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 10 }") << QByteArray("{ [i] -> [i, 7] }")
        << QByteArray("{ [j] -> [j, 7] }") << point << QByteArrayList{"0,0:0", "-1,0:1", "-1,1:0", "-2,5:1"};
    QTest::newRow("every level constant")
        << QByteArray("{ [i] -> [j] : j = i + 1 and 0 <= i < 10 }") << QByteArray("{ [i] -> [0, 0] }")
        << QByteArray("{ [j] -> [0, 1] }") << point << QByteArrayList{"0,0:0", "0,-1:1", "0,-2:1", "1,-5:0"};
    QTest::newRow("constant levels, no pairs")
        << QByteArray("{ [i] -> [j] : 1 = 0 }") << QByteArray("{ [i] -> [0, i] }") << QByteArray("{ [j] -> [2, j] }")
        << static_cast<int>(DifferenceMinimum::Kind::NoPairs) << QByteArrayList{"0,0:0", "-9,0:0"};
    QTest::newRow("unbounded below") << QByteArray("[N] -> { [i] -> [j] : 0 <= i < j < N }")
                                     << QByteArray("{ [i] -> [i] }") << QByteArray("{ [j] -> [-j] }")
                                     << static_cast<int>(DifferenceMinimum::Kind::Unknown) << QByteArrayList{};
}

void tst_DifferenceMinimum::againstIsl()
{
    QFETCH(QByteArray, shape);
    QFETCH(QByteArray, src);
    QFETCH(QByteArray, dst);
    QFETCH(int, kind);
    QFETCH(QByteArrayList, verdicts);
    IslContext islContext;
    const isl::ctx ctx = islContext.ctx();
    {
        const isl::map r(ctx, shape.toStdString());
        const isl::multi_aff s(ctx, src.toStdString());
        const isl::multi_aff d(ctx, dst.toStdString());
        const DifferenceMinimum m = DifferenceMinimum::of(r, s, d);
        const DifferenceMinimum g = DifferenceMinimum::of(r, s, d, true); // the greatest
        QCOMPARE(static_cast<int>(m.kind()), kind);
        if (m.kind() != DifferenceMinimum::Kind::Unknown) {
            for (const QByteArray &v : verdicts) {
                const QByteArrayList parts = v.split(':');
                std::vector<std::int64_t> diff;
                for (const QByteArray &c : parts.front().split(','))
                    diff.push_back(c.toLongLong());
                const bool expected = parts.back() == "1";
                QVERIFY2(m.violated(diff) == expected, v.constData());
                QCOMPARE(violatedByIsl(r, s, d, diff), expected);
            }
            // Every difference in a window around the minimum, against isl.
            const auto dims = static_cast<std::size_t>(s.size());
            for (int a = -12; a <= 12; ++a)
                for (int b = -6; b <= 6; ++b) {
                    std::vector<std::int64_t> diff{a};
                    if (dims == 2)
                        diff.push_back(b);
                    else if (b != 0)
                        continue;
                    QVERIFY2(m.violated(diff) == violatedByIsl(r, s, d, diff),
                             qPrintable(QStringLiteral("%1,%2").arg(a).arg(b)));
                    if (m.kind() == DifferenceMinimum::Kind::Point)
                        QVERIFY2(g.violated(diff) == everyPairByIsl(r, s, d, diff),
                                 qPrintable(QStringLiteral("every pair, %1,%2").arg(a).arg(b)));
                    // The violated pairs piece by piece: disjoint, together isl's.
                    if (m.kind() == DifferenceMinimum::Kind::Point && m.violated(diff)) {
                        const std::vector<isl::set> pieces = m.violatingPieces(r, s, d, diff);
                        isl::set all = isl::set::empty(r.wrap().space());
                        for (std::size_t x = 0; x < pieces.size(); ++x) {
                            for (std::size_t y = x + 1; y < pieces.size(); ++y)
                                QVERIFY(pieces[x].intersect(pieces[y]).is_empty());
                            all = all.unite(pieces[x]);
                        }
                        QVERIFY2(all.is_equal(violatingByIsl(r, s, d, diff).wrap()),
                                 qPrintable(QStringLiteral("pieces, %1,%2").arg(a).arg(b)));
                    }
                }
        }
    }
}

QTEST_GUILESS_MAIN(tst_DifferenceMinimum)
#include "tst_differenceminimum.moc"
