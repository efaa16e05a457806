// SPDX-License-Identifier: MIT
// The plain schedule tree the views draw: node kinds in pre-order, paths,
// band members per statement and declared flags, filter statements. The
// expected trees are worked by hand from the kernels' loop nests.
#include "core/analysis/Analyzer.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/edit/EditScript.h"
#include "core/schedule/ScheduleTreeMemo.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <QtTest>

using namespace se;

Q_DECLARE_METATYPE(std::vector<se::Edit>)

namespace {

QString kinds(const ScheduleTreeSnapshot &t)
{
    QStringList out;
    for (const auto &n : t.nodes)
        out << QString::fromLatin1(ScheduleTreeSnapshot::kindName(n.kind));
    return out.join(QLatin1Char(' '));
}

// "s0: t, s1: t ; ..." per band, bands joined by " | ".
QString bands(const ScheduleTreeSnapshot &t)
{
    QStringList out;
    for (const auto &n : t.nodes) {
        if (n.kind != ScheduleTreeSnapshot::Kind::Band)
            continue;
        QStringList members;
        for (const auto &m : n.members) {
            QStringList parts;
            for (const auto &p : m.parts)
                parts << QString::fromStdString(p.statement + ": " + p.expr);
            members << parts.join(QStringLiteral(", "));
        }
        out << members.join(QStringLiteral(" ; "));
    }
    return out.join(QStringLiteral(" | "));
}

// Every field of every node, one line per node.
QStringList everything(const ScheduleTreeSnapshot &t)
{
    QStringList out;
    for (const auto &n : t.nodes) {
        QString line = QString::fromLatin1(ScheduleTreeSnapshot::kindName(n.kind)) + QLatin1Char(' ')
            + QString::fromStdString(ScheduleTreeSnapshot::pathText(n.path))
            + QStringLiteral(" parent %1 children %2").arg(n.parent).arg(n.children.size());
        for (const auto &s : n.statements)
            line += QLatin1Char(' ') + QString::fromStdString(s);
        line += QStringLiteral(" text ") + QString::fromStdString(n.text)
            + (n.permutable ? QStringLiteral(" perm") : QString());
        for (const auto &m : n.members) {
            line += m.coincident ? QStringLiteral(" [c") : QStringLiteral(" [");
            for (const auto &p : m.parts)
                line += QLatin1Char(' ') + QString::fromStdString(p.statement + ": " + p.expr);
            line += QLatin1Char(']');
        }
        out << line;
    }
    return out;
}

QString path(const char *name)
{
    return QStringLiteral(SE_SOURCE_DIR "/") + QLatin1String(name);
}

} // namespace

class tst_ScheduleTreeSnapshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tree_data();
    void tree();
    void structure();
    void declaredFlags();
    void nodeForLevel();
    void memoAgreesAfterEdits_data();
    void memoAgreesAfterEdits();
};

void tst_ScheduleTreeSnapshot::tree_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("kinds");
    QTest::addColumn<QString>("bands");
    // for t { for i { s0 }; for i { s1 } }: one band per loop, a sequence for the two i loops.
    QTest::newRow("jacobi original") << path("sample-kernels/jacobi_1d.json") << QString()
                                     << "domain band sequence filter band mark leaf filter band mark leaf"
                                     << "s0: t, s1: t | s0: i | s1: i";
    // for i { for j { s0; s1 } }
    QTest::newRow("stencil original") << path("tests/widgets/data/stencil_2d.json") << QString()
                                      << "domain band band sequence filter mark leaf filter mark leaf"
                                      << "s0: i, s1: i | s0: j, s1: j";
    // { s0[i, j] -> [j, i, 0]; s1[i, j] -> [j, i, 1] }: one band of three members.
    QTest::newRow("stencil interchanged map")
        << path("tests/widgets/data/stencil_2d.json") << path("tests/widgets/data/stencil_2d.interchange.map")
        << "domain band leaf"
        << "s0: j, s1: j ; s0: i, s1: i ; s0: 0, s1: 1";
    QTest::newRow("stencil tiled tree")
        << path("tests/widgets/data/stencil_2d.json") << path("tests/widgets/data/stencil_2d.tiled.yaml")
        << "domain band band sequence filter leaf filter leaf"
        << "s0: floord(i, 4), s1: floord(i, 4) ; s0: floord(j, 4), s1: floord(j, 4) | s0: i, s1: i ; s0: j, s1: j";
    // One expression on statements of different domains: each part is read
    // on its own domain (s1 to s4 have f <= 7), equal ones on equal domains
    // (s3, s4) once.
    QTest::newRow("equal parts, different domains")
        << path("sample-kernels/tiled_matmul_sbuf_psum.json")
        << path("tests/widgets/data/tiled_matmul_sbuf_psum.floor.yaml") << "domain band leaf"
        << "s0: floord(f, 8), s1: 0, s2: 0, s3: 0, s4: 0 ; s0: 0, s1: n, s2: n, s3: n, s4: n";
}

