// SPDX-License-Identifier: MIT
// GroupExpansion puts a group's statements back in place of each group
// call, as isl's expansion node would: on trees grouped by
// StatementGrouping, the nest with the expansion cut and the statements put
// back by us is isl's nest of the grouped tree, character for character,
// and runs every instance once (AstCoverage). Where isl would nest a guard
// in an else-branch, which cannot be made outside isl, the expansion
// declines.
#include "core/codegen/AstCoverage.h"
#include "core/codegen/GroupExpansion.h"
#include "core/codegen/StatementGrouping.h"
#include "core/isl/IslContext.h"

#include <isl/options.h>

#include <QRandomGenerator>
#include <QtTest>

using namespace se;

class tst_GroupExpansion : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void asIslDoes_data();
    void asIslDoes();
    void randomGuards();
};

namespace {

// Statements X0[i, j] ... over `domains` (isl constraints on i, j, N), in
// that order below one band [i, j].
QString tree(const QStringList &domains)
{
    QStringList dom, rows, cols, filters;
    for (int k = 0; k < domains.size(); ++k) {
        const QString s = QStringLiteral("X%1[i, j]").arg(k);
        dom << QStringLiteral("%1 : 0 <= i < N and 0 <= j < N and %2").arg(s, domains[k]);
        rows << s + QStringLiteral(" -> [(i)]");
        cols << s + QStringLiteral(" -> [(j)]");
        filters << QStringLiteral("{ filter: \"{ %1 }\" }").arg(s);
    }
    const QString sep = QStringLiteral("; ");
    return QStringLiteral("{ domain: \"[N] -> { %1 }\", child: { schedule: \"[N] -> [{ %2 }, { %3 }]\", "
                          "child: { sequence: [ %4 ] } } }")
        .arg(dom.join(sep), rows.join(sep), cols.join(sep), filters.join(QStringLiteral(", ")));
}

struct Outcome {
    bool grouped = false; // StatementGrouping made a group (its statements share points)
    bool declined = false;
    QString ours, isls;
    bool covers = false, islCovers = false;
};

Outcome compare(const QString &text, bool allowOr)
{
    IslContext context;
    isl_ctx *raw = context.get();
    isl_options_set_ast_build_allow_or(raw, allowOr ? 1 : 0);
    isl_options_set_ast_build_detect_min_max(raw, 1);
    isl_options_set_ast_build_atomic_upper_bound(raw, 1);
    isl::ctx ctx(raw);
    const isl::schedule s(ctx, text.toStdString());
    const isl::schedule grouped = StatementGrouping::apply(s, 2);
    Outcome o;
    AstCoverage islCoverage;
    const isl::ast_node isls = islCoverage.watching(isl::ast_build(ctx)).node_from(grouped);
    o.isls = QString::fromStdString(isls.to_C_str());
    o.islCovers = islCoverage.covers(isls, s.get_domain());
    if (!o.islCovers)
        context.noteIslLeak(); // isl loses the dropped statement's nodes (AstBuilder says the same)
    const GroupExpansion groups(grouped);
    o.grouped = groups.any();
    if (!o.grouped)
        return o;
    AstCoverage coverage;
    const isl::ast_node ours = coverage.watching(isl::ast_build(ctx), &groups).node_from(groups.tree());
    o.declined = coverage.declined();
    o.ours = QString::fromStdString(ours.to_C_str());
    o.covers = coverage.covers(ours, s.get_domain());
    return o;
}

} // namespace

void tst_GroupExpansion::asIslDoes_data()
{
    QTest::addColumn<QStringList>("domains");
    QTest::addColumn<bool>("allowOr");
    QTest::addColumn<bool>("declined");
    const QString all = QStringLiteral("i >= 0");
    QTest::newRow("every statement everywhere") << QStringList{all, all, all} << false << false;
    QTest::newRow("guards of their own") << QStringList{all, QStringLiteral("i >= 1"), QStringLiteral("j <= N - 2"),
                                                        QStringLiteral("i >= 1 and j >= 1")}
                                         << false << false;
    QTest::newRow("a guard within the one before: nested")
        << QStringList{QStringLiteral("i >= 1"), QStringLiteral("i >= 1 and j >= 1"), QStringLiteral("i >= 2")} << false
        << false;
    QTest::newRow("nested twice, then out")
        << QStringList{QStringLiteral("i >= 1"), QStringLiteral("i >= 1 and j >= 1"),
                       QStringLiteral("i >= 1 and j >= 2"), QStringLiteral("j <= N - 2"), all}
        << false << false;
    QTest::newRow("a disjunction: one if per part")
        << QStringList{all, QStringLiteral("(i < j or i > j)"), all} << false << false;
    QTest::newRow("a disjunction with or allowed")
        << QStringList{all, QStringLiteral("(i < j or i > j)"), all} << true << false;
    QTest::newRow("equal names aside: one call renamed")
        << QStringList{QStringLiteral("i >= 1"), QStringLiteral("i >= 1"), QStringLiteral("i >= 1"), all} << false
        << false;
}

void tst_GroupExpansion::asIslDoes()
{
    QFETCH(QStringList, domains);
    QFETCH(bool, allowOr);
    QFETCH(bool, declined);
    const Outcome o = compare(tree(domains), allowOr);
    QVERIFY(o.grouped);
    QCOMPARE(o.declined, declined);
    if (declined)
        return;
    QVERIFY(o.islCovers);
    QCOMPARE(o.ours, o.isls);
    QVERIFY(o.covers);
}

// Random guards from a pool (bounds, diagonals, strides, disjunctions) in
// random orders: every expansion not declined prints isl's nest.
void tst_GroupExpansion::randomGuards()
{
    const QStringList pool{QStringLiteral("i >= 0"),
                           QStringLiteral("i >= 1"),
                           QStringLiteral("j >= 1"),
                           QStringLiteral("i <= N - 2"),
                           QStringLiteral("j <= N - 2"),
                           QStringLiteral("i <= j"),
                           QStringLiteral("j <= i + 1"),
                           QStringLiteral("i >= 1 and j >= 1"),
                           QStringLiteral("j mod 2 = 0"),
                           QStringLiteral("(i < j or i > j)"),
                           QStringLiteral("i >= 1 and j <= N - 2"),
                           QStringLiteral("i = 0")};
    QRandomGenerator rng(1207);
    int expanded = 0, declined = 0, islDrops = 0;
    for (int round = 0; round < 150; ++round) {
        QStringList domains;
        const int n = 3 + static_cast<int>(rng.bounded(4));
        for (int k = 0; k < n; ++k)
            domains << pool[static_cast<int>(rng.bounded(pool.size()))];
        const bool allowOr = rng.bounded(2) == 1;
        const Outcome o = compare(tree(domains), allowOr);
        if (!o.grouped)
            continue;
        if (o.declined) {
            ++declined;
            continue;
        }
        QVERIFY(o.covers);
        if (!o.islCovers) {
            ++islDrops; // isl's own nest drops a statement (AstCoverage); ours runs them all
            continue;
        }
        ++expanded;
        QVERIFY2(o.ours == o.isls,
                 qPrintable(domains.join(QStringLiteral(" | ")) + QStringLiteral("\nours:\n") + o.ours
                            + QStringLiteral("\nisl:\n") + o.isls));
        QVERIFY(o.covers);
    }
    qInfo("%d expanded as isl does, %d where isl's own nest drops a statement, %d declined", expanded, islDrops,
          declined);
    QVERIFY(expanded > 50);
}

QTEST_MAIN(tst_GroupExpansion)
#include "tst_groupexpansion.moc"
