// SPDX-License-Identifier: MIT
// FixedParams takes the parameters the context fixes out of a tree for
// isl's AST generator: their values go into the domain and filters, the
// context loses them, and isl's nest of the result is the nest of the tree
// as given, line for line. A band that uses one keeps the tree whole.
#include "core/codegen/FixedParams.h"
#include "core/isl/IslUtil.h"

#include <isl/ast_build.h>
#include <isl/id.h>

#include <QtTest>

using namespace se;

class tst_FixedParams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void drops_data();
    void drops();
};

namespace {

const char *twoStatements = "{ domain: \"[N] -> { A[i] : 0 <= i < N; B[i] : 0 < i < N }\", child: %1 }";

QString tree(const char *domain, const QString &child)
{
    return QString::fromLatin1(domain).arg(child);
}

const QString sequence = QStringLiteral(
    "{ sequence: [ { filter: \"{ A[i] }\", child: { schedule: \"[{ A[i] -> [(floor(i/4))] }, { A[i] -> [(i)] }]\" } }, "
    "{ filter: \"[N] -> { B[i] : i < N - 1 }\", child: { schedule: \"[{ B[i] -> [(i)] }]\" } } ] }");

// isl's nest of `s` over `context` in C, the loop at depth k named ck.
QString islNest(isl::ctx ctx, const isl::schedule &s, const isl::set &context)
{
    isl::id_list ids(ctx, 2);
    for (int k = 0; k < 2; ++k)
        ids = ids.add(isl::id(ctx, "c" + std::to_string(k)));
    isl::ast_build build = isl::ast_build::from_context(context);
    build = isl::manage(isl_ast_build_set_iterators(build.release(), ids.release())); // raw isl: no cpp.h setter
    return QString::fromStdString(build.node_from(s).to_C_str());
}

} // namespace

void tst_FixedParams::drops_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("domain"); // of the result, or "none" when the tree is kept
    QTest::addColumn<QString>("left"); // the context left
    QTest::newRow("a fixed parameter: out of the domain and a filter")
        << tree(twoStatements, sequence) << "[N] -> { : N = 6 }"
        << "{ A[i] : 0 <= i <= 5; B[i] : 1 <= i <= 5 }"
        << "{ : }";
    QTest::newRow("two parameters, one fixed")
        << QString::fromLatin1("{ domain: \"[N, M] -> { A[i] : 0 <= i < N; B[i] : M <= i < N }\", child: %1 }")
               .arg(sequence)
        << "[N, M] -> { : N = 6 and 0 <= M <= 3 }"
        << "[M] -> { A[i] : 0 <= i <= 5 and 0 <= M <= 3; B[i] : M <= i <= 5 and 0 <= M <= 3 }"
        << "[M] -> { : 0 <= M <= 3 }";
    QTest::newRow("fixed by the context only: the domain takes its value")
        << QStringLiteral("{ domain: \"[N] -> { A[i] : 0 <= i < N }\", child: { schedule: \"[{ A[i] -> [(i)] }]\" } }")
        << "[N] -> { : N = 3 }"
        << "{ A[i] : 0 <= i <= 2 }"
        << "{ : }";
    QTest::newRow("a parameter the tree does not name")
        << QStringLiteral("{ domain: \"{ A[i] : 0 <= i < 8 }\", child: { schedule: \"[{ A[i] -> [(-i)] }]\" } }")
        << "[N] -> { : N = 3 }"
        << "{ A[i] : 0 <= i < 8 }"
        << "{ : }";
    QTest::newRow("AST options keep their place")
        << tree(twoStatements,
                QStringLiteral("{ schedule: \"[{ A[i] -> [(i)]; B[i] -> [(i)] }]\", options: \"{ separate[x] }\" }"))
        << "[N] -> { : N = 6 }"
        << "{ A[i] : 0 <= i <= 5; B[i] : 1 <= i <= 5 }"
        << "{ : }";
    QTest::newRow("a band without members (isl's, not ours): kept")
        << tree(twoStatements, QStringLiteral("{ schedule: \"[N] -> ([] : { A[i]; B[i] })\" }")) << "[N] -> { : N = 6 }"
        << "none"
        << "";
    QTest::newRow("no parameter fixed") << tree(twoStatements, sequence) << "[N] -> { : N >= 2 }"
                                        << "none"
                                        << "";
    QTest::newRow("a band expression uses it")
        << tree(twoStatements, QStringLiteral("{ schedule: \"[N] -> [{ A[i] -> [(N - i)]; B[i] -> [(i)] }]\" }"))
        << "[N] -> { : N = 6 }"
        << "none"
        << "";
    QTest::newRow("a band piece's domain uses it")
        << tree(twoStatements,
                QStringLiteral("{ schedule: \"[N] -> [{ A[i] -> [(i)] : N > 3; A[i] -> [(-i)] : N <= 3; "
                               "B[i] -> [(i)] }]\" }"))
        << "[N] -> { : N = 6 }"
        << "none"
        << "";
}

void tst_FixedParams::drops()
{
    QFETCH(QString, tree);
    QFETCH(QString, context);
    QFETCH(QString, domain);
    QFETCH(QString, left);
    isl_ctx *raw = isl_ctx_alloc();
    {
        const isl::ctx ctx(raw);
        const isl::schedule s(ctx, tree.toStdString());
        const isl::set c(ctx, context.toStdString());
        const std::optional<FixedParams::Result> r = FixedParams::dropped(s, c);
        if (domain == QLatin1String("none")) {
            QVERIFY(!r);
        } else {
            QVERIFY(r);
            QVERIFY2(r->tree.get_domain().is_equal(isl::union_set(ctx, domain.toStdString())),
                     islutil::str(r->tree.get_domain()).c_str());
            QVERIFY2(r->context.is_equal(isl::set(ctx, left.toStdString())), islutil::str(r->context).c_str());
            QCOMPARE(islNest(ctx, r->tree, r->context), islNest(ctx, s, c));
        }
    }
    isl_ctx_free(raw);
}

QTEST_MAIN(tst_FixedParams)
#include "tst_fixedparams.moc"