void tst_ScheduleTreeSnapshot::tree()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QString, kinds);
    QFETCH(QString, bands);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    const isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    const ScheduleTreeSnapshot t = ScheduleTreeSnapshot::build(a.model(), s);
    QCOMPARE(::kinds(t), kinds);
    QCOMPARE(::bands(t), bands);
}

void tst_ScheduleTreeSnapshot::structure()
{
    Analyzer a(KernelLoader::loadFile(path("sample-kernels/jacobi_1d.json").toStdString()));
    const ScheduleTreeSnapshot t = ScheduleTreeSnapshot::build(a.model(), a.originalSchedule());
    QCOMPARE(t.nodes.size(), std::size_t(11));
    QCOMPARE(t.nodes[0].parent, -1);
    QVERIFY(t.nodes[0].path.empty());
    QCOMPARE(t.nodes[0].statements, (std::vector<std::string>{"s0", "s1"}));
    // domain(0) -> band(1) -> sequence(2) -> filter(3) ... filter(7)
    QCOMPARE(t.nodes[2].children, (std::vector<int>{3, 7}));
    QCOMPARE(t.nodes[7].path, (std::vector<int>{0, 0, 1}));
    QCOMPARE(t.find({0, 0, 1}), 7);
    QCOMPARE(t.find({0, 0, 2}), -1);
    QCOMPARE(t.nodes[7].statements, std::vector<std::string>{"s1"});
    QCOMPARE(t.nodes[9].kind, ScheduleTreeSnapshot::Kind::Mark);
    QCOMPARE(t.nodes[9].text, std::string("s1"));
    // The inner i band is the second schedule dimension.
    QCOMPARE(t.bandDepth(8), 2);
    QVERIFY(t.nodes[3].text.find("s0[t, i]") != std::string::npos);
}

void tst_ScheduleTreeSnapshot::declaredFlags()
{
    Analyzer a(KernelLoader::loadFile(path("tests/widgets/data/stencil_2d.json").toStdString()));
    const isl::schedule s =
        ScheduleInput::readFile(a.model(), path("tests/widgets/data/stencil_2d.tiled.yaml").toStdString());
    const ScheduleTreeSnapshot t = ScheduleTreeSnapshot::build(a.model(), s);
    const auto &tile = t.nodes[1];
    QVERIFY(tile.permutable);
    QCOMPARE(tile.members.size(), std::size_t(2));
    QVERIFY(tile.members[0].coincident);
    QVERIFY(!tile.members[1].coincident);
    QVERIFY(!t.nodes[2].permutable);
    QVERIFY(!tile.members[0].coincidentComputed.has_value()); // not computed by the reader
}

