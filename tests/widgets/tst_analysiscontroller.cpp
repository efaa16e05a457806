// SPDX-License-Identifier: MIT
// The controller runs each request on two threads, every view but the
// loop nest on one and the nest on the other (issue 12: views within 1 s
// of an edit on the bench kernels), and passes on one truth per request:
// the views first (nest pending), then the same snapshot with its nest,
// the nest of exactly that schedule; nothing of a superseded request; a
// nest that cannot be made is the nest's error, not the analysis's; the
// nest's flat map only when wanted or asked for.
#include "widgets/worker/AnalysisController.h"

#include "core/analysis/Analyzer.h"
#include "core/codegen/CodeGenerator.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputFile.h"

#include <QSignalSpy>
#include <QtTest>

using namespace se;

class tst_AnalysisController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void viewsThenNest();
    void onlyTheNewest();
    void nestErrorIsTheNests();
    void nestWithoutItsThread();
    void nestOnlyWhenAsked();
    void mapOnlyWhenAsked();
};

namespace {

QString source(const char *rel)
{
    return QStringLiteral(SE_SOURCE_DIR "/") + QLatin1String(rel);
}

AnalysisRequest request(const QString &kernel, const QString &schedule = QString())
{
    AnalysisRequest r;
    r.kernel = KernelLoader::loadFile(kernel.toStdString());
    r.kernelFile = kernel;
    if (!schedule.isEmpty()) {
        r.scheduleText = InputFile::read(schedule.toStdString());
        r.scheduleFile = schedule;
    }
    return r;
}

// Every snapshot the controller passes on until it is idle.
std::vector<AnalysisSnapshotPtr> run(AnalysisController &c, const std::function<void()> &submit)
{
    std::vector<AnalysisSnapshotPtr> got;
    auto conn =
        QObject::connect(&c, &AnalysisController::finished, [&](const AnalysisSnapshotPtr &s) { got.push_back(s); });
    QSignalSpy busy(&c, &AnalysisController::busyChanged);
    submit();
    QElapsedTimer t;
    t.start();
    while (c.isBusy() && t.elapsed() < 60000)
        busy.wait(50);
    QObject::disconnect(conn);
    return got;
}

} // namespace

void tst_AnalysisController::viewsThenNest()
{
    AnalysisController c;
    AnalysisRequest r = request(source("tests/widgets/data/stencil_2d.json"));
    r.edits = {Edit::interchange({0})};
    quint64 generation = 0;
    const auto got = run(c, [&] { generation = c.submit(r); });
    QCOMPARE(got.size(), std::size_t(2));
    QCOMPARE(got[0]->generation, generation);
    QVERIFY(got[0]->nestPending);
    QVERIFY(got[0]->nestText.empty() && got[0]->nestC.empty());
    QCOMPARE(got[1]->generation, generation);
    QVERIFY(!got[1]->nestPending);
    QVERIFY(got[1]->nestError.empty());
    // The same views, now with the nest and the flat map made beside it.
    QVERIFY(got[0]->scheduleMap.empty());
    QCOMPARE(got[1]->scheduleYaml, got[0]->scheduleYaml);
    QCOMPARE(got[1]->report.legal, got[0]->report.legal);

    // The nest of exactly that schedule: the core's, on the schedule the
    // views show.
    Analyzer a(r.kernel);
    const isl::schedule s = ScheduleInput::read(a.model(), got[0]->scheduleYaml, "shown.yaml");
    const RegeneratedNest nest = CodeGenerator::generate(a.model(), s, "", "the original schedule with 1 edit");
    QCOMPARE(QString::fromStdString(got[1]->nestText), QString::fromStdString(NestTextPrinter::print(nest)));
    QVERIFY(got[1]->nestText.find("with 1 edit") != std::string::npos);
    QVERIFY(!got[1]->nestC.empty() && !got[1]->nestKernelJson.empty());
    QCOMPARE(got[1]->scheduleMap, SchedulePrinter::flatMap(a.model(), s));
}

// A request that does not want the flat map (the isl tab hidden) gets its
// nest without it; asked for afterwards, it is the map of that schedule;
// the map of an analysis that is not the newest is refused.
void tst_AnalysisController::mapOnlyWhenAsked()
{
    for (const bool nestThread : {true, false}) {
        AnalysisController::Options o;
        o.nestThread = nestThread;
        o.nestGraceMs = 0;
        AnalysisController c(o);
        AnalysisRequest r = request(source("tests/widgets/data/stencil_2d.json"));
        r.edits = {Edit::interchange({0})};
        r.map = false;
        quint64 generation = 0;
        const auto got = run(c, [&] { generation = c.submit(r); });
        QVERIFY(!got.empty());
        const AnalysisSnapshotPtr s = got.back();
        QVERIFY(!s->nestPending && s->nestError.empty() && !s->nestText.empty());
        QVERIFY(s->mapDeferred && s->scheduleMap.empty());
        QSignalSpy maps(&c, &AnalysisController::mapReady);
        QVERIFY(c.generateMap(generation));
        QVERIFY(maps.count() == 1 || maps.wait(60000));
        QCOMPARE(maps.at(0).at(0).value<quint64>(), generation);
        Analyzer a(r.kernel);
        const isl::schedule shown = ScheduleInput::read(a.model(), s->scheduleYaml, "shown.yaml");
        QCOMPARE(maps.at(0).at(1).toString(), QString::fromStdString(SchedulePrinter::flatMap(a.model(), shown)));
        QVERIFY(!c.generateMap(generation + 1)); // no such analysis
        c.submit(r); // a newer one: the old map is not made
        QVERIFY(!c.generateMap(generation));
        run(c, [] {});
    }
}

