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

#include <algorithm>
#include <numeric>
#include <random>

using namespace se;

class tst_GroupedTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameAsIsl_data();
    void sameAsIsl();
    void randomTrees_data();
    void randomTrees();
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

// isl's grouping at `targets` (outer first; grouped inner first, as
// StatementGrouping does) and GroupedTree's (nothing when it declines).
struct Both {
    isl::schedule isl;
    std::optional<isl::schedule> made;
};

Both groupedBothWays(IslContext &context, const isl::schedule &s, const Paths &targets)
{
    Both out{s, std::nullopt};
    std::vector<GroupedTree::Target> wanted;
    std::vector<PrefixForms> forms;
    forms.reserve(static_cast<std::size_t>(targets.size()));
    for (int k = 0; k < targets.size(); ++k) {
        const QList<int> &path = targets[targets.size() - 1 - k];
        const std::string name = "se_group" + std::to_string(k);
        isl::schedule_node n = at(s, path);
        const isl::union_set reach = isl::manage(isl_schedule_node_get_domain(n.get())); // raw isl: not in cpp.h 0.25
        std::optional<PrefixForms> f = PrefixForms::of(n, reach);
        if (!f)
            return out;
        forms.push_back(std::move(*f));
        const isl::id id = isl::manage(isl_id_alloc(context.get(), name.c_str(), nullptr)); // raw isl: a plain name
        wanted.push_back({std::vector<int>(path.begin(), path.end()), reach, &forms.back(), id});
        n = at(out.isl, path);
        // raw isl: isl_schedule_node_group is not in cpp.h 0.25
        out.isl = isl::manage(isl_schedule_node_group(n.release(), id.copy())).get_schedule();
    }
    out.made = GroupedTree::make(s, wanted);
    return out;
}

// True when both trees have an expansion at each target, with equal
// expansions and contractions.
bool sameRelations(const isl::schedule &a, const isl::schedule &b, const Paths &targets)
{
    // raw isl: the contraction's getter is not in cpp.h 0.25
    const auto contraction = [](const isl::schedule_node &e) {
        return isl::manage(isl_union_map_from_union_pw_multi_aff(isl_schedule_node_expansion_get_contraction(e.get())));
    };
    for (const QList<int> &path : targets) {
        const isl::schedule_node x = at(a, path), y = at(b, path);
        if (!x.isa<isl::schedule_node_expansion>() || !y.isa<isl::schedule_node_expansion>()
            || !x.as<isl::schedule_node_expansion>().expansion().is_equal(
                y.as<isl::schedule_node_expansion>().expansion())
            || !contraction(x).is_equal(contraction(y)))
            return false;
    }
    return true;
}

// The C isl generates for `s` (its expansions included).
QString nestOf(const isl::schedule &s)
{
    const isl::ast_build build = isl::ast_build::from_context(isl::set::universe(s.get_domain().get_space().params()));
    return QString::fromStdString(build.node_from(s).to_C_str());
}

