// SPDX-License-Identifier: MIT
// Audited dependence overrides in the app, offscreen: a violation goes away
// only under the override of its own edge (taken through the edge menu and
// the reason dialog), the verdict names the assumptions, the graph and the
// dependences table mark the edge, undo takes an override back, and the
// overrides survive a session save/load and travel in the edit script
// (which schedule-tool then honours) and at the head of the exports.
#include "WidgetTestUtil.h"
#include "app/gui/MainWindow.h"
#include "widgets/views/DependenceGraphView.h"
#include "widgets/models/DependencesModel.h"
#include "widgets/views/DependencesView.h"
#include "widgets/document/Explorer.h"
#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/actions/OverrideActions.h"
#include "widgets/dialogs/OverrideDialog.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

// gauss_seidel_2d interchanged, N = 8: RAW and WAR s0 -> s0 on A violated
// (25 pairs each, says the oracle).
bool openInterchanged(Explorer *e)
{
    QString error;
    if (!e->openKernel(source("sample-kernels/gauss_seidel_2d.json"), &error,
                       source("sample-kernels/schedules/gauss_seidel_2d.interchange.map")))
        return false;
    e->setFixedParams({{"N", 8}});
    return settle(e);
}

int edgeOf(const Explorer *e, const char *type)
{
    const auto &edges = e->snapshot()->report.edges;
    for (std::size_t k = 0; k < edges.size(); ++k)
        if (edges[k].type == type)
            return int(k);
    return -1;
}

QStringList violatedTypes(const Explorer *e)
{
    QStringList out;
    for (const auto &v : e->snapshot()->report.violations)
        out << QString::fromStdString(v.type);
    return out;
}

QAction *actionNamed(QMenu &menu, const QString &prefix)
{
    for (QAction *a : menu.actions())
        if (a->text().startsWith(prefix))
            return a;
    return nullptr;
}

// Answers the reason dialog that `trigger` opens: first checks that OK is
// off while the reason is blank, then types `reason` and accepts.
bool answerDialog(const QString &reason, const std::function<void()> &trigger)
{
    bool blankRefused = false, answered = false;
    QTimer::singleShot(0, [&] {
        auto *d = qobject_cast<OverrideDialog *>(QApplication::activeModalWidget());
        if (!d)
            return;
        auto *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        d->reasonEdit()->setText(QStringLiteral("   "));
        blankRefused = !ok->isEnabled();
        d->reasonEdit()->setText(reason);
        answered = ok->isEnabled();
        ok->click();
    });
    trigger();
    return blankRefused && answered;
}

} // namespace

class tst_AppOverrides : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void reasonIsRequired();
    void violationGoesOnlyUnderItsOverride();
    void overridesSurviveSaveAndLoad();
    void editScriptCarriesOverrides();
    void exportsListAssumptions();
};

void tst_AppOverrides::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
}