void tst_AnalysisController::onlyTheNewest()
{
    AnalysisController c;
    const AnalysisRequest r = request(source("tests/widgets/data/stencil_2d.json"));
    quint64 last = 0;
    const auto got = run(c, [&] {
        c.submit(r);
        AnalysisRequest second = r;
        second.edits = {Edit::interchange({0})};
        last = c.submit(second);
    });
    QVERIFY(!got.empty());
    for (const auto &s : got)
        QCOMPARE(s->generation, last);
    QVERIFY(!got.back()->nestPending);
    QVERIFY(got.back()->nestText.find("with 1 edit") != std::string::npos);
}

void tst_AnalysisController::nestErrorIsTheNests()
{
    // isl refuses to unroll a loop of a parametric length: no nest, but the
    // schedule is checked and every other view is there.
    AnalysisController c;
    const AnalysisRequest r =
        request(source("tests/codegen/data/grid.json"), source("tests/codegen/data/bad/grid.unroll.yaml"));
    QSignalSpy failed(&c, &AnalysisController::failed);
    const auto got = run(c, [&] { c.submit(r); });
    QCOMPARE(failed.count(), 0);
    QCOMPARE(got.size(), std::size_t(2));
    QVERIFY(got[1]->report.legal);
    QVERIFY(got[1]->nestText.empty());
    QVERIFY2(got[1]->nestError.rfind("no loop nest for this schedule: ", 0) == 0, got[1]->nestError.c_str());
}

// On a machine busy with other work the idle-priority nest thread may not
// run at all: the analysis thread makes the nest a while after the views.
void tst_AnalysisController::nestWithoutItsThread()
{
    AnalysisController::Options options;
    options.nestThread = false; // as if it never got a core
    options.nestGraceMs = 100;
    AnalysisController c(options);
    AnalysisRequest r = request(source("tests/widgets/data/stencil_2d.json"));
    r.edits = {Edit::interchange({0})};
    const auto got = run(c, [&] { c.submit(r); });
    QCOMPARE(got.size(), std::size_t(2));
    QVERIFY(got[0]->nestPending);
    QVERIFY(!got[1]->nestPending);
    QVERIFY(got[1]->nestError.empty());
    QVERIFY(got[1]->nestText.find("with 1 edit") != std::string::npos);
    // And Stop still stops it: a cancelled request leaves nothing behind.
    QSignalSpy stopped(&c, &AnalysisController::stopped);
    const auto none = run(c, [&] {
        c.submit(r);
        c.cancel();
    });
    QCOMPARE(stopped.count(), 1);
    QVERIFY(none.empty());
    QVERIFY(!c.isBusy());
}

// Work that is not visible is not done (issue 15): a request that does not
// want the nest (its dock hidden) completes without it, and asking for it
// then gives the same analysis with the nest the request would have had.
void tst_AnalysisController::nestOnlyWhenAsked()
{
    AnalysisController c;
    AnalysisRequest r = request(source("tests/widgets/data/stencil_2d.json"));
    r.edits = {Edit::interchange({0})};
    r.nest = false;
    quint64 generation = 0;
    const auto views = run(c, [&] { generation = c.submit(r); });
    QCOMPARE(views.size(), std::size_t(1));
    QCOMPARE(views[0]->generation, generation);
    QVERIFY(views[0]->nestDeferred);
    QVERIFY(!views[0]->nestPending);
    QVERIFY(views[0]->nestText.empty() && views[0]->nestError.empty());
    QVERIFY(!c.isBusy());

    const auto nest = run(c, [&] { QVERIFY(c.generateNest(true)); });
    QCOMPARE(nest.size(), std::size_t(1));
    QCOMPARE(nest[0]->generation, generation);
    QVERIFY(!nest[0]->nestDeferred && !nest[0]->nestPending);
    QCOMPARE(nest[0]->scheduleYaml, views[0]->scheduleYaml);
    QVERIFY(views[0]->scheduleMap.empty() && !nest[0]->scheduleMap.empty());
    r.nest = true;
    const auto whole = run(c, [&] { c.submit(r); });
    QVERIFY(!whole.empty());
    QCOMPARE(QString::fromStdString(nest[0]->nestText), QString::fromStdString(whole.back()->nestText));
    QVERIFY(nest[0]->nestText.find("with 1 edit") != std::string::npos);
    // Made once: nothing more to make, and a newer request forgets it.
    QVERIFY(!c.generateNest(true));
}

QTEST_MAIN(tst_AnalysisController)
#include "tst_analysiscontroller.moc"
