// SPDX-License-Identifier: MIT
// GroupedTree makes the tree isl_schedule_node_group makes, without it:
// trees in isl notation grouped at the given nodes (inner ones first, as
// StatementGrouping calls isl) both ways print the same, and their
// expansions and contractions are the same relations (their pieces are
// listed in another order). Where isl's grouping would change an ancestor only in part (a
// filter that is not whole statements, a second band), nothing is made.
#include "core/codegen/GroupedTree.h"
#include "core/codegen/PrefixForms.h"
#include "core/isl/IslContext.h"

#include <isl/id.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include "TreeText.h"

#include <QtTest>

using namespace se;

class tst_GroupedTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameAsIsl_data();
    void sameAsIsl();
};

namespace {

using Paths = QList<QList<int>>;

isl::schedule_node at(const isl::schedule &s, const QList<int> &path)
{
    isl::schedule_node n = s.root();
    for (int k : path)
        n = n.child(k);
    return n;
}

const char *Domain = "[N] -> { A[i, j] : 0 <= i < N and 0 <= j < N; B[i, j] : 0 < i < N and 0 <= j < N - 1; "
                     "C[i] : 0 <= i < N; D[i] : 0 <= i < N; E[i] : 0 <= i < 2N }";

QString tree(const QString &child)
{
    return QStringLiteral("{ domain: \"%1\", child: %2 }").arg(QLatin1String(Domain), child);
}

// A band over the sequence of `first` and `second` (statement lists).
QString bandOver(const QString &members, const QString &first, const QString &second)
{
    return QStringLiteral(
               "{ schedule: \"%1\", child: { sequence: [ { filter: \"{ %2 }\" }, { filter: \"{ %3 }\" } ] } }")
        .arg(members, first, second);
}

} // namespace

void tst_GroupedTree::sameAsIsl_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<Paths>("targets"); // outer first
    QTest::addColumn<bool>("made");
    const QString ab = bandOver(QStringLiteral("[{ A[i, j] -> [(i)]; B[i, j] -> [(i - 1)] }]"),
                                QStringLiteral("B[i, j]"), QStringLiteral("A[i, j]"));
    const QString cd = bandOver(QStringLiteral("[{ C[i] -> [(floor((i)/4))]; D[i] -> [(floor((i + 1)/4))] }, "
                                               "{ C[i] -> [(i)]; D[i] -> [(i + 1)] }]"),
                                QStringLiteral("C[i]"), QStringLiteral("D[i]"));
    QTest::newRow("one group below the domain")
        << QStringLiteral("{ domain: \"[N] -> { C[i] : 0 <= i < N; D[i] : 0 <= i < N }\", child: %1 }").arg(cd)
        << Paths{{0, 0}} << true;
    QTest::newRow("two groups under a sequence, a statement left alone")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j]; B[i, j] }\", child: %1 }, "
                               "{ filter: \"{ E[i] }\" }, { filter: \"{ C[i]; D[i] }\", child: %2 } ] }")
                    .arg(ab, cd))
        << Paths{{0, 0, 0, 0}, {0, 2, 0, 0}} << true;
    QTest::newRow("a set on the way, permutable coincident band")
        << tree(QStringLiteral("{ set: [ { filter: \"{ A[i, j]; B[i, j]; E[i] }\" }, { filter: \"{ C[i]; D[i] }\", "
                               "child: { schedule: \"[{ C[i] -> [(i)]; D[i] -> [(i)] }]\", permutable: 1, "
                               "coincident: [ 1 ], child: { set: [ { filter: \"{ D[i] }\" }, "
                               "{ filter: \"{ C[i] }\" } ] } } } ] }"))
        << Paths{{0, 1, 0, 0}} << true;
    QTest::newRow("nested sequences") << tree(
        QStringLiteral("{ sequence: [ { filter: \"{ E[i] }\" }, { filter: \"{ A[i, j]; B[i, j]; C[i]; "
                       "D[i] }\", child: { sequence: [ { filter: \"{ A[i, j]; B[i, j] }\", child: %1 }, "
                       "{ filter: \"{ C[i]; D[i] }\", child: %2 } ] } } ] }")
            .arg(ab, cd)) << Paths{{0, 1, 0, 0, 0, 0}, {0, 1, 0, 1, 0, 0}}
                                      << true;
    QTest::newRow("a named band") << QStringLiteral(
        "{ domain: \"[N] -> { C[i] : 0 <= i < N; D[i] : 0 <= i < N; E[i] : 0 <= i < N }\", child: { sequence: [ "
        "{ filter: \"{ E[i] }\" }, { filter: \"{ C[i]; D[i] }\", child: { schedule: \"L[{ C[i] -> [(i)]; "
        "D[i] -> [(i + 1)] }]\", child: { sequence: [ { filter: \"{ C[i] }\" }, { filter: \"{ D[i] }\" } ] } } } ] } }")
                                  << Paths{{0, 1, 0, 0}} << true;
    QTest::newRow("band pieces of statements that do not reach it") << QStringLiteral(
        "{ domain: \"[N] -> { A[i] : 0 <= i < N; C[i] : 0 <= i < N; D[i] : 0 <= i < N }\", child: { sequence: [ "
        "{ filter: \"{ A[i] }\" }, { filter: \"{ C[i]; D[i] }\", child: { schedule: \"[{ A[i] -> [(i)]; "
        "C[i] -> [(i)]; D[i] -> [(i + 1)] }]\", child: { sequence: [ { filter: \"{ C[i] }\" }, "
        "{ filter: \"{ D[i] }\" } ] } } } ] } }") << Paths{{0, 1, 0, 0}}
                                                                    << true;
    QTest::newRow("two groups in a set under one filter")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j]; B[i, j]; C[i]; D[i] }\", child: { set: [ "
                               "{ filter: \"{ C[i]; D[i] }\", child: %2 }, { filter: \"{ A[i, j]; B[i, j] }\", "
                               "child: %1 } ] } }, { filter: \"{ E[i] }\" } ] }")
                    .arg(ab, cd))
        << Paths{{0, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 0, 0}} << true;
    QTest::newRow("a mark on the way: isl's")
        << tree(QStringLiteral("{ mark: \"m\", child: { schedule: \"[{ A[i, j] -> [(i)]; B[i, j] -> [(i - 1)]; "
                               "C[i] -> [(i)]; D[i] -> [(i)]; E[i] -> [(i)] }]\", child: { sequence: [ "
                               "{ filter: \"{ A[i, j]; C[i] }\" }, { filter: \"{ B[i, j]; D[i]; E[i] }\" } ] } } }"))
        << Paths{{0, 0, 0}} << false;
    QTest::newRow("a filter of part of a statement: isl's")
        << tree(QStringLiteral("{ sequence: [ { filter: \"{ A[i, j]; B[i, j]; E[i] : i < 3 }\", child: %1 }, "
                               "{ filter: \"{ C[i]; D[i]; E[i] : i >= 3 }\" } ] }")
                    .arg(ab))
        << Paths{{0, 0, 0, 0}} << false;
    QTest::newRow("a band above the filter: isl's")
        << tree(QStringLiteral("{ schedule: \"[{ A[i, j] -> [(0)]; B[i, j] -> [(0)]; C[i] -> [(1)]; D[i] -> [(1)]; "
                               "E[i] -> [(2)] }]\", child: { sequence: [ { filter: \"{ A[i, j]; B[i, j] }\", "
                               "child: %1 }, { filter: \"{ C[i]; D[i]; E[i] }\" } ] } }")
                    .arg(ab))
        << Paths{{0, 0, 0, 0, 0}} << false;
}

