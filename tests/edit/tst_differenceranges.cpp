// SPDX-License-Identifier: MIT
// DifferenceRanges: the least and greatest time difference dst(b) - src(a)
// over an edge shape's pairs, worked by hand per row and asked of isl
// directly too. Tile members, floor(e / s), on both sides take the short
// way where e's difference is one multiple of s on every pair; the rows
// cover both ways and the forms the short way must refuse.
#include "core/flags/DifferenceRanges.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"

#include <QtTest>

using namespace se;

class tst_DifferenceRanges : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void difference_data();
    void difference();
    void sharedKeysKeepTheirRanges();
};

namespace {

QString q(const char *s)
{
    return QString::fromUtf8(s);
}

// "3" -> 3, "-" -> none
std::optional<long> bound(const QString &text)
{
    return text == QLatin1String("-") ? std::nullopt : std::optional<long>(text.toLong());
}

std::optional<long> direct(const isl::val &v)
{
    return v.is_int() ? std::optional<long>(v.get_num_si()) : std::nullopt;
}

} // namespace

void tst_DifferenceRanges::difference_data()
{
    QTest::addColumn<QString>("shape"); // { [a] -> [b] }
    QTest::addColumn<QString>("src"); // { [a] -> [t] }
    QTest::addColumn<QString>("dst"); // { [b] -> [t] }
    QTest::addColumn<QString>("lo");
    QTest::addColumn<QString>("hi");
    const QString tile4 = q("{ [i] -> [(floor((i)/4))] }");
    QTest::newRow("tiles, same point") << q("{ [i] -> [o] : o = i and 0 <= i < 20 }") << tile4 << tile4 << q("0")
                                       << q("0");
    QTest::newRow("tiles, one tile on") << q("{ [i] -> [o] : o = i + 4 and 0 <= i < 20 }") << tile4 << tile4 << q("1")
                                        << q("1");
    QTest::newRow("tiles, two tiles back")
        << q("{ [i] -> [o] : o = i - 8 and 8 <= i < 20 }") << tile4 << tile4 << q("-2") << q("-2");
    QTest::newRow("tiles, one point on") << q("{ [i] -> [o] : o = i + 1 and 0 <= i < 20 }") << tile4 << tile4 << q("0")
                                         << q("1");
    QTest::newRow("tiles, one point on, one tile")
        << q("{ [i] -> [o] : o = i + 1 and 0 <= i < 3 }") << tile4 << tile4 << q("0") << q("0");
    QTest::newRow("tiles of 4 and 2") << q("{ [i] -> [o] : o = i and 0 <= i < 8 }") << tile4
                                      << q("{ [i] -> [(floor((i)/2))] }") << q("0") << q("2");
    QTest::newRow("tiles with constants")
        << q("{ [i] -> [o] : o = i and 0 <= i < 20 }") << q("{ [i] -> [(floor((i + 6)/4))] }")
        << q("{ [i] -> [(3 + floor((i + 2)/4))] }") << q("2") << q("2");
    QTest::newRow("tiles of 2i") << q("{ [i] -> [o] : o = i + 2 and 0 <= i < 20 }") << q("{ [i] -> [(floor((2i)/4))] }")
                                 << q("{ [i] -> [(floor((2i)/4))] }") << q("1") << q("1");
    QTest::newRow("tiles, parametric") << q("[n] -> { [i] -> [o] : o = i + 4 and 0 <= i < n }") << tile4 << tile4
                                       << q("1") << q("1");
    QTest::newRow("tile of a tile") << q("{ [i] -> [o] : o = i + 4 and 0 <= i < 40 }")
                                    << q("{ [i] -> [(floor((floor((i)/4))/2))] }")
                                    << q("{ [i] -> [(floor((floor((i)/4))/2))] }") << q("0") << q("1");
    QTest::newRow("two tiles summed") << q("{ [i] -> [o] : o = i and 0 <= i < 20 }")
                                      << q("{ [i] -> [(floor((i)/4) + floor((i)/2))] }") << tile4 << q("-9") << q("0");
    QTest::newRow("tiles, a constant at the 64-bit limit")
        << q("{ [i] -> [o] : o = i and 0 <= i < 20 }") << q("{ [i] -> [(-9223372036854775808 + floor((i)/4))] }")
        << tile4 << q("-") << q("-");
    QTest::newRow("points") << q("{ [i] -> [o] : o = i + 3 and 0 <= i < 20 }") << q("{ [i] -> [(i)] }")
                            << q("{ [i] -> [(i)] }") << q("3") << q("3");
    QTest::newRow("no pairs") << q("{ [i] -> [o] : o = i and 0 <= i < 0 }") << tile4 << tile4 << q("-") << q("-");
    // Constants (stage positions): their difference, without isl's
    // programme, but only where the shape has pairs.
    QTest::newRow("constants") << q("{ [i] -> [o] : o = i + 3 and 0 <= i < 20 }") << q("{ [i] -> [(24)] }")
                               << q("{ [i] -> [(27)] }") << q("3") << q("3");
    QTest::newRow("constants, no pairs") << q("{ [i] -> [o] : o = i and 0 <= i < 0 }") << q("{ [i] -> [(24)] }")
                                         << q("{ [i] -> [(27)] }") << q("-") << q("-");
    QTest::newRow("constants at the 64-bit limit")
        << q("{ [i] -> [o] : o = i and 0 <= i < 20 }") << q("{ [i] -> [(-9223372036854775808)] }")
        << q("{ [i] -> [(9223372036854775807)] }") << q("-") << q("-");
    QTest::newRow("unbounded") << q("{ [i] -> [o] : o >= i >= 0 }") << tile4 << tile4 << q("0") << q("-");
    const QString rows = q("{ [i, j] -> [o, p] : p = j and 0 <= i < 8 and 0 <= o < 8 and 0 <= j < 8 }");
    QTest::newRow("2-D, tile rows free") << rows << q("{ [i, j] -> [(floor((i)/4))] }")
                                         << q("{ [i, j] -> [(floor((i)/4))] }") << q("-1") << q("1");
    QTest::newRow("2-D, tile columns equal")
        << rows << q("{ [i, j] -> [(floor((j)/4))] }") << q("{ [i, j] -> [(floor((j)/4))] }") << q("0") << q("0");
    QTest::newRow("2-D, tile of i + j") << q("{ [i, j] -> [o, p] : o = i + 1 and p = j - 1 and 0 <= i, j < 8 }")
                                        << q("{ [i, j] -> [(floor((i + j)/4))] }")
                                        << q("{ [i, j] -> [(floor((i + j)/4))] }") << q("0") << q("0");
}

