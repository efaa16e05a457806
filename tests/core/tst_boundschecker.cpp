// SPDX-License-Identifier: MIT
// Static bounds checks of small kernels: the flagged accesses, their first
// offending instance and element with every parameter fixed (expected
// values from the brute-force reference, conformance/tools/bounds.py), and
// the parameter values where it happens in isl notation when they are free.
#include "../codegen/ParamText.h"
#include "core/analysis/BoundsChecker.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/model/KernelLoader.h"

#include <isl/map.h>

#include <QtTest>

using namespace se;

namespace {

// tests/data/kernels/model_<name>.json
KernelPtr kernel(const QString &name)
{
    return KernelLoader::loadFile(std::string(SE_SOURCE_DIR) + "/tests/data/kernels/model_" + name.toStdString()
                                  + ".json");
}

QString vec(const std::vector<Integer> &v)
{
    QStringList out;
    for (const auto &x : v)
        out << QString::fromStdString(x.text());
    return QLatin1Char('[') + out.join(QLatin1String(", ")) + QLatin1Char(']');
}

} // namespace

class tst_BoundsChecker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fixed_data();
    void fixed();
    void symbolic_data();
    void symbolic();
    void messages();
};

void tst_BoundsChecker::fixed_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    // path access tensor dim instance index, as bounds.py gives them
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("predicates guard the access") << "predicates"
                                                 << "N=6" << QStringList();
    QTest::newRow("strided loop in shape") << "stride"
                                           << "N=9" << QStringList();
    QTest::newRow("max/min bounds in shape") << "bounds"
                                             << "N=12,M=6" << QStringList();
    QTest::newRow("aliased tensors in their own shapes") << "alloc"
                                                         << "" << QStringList();
    // A[i - 1] leaves at i = 0, A[j + 1] at j = N - 1, T[k] (shape 4, placed
    // at SB[k + 4]: checked before the remapping) at k = 4.
    QTest::newRow("N = 8") << "shape"
                           << "N=8"
                           << QStringList{QStringLiteral("body[0].body[0].reads[0] read A 0 [0] [-1]"),
                                          QStringLiteral("body[1].body[0].writes[0] write A 0 [7] [8]"),
                                          QStringLiteral("body[2].body[0].writes[0] write T 0 [4] [4]")};
    // Ceiling division and modulo in the index.
    QTest::newRow("ceiling forms") << "ceil"
                                   << ""
                                   << QStringList{QStringLiteral("body[0].body[0].writes[0] write A 0 [-8] [-2]"),
                                                  QStringLiteral("body[0].body[0].reads[1] read A 0 [-8] [-2]")};
}

void tst_BoundsChecker::fixed()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QStringList, expected);
    IslContext ctx;
    const PolyhedralModel m(ctx, ::kernel(kernel), se::test::paramValues(fixed));
    std::vector<std::string> stopped;
    QStringList got;
    for (const BoundsReport &b : BoundsChecker::check(m, &stopped))
        got << QString::fromStdString(b.path) + QLatin1Char(' ') + QLatin1String(b.write ? "write" : "read")
                + QLatin1Char(' ') + QString::fromStdString(b.tensor) + QLatin1Char(' ') + QString::number(b.dim)
                + QLatin1Char(' ') + vec(b.instance) + QLatin1Char(' ') + vec(b.index);
    QCOMPARE(got, expected);
    QVERIFY(stopped.empty());
}

void tst_BoundsChecker::symbolic_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<int>("entry");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("params"); // where some instance leaves, within the context
    QTest::newRow("A[i - 1]: always") << "shape" << 0 << "body[0].body[0].reads[0]"
                                      << "[N] -> { : N >= 2 }";
    QTest::newRow("A[j + 1]: always") << "shape" << 1 << "body[1].body[0].writes[0]"
                                      << "[N] -> { : N >= 2 }";
    QTest::newRow("T[k]: shape 4, k < 5") << "shape" << 2 << "body[2].body[0].writes[0]"
                                          << "[N] -> { : N >= 2 }";
}

void tst_BoundsChecker::symbolic()
{
    QFETCH(QString, kernel);
    QFETCH(int, entry);
    QFETCH(QString, path);
    QFETCH(QString, params);
    IslContext ctx;
    const PolyhedralModel m(ctx, ::kernel(kernel));
    const auto all = BoundsChecker::check(m);
    QVERIFY(entry < int(all.size()));
    const BoundsReport &b = all[std::size_t(entry)];
    QCOMPARE(QString::fromStdString(b.path), path);
    QVERIFY2(isl::set(ctx.ctx(), b.params).is_equal(isl::set(ctx.ctx(), params.toStdString())), b.params.c_str());
    // The witness is real: the access at that instance, with those
    // parameter values, touches that element, which is outside the shape.
    const auto access =
        std::find_if(m.accesses().begin(), m.accesses().end(), [&](const AccessModel &a) { return a.path == b.path; });
    QVERIFY(access != m.accesses().end());
    QStringList names;
    QString point;
    for (const auto &[n, v] : b.witnessParams) {
        names << QString::fromStdString(n);
        point += QString::fromStdString(n) + QLatin1String(" = ") + QString::number(v) + QLatin1String(" and ");
    }
    const QString text = QLatin1Char('[') + names.join(QLatin1String(", ")) + QLatin1String("] -> { ")
        + QString::fromStdString(b.statement) + vec(b.instance) + QLatin1String(" -> ")
        + QString::fromStdString(b.tensor) + vec(b.index) + QLatin1String(" : ") + point + QLatin1String("1 = 1 }");
    const isl::map pair(ctx.ctx(), text.toStdString());
    QVERIFY2(pair.is_subset(access->tensorRelation), qPrintable(text));
    const std::int64_t n = b.witnessParams.front().second;
    const std::int64_t extent = b.tensor == "T" ? 4 : n;
    const auto at = b.index[b.dim].toInt64();
    QVERIFY(at && (*at < 0 || *at >= extent));
}

void tst_BoundsChecker::messages()
{
    IslContext ctx;
    const PolyhedralModel fixed(ctx, kernel(QStringLiteral("shape")), {{"N", 8}});
    QCOMPARE(BoundsChecker::check(fixed).front().message,
             std::string("s0 reads A outside its shape [N]: s0[0] reads A[-1] (with N = 8)"));
    // Free parameters: when it happens, beyond the context (here: always).
    const PolyhedralModel free(ctx, kernel(QStringLiteral("shape")));
    const std::string m = BoundsChecker::check(free).front().message;
    QVERIFY2(m.rfind("s0 reads A outside its shape [N] for every parameter value: s0[0] reads A[-1] (with N = ", 0)
                 == 0,
             m.c_str());
}

QTEST_GUILESS_MAIN(tst_BoundsChecker)
#include "tst_boundschecker.moc"