void tst_ScheduleTreeSnapshot::nodeForLevel()
{
    // jacobi: flat times [t, position in the sequence, i] (isl gives the
    // sequence a dimension).
    Analyzer a(KernelLoader::loadFile(path("sample-kernels/jacobi_1d.json").toStdString()));
    const ScheduleTreeSnapshot t = ScheduleTreeSnapshot::build(a.model(), a.originalSchedule());
    QCOMPARE(t.nodeForLevel("s1", 0), 1); // band t
    QCOMPARE(t.nodeForLevel("s1", 1), 2); // the sequence
    QCOMPARE(t.nodeForLevel("s1", 2), 8); // s1's band i
    QCOMPARE(t.nodeForLevel("s0", 2), 4); // s0's band i
    QCOMPARE(t.nodeForLevel("s0", 3), -1);
    QCOMPARE(t.nodeForLevel("s9", 0), -1);
    QCOMPARE(t.nodeForLevel("s0", -1), -1);

    // tiled stencil: [i // 4, j // 4, i, j, position]
    Analyzer b(KernelLoader::loadFile(path("tests/widgets/data/stencil_2d.json").toStdString()));
    const ScheduleTreeSnapshot u = ScheduleTreeSnapshot::build(
        b.model(), ScheduleInput::readFile(b.model(), path("tests/widgets/data/stencil_2d.tiled.yaml").toStdString()));
    QCOMPARE(u.nodeForLevel("s0", 1), 1);
    QCOMPARE(u.nodeForLevel("s0", 2), 2);
    QCOMPARE(u.nodeForLevel("s0", 3), 2);
    QCOMPARE(u.nodeForLevel("s1", 4), 3);
}

void tst_ScheduleTreeSnapshot::memoAgreesAfterEdits_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<std::vector<Edit>>("edits");
    // jacobi: domain, band t {0}, sequence {0,0}, filters {0,0,0} and
    // {0,0,1} over the i bands {0,0,0,0} and {0,0,1,0}. Each edit changes a
    // few nodes; a memo kept across them must read as a fresh build.
    QTest::newRow("jacobi") << path("sample-kernels/jacobi_1d.json")
                            << std::vector<Edit>{Edit::shift({0, 0, 0, 0}, 0, {{"s0", "1"}}),
                                                 Edit::shift({0, 0, 0, 0}, 0, {{"s0", "-1"}}),
                                                 Edit::scale({0}, 0, 2),
                                                 Edit::reverse({0, 0, 1, 0}, 0),
                                                 Edit::move({0, 0}, 1, 0),
                                                 Edit::setCoincident({0, 0, 0, 0}, 0, true),
                                                 Edit::tile({0}, {4}),
                                                 Edit::toSet({0, 0, 0})};
    // stencil: band i {0}, band j {0,0}, sequence below.
    QTest::newRow("stencil") << path("tests/widgets/data/stencil_2d.json")
                             << std::vector<Edit>{Edit::interchange({0}),  Edit::merge({0}),
                                                  Edit::tile({0}, {4, 4}), Edit::setPermutable({0}, false),
                                                  Edit::split({0}, 1),     Edit::shift({0, 0}, 0, {{"s1", "1"}})};
}

void tst_ScheduleTreeSnapshot::memoAgreesAfterEdits()
{
    QFETCH(QString, kernel);
    QFETCH(std::vector<Edit>, edits);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    std::vector<isl::schedule> steps;
    EditScript::apply(a.context(), edits, a.originalSchedule(), "edits", &steps);
    QCOMPARE(steps.size(), edits.size());
    ScheduleTreeMemo memo;
    ScheduleTreeSnapshot::build(a.model(), a.originalSchedule(), &memo);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const std::size_t hits = memo.hits();
        const QStringList remembered = everything(ScheduleTreeSnapshot::build(a.model(), steps[k], &memo));
        QCOMPARE(remembered, everything(ScheduleTreeSnapshot::build(a.model(), steps[k])));
        QVERIFY2(memo.hits() > hits, qPrintable(QStringLiteral("edit %1 found nothing known").arg(k)));
    }
}

QTEST_MAIN(tst_ScheduleTreeSnapshot)
#include "tst_scheduletreesnapshot.moc"