// A random tree over 3-8 statements of one or two dimensions: a root
// sequence or set of filters, each group of two or more statements under
// a band (affine or tiled members) over a sequence or set of one filter per
// statement, some of them under a second sequence; `targets` receives the
// paths of those inner sequences and sets.
QString randomTree(std::mt19937 &rng, Paths &targets)
{
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int statements = pick(3, 8);
    std::vector<int> dims;
    QStringList domain;
    for (int k = 0; k < statements; ++k) {
        dims.push_back(pick(1, 2));
        domain
            << (dims.back() == 1
                    ? QStringLiteral("S%1[i] : %2 <= i < N + %3").arg(k).arg(pick(0, 2)).arg(pick(0, 3))
                    : QStringLiteral("S%1[i, j] : 0 <= i < N and %2 <= j < %3").arg(k).arg(pick(0, 1)).arg(pick(3, 9)));
    }
    const auto tuple = [&](int k) {
        return dims[static_cast<std::size_t>(k)] == 1 ? QStringLiteral("S%1[i]").arg(k)
                                                      : QStringLiteral("S%1[i, j]").arg(k);
    };
    std::vector<int> order(static_cast<std::size_t>(statements));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<std::vector<int>> groups;
    for (std::size_t k = 0; k < order.size();) {
        const std::size_t n = std::min<std::size_t>(order.size() - k, static_cast<std::size_t>(pick(1, 4)));
        groups.emplace_back(order.begin() + static_cast<long>(k), order.begin() + static_cast<long>(k + n));
        k += n;
    }
    const bool nested = groups.size() >= 2 && pick(0, 2) == 0; // the first two groups under one more sequence
    const auto filterOf = [&](const std::vector<int> &g) {
        QStringList names;
        for (int k : g)
            names << tuple(k);
        return QStringLiteral("{ %1 }").arg(names.join(QStringLiteral("; ")));
    };
    // A group's subtree; `path` is its filter's child position path.
    const auto groupTree = [&](const std::vector<int> &g, const QList<int> &path) -> QString {
        if (g.size() < 2)
            return QString();
        const int members = pick(1, 2);
        QStringList bands;
        for (int m = 0; m < members; ++m) {
            QStringList parts;
            for (int k : g) {
                const QString var =
                    m == 1 && dims[static_cast<std::size_t>(k)] == 2 ? QStringLiteral("j") : QStringLiteral("i");
                const int c = pick(-1, 2);
                parts << (pick(0, 2) == 0 ? QStringLiteral("%1 -> [(floor((%2 + %3)/4))]").arg(tuple(k), var).arg(c)
                                          : QStringLiteral("%1 -> [(%2 + %3)]").arg(tuple(k), var).arg(c));
            }
            bands << QStringLiteral("{ %1 }").arg(parts.join(QStringLiteral("; ")));
        }
        QStringList children;
        std::vector<int> inner = g;
        std::shuffle(inner.begin(), inner.end(), rng);
        for (int k : inner)
            children << QStringLiteral("{ filter: \"{ %1 }\" }").arg(tuple(k));
        targets << (path + QList<int>{0, 0});
        return QStringLiteral(", child: { schedule: \"[%1]\", child: { %2: [ %3 ] } }")
            .arg(bands.join(QStringLiteral(", ")), pick(0, 3) == 0 ? QStringLiteral("set") : QStringLiteral("sequence"),
                 children.join(QStringLiteral(", ")));
    };
    const QString top = pick(0, 3) == 0 ? QStringLiteral("set") : QStringLiteral("sequence");
    QStringList children;
    std::size_t first = 0;
    if (nested) {
        const std::vector<int> both = [&] {
            std::vector<int> b = groups[0];
            b.insert(b.end(), groups[1].begin(), groups[1].end());
            return b;
        }();
        children << QStringLiteral(
                        "{ filter: \"%1\", child: { sequence: [ { filter: \"%2\"%3 }, { filter: \"%4\"%5 } ] } }")
                        .arg(filterOf(both), filterOf(groups[0]), groupTree(groups[0], {0, 0, 0, 0}),
                             filterOf(groups[1]), groupTree(groups[1], {0, 0, 0, 1}));
        first = 2;
    }
    for (std::size_t g = first; g < groups.size(); ++g) {
        const int position = static_cast<int>(children.size());
        children
            << QStringLiteral("{ filter: \"%1\"%2 }").arg(filterOf(groups[g]), groupTree(groups[g], {0, position}));
    }
    return QStringLiteral("{ domain: \"[N] -> { %1 }\", child: { %2: [ %3 ] } }")
        .arg(domain.join(QStringLiteral("; ")), top, children.join(QStringLiteral(", ")));
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
    const isl::schedule s(isl::ctx(context.get()), tree.toStdString());
    const Both both = groupedBothWays(context, s, targets);
    const std::optional<isl::schedule> &grouped = both.made;
    const isl::schedule &expected = both.isl;
    QCOMPARE(grouped.has_value(), made);
    if (!grouped)
        return;
    QCOMPARE(test::withoutRelations(*grouped), test::withoutRelations(expected));
    QVERIFY(sameRelations(*grouped, expected, targets));
}

QTEST_MAIN(tst_GroupedTree)
#include "tst_groupedtree.moc"

// Random trees of the kind GroupedTree makes (filters of whole statements,
// one band above each group): the same tree as isl's grouping, whose
// points may list their disjuncts in another order, and the same C from
// isl's generator.
void tst_GroupedTree::randomTrees_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<Paths>("targets");
    std::mt19937 rng(1206);
    for (int k = 0; k < 80; ++k) {
        Paths targets;
        const QString t = randomTree(rng, targets);
        if (!targets.isEmpty())
            QTest::newRow(qPrintable(QStringLiteral("seed 1206, tree %1").arg(k))) << t << targets;
    }
}

void tst_GroupedTree::randomTrees()
{
    QFETCH(QString, tree);
    QFETCH(Paths, targets);
    IslContext context;
    const isl::schedule s(isl::ctx(context.get()), tree.toStdString());
    const Both both = groupedBothWays(context, s, targets);
    QVERIFY2(both.made, qPrintable(tree));
    QVERIFY(both.made->get_domain().is_equal(both.isl.get_domain()));
    const auto withoutDomain = [](const isl::schedule &g) {
        QStringList lines = test::withoutRelations(g).split(QLatin1Char('\n'));
        lines.removeFirst(); // the domain, compared above
        return lines.join(QLatin1Char('\n'));
    };
    QCOMPARE(withoutDomain(*both.made), withoutDomain(both.isl));
    QVERIFY(sameRelations(*both.made, both.isl, targets));
    QCOMPARE(nestOf(*both.made), nestOf(both.isl));
}