void tst_AppOverrides::reasonIsRequired()
{
    OverrideDialog d(QStringLiteral("WAR s0 -> s0 on A"), QString());
    auto *ok = d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!d.canAccept());
    QVERIFY(!ok->isEnabled());
    d.reasonEdit()->setText(QStringLiteral(" \t "));
    QVERIFY(!ok->isEnabled());
    d.reasonEdit()->setText(QStringLiteral("the old values live in a copy"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(d.reason(), QStringLiteral("the old values live in a copy"));
    // The Explorer refuses a blank reason too.
    Explorer e;
    QVERIFY(openInterchanged(&e));
    e.assumeAbsent({"WAR", "s0", "s0", "A", "  "});
    QVERIFY(e.assumptions().empty());
}

void tst_AppOverrides::violationGoesOnlyUnderItsOverride()
{
    MainWindow w;
    w.setInteractive(false);
    w.show();
    Explorer *e = w.explorer();
    QVERIFY(openInterchanged(e));
    QCOMPARE(violatedTypes(e), (QStringList{QStringLiteral("RAW"), QStringLiteral("WAR")}));
    auto *verdict = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QCOMPARE(verdict->text(), QStringLiteral("2 violations"));

    // An override of an edge the kernel does not have changes nothing.
    e->assumeAbsent({"RAW", "s0", "s0", "B", "there is no B"});
    QVERIFY(settle(e));
    QCOMPARE(violatedTypes(e), (QStringList{QStringLiteral("RAW"), QStringLiteral("WAR")}));
    QCOMPARE(e->snapshot()->report.assumptions.size(), std::size_t(1));
    QVERIFY(!e->snapshot()->report.assumptions[0].matched);
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QVERIFY(e->assumptions().empty());

    // WAR assumed absent from the dependences table's menu: only WAR goes.
    const int war = edgeOf(e, "WAR"), raw = edgeOf(e, "RAW");
    {
        QMenu menu;
        QVERIFY(OverrideActions::populate(&menu, e, war, &w));
        QAction *assume = actionNamed(menu, QStringLiteral("Assume Absent"));
        QVERIFY(assume);
        QVERIFY(answerDialog(QStringLiteral("reads see old values through a copy"), [&] { assume->trigger(); }));
    }
    QVERIFY(settle(e));
    QCOMPARE(violatedTypes(e), QStringList{QStringLiteral("RAW")});
    QCOMPARE(verdict->text(), QStringLiteral("1 violation"));
    const auto &edges = e->snapshot()->report.edges;
    QCOMPARE(edges[std::size_t(war)].assumedAbsent, std::string("reads see old values through a copy"));
    QVERIFY(edges[std::size_t(raw)].assumedAbsent.empty());
    // The graph's badge and the table's marker.
    const auto *graphEdge = w.graphView()->edgeItems()[std::size_t(war)];
    QCOMPARE(graphEdge->edge().assumed, QStringLiteral("reads see old values through a copy"));
    QVERIFY(!graphEdge->edge().badgeRect.isEmpty());
    QVERIFY(w.graphView()->edgeItems()[std::size_t(raw)]->edge().assumed.isEmpty());
    const auto *deps = w.findChild<DependencesView *>()->dependencesModel();
    QVERIFY(
        deps->index(war, DependencesModel::Assumption).data().toString().contains(QStringLiteral("assumed absent")));
    QVERIFY(deps->index(raw, DependencesModel::Assumption).data().toString().isEmpty());

    // RAW too, from the graph's menu: legal, and the verdict names both.
    {
        QMenu menu;
        QVERIFY(OverrideActions::populate(&menu, e, raw, &w));
        QVERIFY(answerDialog(QStringLiteral("each element is read before any write reaches it"),
                             [&] { actionNamed(menu, QStringLiteral("Assume Absent"))->trigger(); }));
    }
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    QCOMPARE(e->snapshot()->report.verdict(),
             std::string("legal, assuming: WAR s0 -> s0 on A (reads see old values through a copy); "
                         "RAW s0 -> s0 on A (each element is read before any write reaches it)"));
    QVERIFY(verdict->text().startsWith(QStringLiteral("legal, assuming: WAR s0 -> s0 on A")));
    QVERIFY(verdict->toolTip().contains(QStringLiteral("each element is read before any write reaches it")));

    // Right clicks on an edge, in the graph and in the table, ask for its menu.
    QSignalSpy graphMenus(w.graphView(), &DependenceGraphView::edgeMenuRequested);
    auto *table = w.findChild<DependencesView *>();
    QSignalSpy tableMenus(table, &DependencesView::edgeMenuRequested);
    const auto closeMenu = [] {
        QTimer::singleShot(0, [] {
            if (QWidget *popup = QApplication::activePopupWidget())
                popup->close();
        });
    };
    const auto *item = w.graphView()->edgeItems()[std::size_t(raw)];
    const QPoint at = w.graphView()->mapFromScene(item->mapToScene(item->edge().labelRect.center()));
    QContextMenuEvent onGraph(QContextMenuEvent::Mouse, at, w.graphView()->viewport()->mapToGlobal(at));
    closeMenu();
    QApplication::sendEvent(w.graphView()->viewport(), &onGraph);
    QCOMPARE(graphMenus.count(), 1);
    QCOMPARE(graphMenus.at(0).at(0).toInt(), raw);
    // The table sorts its rows (naturally): find the report's row through the proxy.
    const auto *proxy = qobject_cast<QSortFilterProxyModel *>(table->model());
    QVERIFY(proxy);
    const QPoint row = table->visualRect(proxy->mapFromSource(table->dependencesModel()->index(war, 0))).center();
    closeMenu();
    Q_EMIT table->customContextMenuRequested(row);
    QCOMPARE(tableMenus.count(), 1);
    QCOMPARE(tableMenus.at(0).at(0).toInt(), war);

    // An edge already assumed absent offers to stop; undo takes RAW's back.
    {
        QMenu menu;
        QVERIFY(OverrideActions::populate(&menu, e, raw, &w));
        QVERIFY(actionNamed(menu, QStringLiteral("Stop Assuming")));
        QVERIFY(!actionNamed(menu, QStringLiteral("Assume Absent")));
    }
    e->undoStack()->undo();
    QVERIFY(settle(e));
    QCOMPARE(violatedTypes(e), QStringList{QStringLiteral("RAW")});
    e->undoStack()->redo();
    QVERIFY(settle(e));
    QVERIFY(e->snapshot()->report.legal);
    // Removing WAR's brings back WAR's violation only.
    e->removeAssumption({"WAR", "s0", "s0", "A", ""});
    QVERIFY(settle(e));
    QCOMPARE(violatedTypes(e), QStringList{QStringLiteral("WAR")});
}

void tst_AppOverrides::overridesSurviveSaveAndLoad()
{
    QTemporaryDir dir;
    Explorer e;
    QVERIFY(openInterchanged(&e));
    e.assumeAbsent({"WAR", "s0", "s0", "A", "copy of the old row"});
    QVERIFY(settle(&e));
    e.assumeAbsent({"RAW", "s0", "s0", "A", "checked by hand"});
    QVERIFY(settle(&e));
    QVERIFY(e.snapshot()->report.legal);
    QVERIFY(e.isModified());
    const QString path = dir.filePath(QStringLiteral("o.session.json"));
    QString error;
    QVERIFY2(e.saveSession(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto doc = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(doc["assume_no_dep"].size(), std::size_t(2));
    QCOMPARE(doc["assume_no_dep"][0]["reason"], "copy of the old row");

    Explorer g;
    QVERIFY2(g.loadSession(path, &error), qPrintable(error));
    QVERIFY(settle(&g));
    QVERIFY(g.session() == e.session());
    QCOMPARE(g.assumptions().size(), std::size_t(2));
    QCOMPARE(g.assumptions()[1].reason, std::string("checked by hand"));
    QVERIFY(g.snapshot()->report.legal);
    QCOMPARE(g.snapshot()->report.verdict(), e.snapshot()->report.verdict());
    // A session whose override has no reason is refused, saying where.
    auto bad = doc;
    bad["assume_no_dep"][1]["reason"] = "";
    const QString badPath = dir.filePath(QStringLiteral("bad.session.json"));
    QVERIFY(writeTextFile(badPath, QByteArray::fromStdString(bad.dump()), &error));
    QVERIFY(!g.loadSession(badPath, &error));
    QVERIFY2(error.contains(QStringLiteral("assume_no_dep[1].reason")), qPrintable(error));
    QVERIFY(g.session() == e.session());
}

void tst_AppOverrides::editScriptCarriesOverrides()
{
    QTemporaryDir dir;
    Explorer e;
    QVERIFY(openInterchanged(&e));
    e.assumeAbsent({"WAR", "s0", "s0", "A", "copy of the old row"});
    QVERIFY(settle(&e));
    const auto script = nlohmann::json::parse(e.editScriptText());
    QCOMPARE(script["assume_no_dep"].size(), std::size_t(1));
    QCOMPARE(script["assume_no_dep"][0]["type"], "WAR");
    QCOMPARE(script["assume_no_dep"][0]["tensor"], "A");
    const QString path = dir.filePath(QStringLiteral("edits.json"));
    QString error;
    QVERIFY(writeTextFile(path, QByteArray::fromStdString(e.editScriptText()), &error));

    // The command line honours the script's override: RAW is still violated.
    QProcess tool;
    tool.start(QStringLiteral(SE_TOOL_PATH),
               {QStringLiteral("check"), source("sample-kernels/gauss_seidel_2d.json"), QStringLiteral("--schedule"),
                source("sample-kernels/schedules/gauss_seidel_2d.interchange.map"), QStringLiteral("--edits"), path,
                QStringLiteral("--param"), QStringLiteral("N=8"), QStringLiteral("--json")});
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 1);
    const auto report = nlohmann::json::parse(tool.readAllStandardOutput().toStdString());
    QCOMPARE(report["violations"].size(), std::size_t(1));
    QCOMPARE(report["violations"][0]["type"], "RAW");

    // Opened with the script, the app has the override back.
    Explorer g;
    QVERIFY(g.openKernel(source("sample-kernels/gauss_seidel_2d.json"), &error,
                         source("sample-kernels/schedules/gauss_seidel_2d.interchange.map"), path));
    g.setFixedParams({{"N", 8}});
    QVERIFY(settle(&g));
    QCOMPARE(g.assumptions().size(), std::size_t(1));
    QCOMPARE(violatedTypes(&g), QStringList{QStringLiteral("RAW")});
}

void tst_AppOverrides::exportsListAssumptions()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(openInterchanged(e));
    e->assumeAbsent({"WAR", "s0", "s0", "A", "copy of the old row"});
    QVERIFY(settle(e));
    const QString yaml = dir.filePath(QStringLiteral("s.yaml")), c = dir.filePath(QStringLiteral("s.c"));
    QVERIFY(w.exportFile(MainWindow::Export::ScheduleYaml, yaml));
    QVERIFY(w.exportFile(MainWindow::Export::C, c));
    QFile y(yaml), cf(c);
    QVERIFY(y.open(QIODevice::ReadOnly) && cf.open(QIODevice::ReadOnly));
    const QString yText = QString::fromUtf8(y.readAll()), cText = QString::fromUtf8(cf.readAll());
    QVERIFY(yText.startsWith(QStringLiteral("# Judged assuming")));
    QVERIFY(yText.contains(QStringLiteral("#   WAR s0 -> s0 on A (copy of the old row)")));
    QVERIFY(cText.startsWith(QStringLiteral("/*")));
    QVERIFY(cText.contains(QStringLiteral("WAR s0 -> s0 on A (copy of the old row)")));
    // The commented YAML still reads: without the override it is illegal.
    QProcess tool;
    tool.start(
        QStringLiteral(SE_TOOL_PATH),
        {QStringLiteral("check"), source("sample-kernels/gauss_seidel_2d.json"), QStringLiteral("--schedule"), yaml});
    QVERIFY(tool.waitForFinished(60000));
    QCOMPARE(tool.exitCode(), 1);
}

QTEST_MAIN(tst_AppOverrides)
#include "tst_appoverrides.moc"
