// SPDX-License-Identifier: MIT
// The translation of expressions to isl, kind by kind: isl's value of the
// translated pw_aff at a point equals the hand-pinned value (floor versus
// ceiling, negative and positive numerators), and equals the integer
// semantics (tst_expr pins those by hand) on random trees; constraints
// become the sets they describe.
#include "core/expr/ExprParser.h"
#include "core/isl/ExprToIsl.h"
#include "core/isl/IslContext.h"

#include <isl/point.h>
#include <isl/space.h>

#include <QtTest>

#include <random>

using namespace se;

namespace {

// [N] -> { [i, j] }, dimensions named so that `i` and `j` resolve to them.
isl::space space(isl::ctx ctx)
{
    isl::space s(ctx, "[N] -> { [i, j] }");
    return isl::manage(
        isl_space_set_dim_name(isl_space_set_dim_name(s.release(), isl_dim_set, 0, "i"), isl_dim_set, 1, "j"));
}

isl::point point(const isl::space &sp, std::int64_t n, std::int64_t i, std::int64_t j)
{
    isl_point *p = isl_point_zero(sp.copy());
    isl_ctx *c = sp.ctx().get();
    p = isl_point_set_coordinate_val(p, isl_dim_param, 0, isl_val_int_from_si(c, n));
    p = isl_point_set_coordinate_val(p, isl_dim_set, 0, isl_val_int_from_si(c, i));
    p = isl_point_set_coordinate_val(p, isl_dim_set, 1, isl_val_int_from_si(c, j));
    return isl::manage(p);
}

std::int64_t islValue(const isl::pw_aff &pa, const isl::point &p)
{
    const isl::val v = pa.eval(p);
    return static_cast<std::int64_t>(v.get_num_si());
}

ExprPtr randomExpr(std::mt19937 &rng, int depth)
{
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int kind = depth <= 0 ? pick(0, 1) : pick(0, 7);
    switch (kind) {
    case 0: return Expr::constant(pick(-5, 5));
    case 1: {
        const int v = pick(0, 2);
        return Expr::variable(v == 0 ? "i" : v == 1 ? "j" : "N");
    }
    case 2: {
        std::vector<SumTerm> terms;
        for (int k = pick(1, 3); k > 0; --k)
            terms.push_back({pick(-3, 3), randomExpr(rng, depth - 1)});
        return Expr::sum(std::move(terms), pick(-4, 4));
    }
    case 3: return Expr::mult(pick(-3, 3), randomExpr(rng, depth - 1));
    default: {
        static const ExprKind kinds[] = {ExprKind::FloorDiv, ExprKind::Modulo, ExprKind::CeilDiv, ExprKind::CeilMod};
        return Expr::division(kinds[kind - 4], randomExpr(rng, depth - 1), pick(1, 5));
    }
    }
}

} // namespace

class tst_ExprToIsl : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pinned_data();
    void pinned();
    void randomTrees();
    void constraints_data();
    void constraints();
};

void tst_ExprToIsl::pinned_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("i");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("FloorDiv(7, 4)") << "i // 4" << 7 << qint64(1);
    QTest::newRow("Modulo(7, 4)") << "i % 4" << 7 << qint64(3);
    QTest::newRow("CCDiv(7, 4)") << "cc_div(i, 4)" << 7 << qint64(2);
    QTest::newRow("CCMod(7, 4)") << "cc_mod(i, 4)" << 7 << qint64(-1);
    QTest::newRow("FloorDiv(-7, 4)") << "i // 4" << -7 << qint64(-2);
    QTest::newRow("Modulo(-7, 4)") << "i % 4" << -7 << qint64(1);
    QTest::newRow("CCDiv(-7, 4)") << "cc_div(i, 4)" << -7 << qint64(-1);
    QTest::newRow("CCMod(-7, 4)") << "cc_mod(i, 4)" << -7 << qint64(-3);
    QTest::newRow("CCMod(8, 4)") << "cc_mod(i, 4)" << 8 << qint64(0);
    QTest::newRow("CCDiv(-8, 4)") << "cc_div(i, 4)" << -8 << qint64(-2);
    QTest::newRow("Mult and Sum") << "3*i - 2*j + N + 1" << 5 << qint64(15 - 4 + 10 + 1); // j = 2, N = 10
    QTest::newRow("nested") << "cc_div(i // 2 - 3, 4)" << -5 << qint64(-1); // (-3 - 3) / 4 = -1.5 -> -1
    QTest::newRow("rank") << "rank(0, 1) + i" << 2 << qint64(9); // rank_0_1 = 7
}