void tst_DifferenceRanges::difference()
{
    QFETCH(QString, shape);
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(QString, lo);
    QFETCH(QString, hi);
    IslContext c;
    const isl::map pairs(c.ctx(), shape.toStdString());
    const isl::aff a(c.ctx(), src.toStdString()), b(c.ctx(), dst.toStdString());
    DifferenceRanges ranges;
    const auto r = ranges.difference(0, pairs, a, b);
    QCOMPARE(r.lo, bound(lo));
    QCOMPARE(r.hi, bound(hi));
    // isl, asked directly, agrees where there is a bound.
    const isl::aff d = islutil::pairDifference(pairs, isl::multi_aff(a), isl::multi_aff(b)).at(0);
    if (r.lo)
        QCOMPARE(direct(pairs.wrap().min_val(d)), r.lo);
    if (r.hi)
        QCOMPARE(direct(pairs.wrap().max_val(d)), r.hi);
    // Asked again: the kept range.
    const auto again = ranges.difference(0, pairs, a, b);
    QCOMPARE(again.lo, r.lo);
    QCOMPARE(again.hi, r.hi);
}

// The short way keeps the numerators' range under the numerators' own texts:
// a point band's member with the same text, asked later, finds it unchanged.
void tst_DifferenceRanges::sharedKeysKeepTheirRanges()
{
    IslContext c;
    const isl::map pairs(c.ctx(), "{ [i] -> [o] : o = i + 4 and 0 <= i < 20 }");
    const isl::aff tile(c.ctx(), "{ [i] -> [(floor((i)/4))] }"), point(c.ctx(), "{ [i] -> [(i)] }");
    DifferenceRanges ranges;
    QCOMPARE(ranges.difference(0, pairs, tile, tile).lo, std::optional<long>(1));
    const auto r = ranges.difference(0, pairs, point, point);
    QCOMPARE(r.lo, std::optional<long>(4));
    QCOMPARE(r.hi, std::optional<long>(4));
    // Another shape id, another store entry: nothing of shape 0 is taken.
    const isl::map other(c.ctx(), "{ [i] -> [o] : o = i and 0 <= i < 20 }");
    QCOMPARE(ranges.difference(1, other, tile, tile).hi, std::optional<long>(0));
}

QTEST_GUILESS_MAIN(tst_DifferenceRanges)
#include "tst_differenceranges.moc"
