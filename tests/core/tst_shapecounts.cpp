// SPDX-License-Identifier: MIT
// ShapeCounts: the violating pairs of an edge broken whole take its shape's
// count; one broken in part is counted once per set, names aside. Every
// count is checked against the pairs enumerated one by one (isl's
// foreach_point on the fixed parameters), never against the counter.
#include "core/legality/ShapeCounts.h"
#include "../edit/EditTestUtil.h" // analyzer(): the kernel with its parameters fixed

#include <isl/map.h>
#include <isl/set.h>

#include <QtTest>

using namespace se;

namespace {

// The pairs of `m`, one by one.
std::int64_t enumerated(const isl::map &m)
{
    std::int64_t n = 0;
    const isl::set pairs = m.wrap().project_out_all_params();
    pairs.foreach_point([&](const isl::point &) { ++n; });
    return n;
}

} // namespace

class tst_ShapeCounts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsMatchEnumeration_data();
    void countsMatchEnumeration();
};

void tst_ShapeCounts::countsMatchEnumeration_data()
{
    QTest::addColumn<QString>("part"); // intersected with the RAW s0 -> s1 edge; empty: all of it
    QTest::addColumn<bool>("renamed"); // the same pairs counted again under other statement names first
    QTest::newRow("whole edge") << QString() << false;
    QTest::newRow("pairs with i' < 5") << QStringLiteral("{ s0[t, i] -> s1[t2, i2] : i2 < 5 }") << false;
    QTest::newRow("the same, renamed first") << QStringLiteral("{ s0[t, i] -> s1[t2, i2] : i2 < 5 }") << true;
    QTest::newRow("pairs with i' < 7, renamed first") << QStringLiteral("{ s0[t, i] -> s1[t2, i2] : i2 < 7 }") << true;
    QTest::newRow("first step only") << QStringLiteral("{ s0[t, i] -> s1[t2, i2] : t = 0 }") << false;
}

void tst_ShapeCounts::countsMatchEnumeration()
{
    QFETCH(QString, part);
    QFETCH(bool, renamed);
    // jacobi_1d with T = 4, N = 10: s0[t, i] writes B[i], s1[t, i] reads it
    // (the RAW pairs s0[t, i] -> s1[t, i], 1 <= i <= 8).
    auto a = se::test::analyzer(QStringLiteral("jacobi_1d"));
    const auto &deps = a->dependences(DepMode::May);
    const Dependence *raw = nullptr;
    for (const auto &d : deps)
        if (d.type == DepType::RAW && a->model().statements()[d.src].name == "s0")
            raw = &d;
    QVERIFY(raw);
    const isl::map pairs =
        part.isEmpty() ? raw->relation() : raw->relation().intersect(isl::map(a->context().ctx(), part.toStdString()));
    const std::int64_t expected = enumerated(pairs);
    QVERIFY(expected > 0);
    ShapeCounts counts;
    if (renamed) {
        // raw isl: renaming a tuple (not in cpp.h 0.25)
        const isl::map other = isl::manage(
            isl_map_set_tuple_name(isl_map_set_tuple_name(pairs.copy(), isl_dim_in, "s1"), isl_dim_out, "s0"));
        QCOMPARE(counts.count(a->model(), *raw, other), std::optional<std::int64_t>(expected));
        // A set that differs by a constant, counted before: its count is its own.
        const isl::map fewer = pairs.intersect(isl::map(a->context().ctx(), "{ s0[t, i] -> s1[t2, i2] : i2 < 4 }"));
        QVERIFY(enumerated(fewer) < expected);
        QCOMPARE(counts.count(a->model(), *raw, fewer), std::optional<std::int64_t>(enumerated(fewer)));
    }
    QCOMPARE(counts.count(a->model(), *raw, pairs), std::optional<std::int64_t>(expected));
    QCOMPARE(counts.count(a->model(), *raw, pairs), std::optional<std::int64_t>(expected)); // from the memo
}

QTEST_GUILESS_MAIN(tst_ShapeCounts)
#include "tst_shapecounts.moc"