void tst_ExprToIsl::pinned()
{
    QFETCH(QString, text);
    QFETCH(int, i);
    QFETCH(qint64, expected);
    IslContext ctx;
    // A rank parameter appears as an extra parameter of the space.
    isl::space sp = space(ctx.ctx());
    const ExprPtr e = ExprParser::parse(text.toStdString());
    if (text.contains(QLatin1String("rank"))) {
        sp = isl::manage(isl_space_add_dims(sp.release(), isl_dim_param, 1));
        sp = isl::manage(isl_space_set_dim_name(sp.release(), isl_dim_param, 1, "rank_0_1"));
    }
    const isl::pw_aff pa = ExprToIsl(sp).convert(e);
    isl::point p = point(sp, 10, i, 2);
    if (text.contains(QLatin1String("rank")))
        p = isl::manage(isl_point_set_coordinate_val(p.release(), isl_dim_param, 1, isl_val_int_from_si(ctx.get(), 7)));
    QCOMPARE(islValue(pa, p), expected);
}

void tst_ExprToIsl::randomTrees()
{
    IslContext ctx;
    const isl::space sp = space(ctx.ctx());
    const ExprToIsl conv(sp);
    std::mt19937 rng(7);
    for (int n = 0; n < 150; ++n) {
        const ExprPtr e = randomExpr(rng, 3);
        const isl::pw_aff pa = conv.convert(e);
        for (int i = -7; i <= 7; i += 2)
            for (int j = -4; j <= 4; j += 4)
                for (int big : {3, -2}) {
                    const std::int64_t want = e->evaluate([&](const std::string &name) -> std::int64_t {
                        return name == "i" ? i : name == "j" ? j : big;
                    });
                    const std::int64_t got = islValue(pa, point(sp, big, i, j));
                    if (got != want)
                        QFAIL((e->str() + " at i = " + std::to_string(i) + ", j = " + std::to_string(j)
                               + ", N = " + std::to_string(big) + ": isl " + std::to_string(got) + ", expected "
                               + std::to_string(want))
                                  .c_str());
                }
    }
}

void tst_ExprToIsl::constraints_data()
{
    QTest::addColumn<QString>("constraint");
    QTest::addColumn<QString>("set");
    QTest::newRow(">=") << "i >= 1"
                        << "[N] -> { [i, j] : i >= 1 }";
    QTest::newRow("<= with N") << "2i + j <= N"
                               << "[N] -> { [i, j] : 2i + j <= N }";
    QTest::newRow("> strict") << "i > j"
                              << "[N] -> { [i, j] : i >= j + 1 }";
    QTest::newRow("< strict") << "i < N - 1"
                              << "[N] -> { [i, j] : i <= N - 2 }";
    QTest::newRow("== with mod") << "i % 3 == 1"
                                 << "[N] -> { [i, j] : exists (e : i = 3e + 1) }";
    QTest::newRow("ceil") << "cc_div(i, 4) == 1"
                          << "[N] -> { [i, j] : 1 <= i <= 4 }";
    QTest::newRow("ceil mod") << "cc_mod(i, 4) == 0"
                              << "[N] -> { [i, j] : exists (e : i = 4e) }";
    QTest::newRow("floor of negative") << "i // 4 == -1"
                                       << "[N] -> { [i, j] : -4 <= i <= -1 }";
}

void tst_ExprToIsl::constraints()
{
    QFETCH(QString, constraint);
    QFETCH(QString, set);
    IslContext ctx;
    const isl::set got = ExprToIsl(space(ctx.ctx())).constraint(ExprParser::parseConstraint(constraint.toStdString()));
    QVERIFY(got.is_equal(isl::set(ctx.ctx(), set.toStdString())));
}

QTEST_GUILESS_MAIN(tst_ExprToIsl)
#include "tst_exprtoisl.moc"