void tst_GroupedTree::sameAsIsl()
{
    QFETCH(QString, tree);
    QFETCH(Paths, targets);
    QFETCH(bool, made);
    IslContext context;
    const isl::ctx ctx(context.get());
    const isl::schedule s(ctx, tree.toStdString());
    // isl's grouping, inner ones first, and GroupedTree's, in that order
    isl::schedule expected = s;
    std::vector<GroupedTree::Target> wanted;
    std::vector<PrefixForms> forms;
    forms.reserve(static_cast<std::size_t>(targets.size()));
    for (int k = 0; k < targets.size(); ++k) {
        const QList<int> &path = targets[targets.size() - 1 - k];
        const std::string name = "se_group" + std::to_string(k);
        isl::schedule_node n = at(s, path);
        const isl::union_set reach = isl::manage(isl_schedule_node_get_domain(n.get())); // raw isl: not in cpp.h 0.25
        std::optional<PrefixForms> f = PrefixForms::of(n, reach);
        QVERIFY(f);
        forms.push_back(std::move(*f));
        const isl::id id = isl::manage(isl_id_alloc(context.get(), name.c_str(), nullptr)); // raw isl: a plain name
        wanted.push_back({std::vector<int>(path.begin(), path.end()), reach, &forms.back(), id});
        n = at(expected, path);
        // raw isl: isl_schedule_node_group is not in cpp.h 0.25
        expected = isl::manage(isl_schedule_node_group(n.release(), id.copy())).get_schedule();
    }
    const std::optional<isl::schedule> grouped = GroupedTree::make(s, wanted);
    QCOMPARE(grouped.has_value(), made);
    if (!grouped)
        return;
    QCOMPARE(test::withoutRelations(*grouped), test::withoutRelations(expected));
    for (const QList<int> &path : targets) {
        const isl::schedule_node a = at(*grouped, path), b = at(expected, path);
        QVERIFY(a.isa<isl::schedule_node_expansion>() && b.isa<isl::schedule_node_expansion>());
        QVERIFY(a.as<isl::schedule_node_expansion>().expansion().is_equal(
            b.as<isl::schedule_node_expansion>().expansion()));
        // raw isl: the contraction's getter is not in cpp.h 0.25
        const auto contraction = [](const isl::schedule_node &e) {
            return isl::manage(
                isl_union_map_from_union_pw_multi_aff(isl_schedule_node_expansion_get_contraction(e.get())));
        };
        QVERIFY(contraction(a).is_equal(contraction(b)));
    }
}

QTEST_MAIN(tst_GroupedTree)
#include "tst_groupedtree.moc"
