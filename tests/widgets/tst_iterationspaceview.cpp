// SPDX-License-Identifier: MIT
// The iteration-space dock end to end, offscreen: the 2-D stencil's plot
// draws one dot per instance and one arrow per dependence pair (counted
// against the core's pair counts and the oracle's), marks exactly the
// violated pairs red after the illegal interchange (their number per edge
// is the checker's), numbers instances in schedule order, outlines tiles,
// follows sliders, the selection and every edit, refuses huge slices, and
// exports valid PNG and SVG.
#include "WidgetTestUtil.h"
#include "core/edit/Edit.h"
#include "widgets/document/Explorer.h"
#include "widgets/figures/GraphEdgeItem.h"
#include "widgets/figures/IterationSpaceCanvas.h"
#include "widgets/figures/IterationSpaceItems.h"
#include "widgets/views/IterationSpaceView.h"
#include "widgets/document/Selection.h"

#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QSignalSpy>
#include <QSlider>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <map>

using namespace se;
using se::test::source;
using se::test::waitForSnapshot;

namespace {

// Opens a kernel with the view active and every parameter of `fixed` set.
struct Fixture {
    Explorer e;
    IterationSpaceView view{&e};
    QSignalSpy snaps{&e, &Explorer::snapshotChanged};

    bool open(const char *kernel, const ParamValues &fixed)
    {
        view.resize(900, 700);
        view.setActive(true);
        QString error;
        if (!e.openKernel(source(kernel), &error) || !waitForSnapshot(e, snaps))
            return false;
        e.setFixedParams(fixed);
        return waitForSnapshot(e, snaps);
    }
    const IterationSpaceCanvas &canvas() const { return *view.canvas(); }
};

int redArrows(const IterationSpaceCanvas &c)
{
    int n = 0;
    for (auto *a : c.arrowItems())
        n += a->color() == GraphEdgeItem::violatedColor();
    return n;
}

} // namespace

class tst_IterationSpaceView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stencilInstancesAndArrows();
    void interchangeMarksViolatedArrows();
    void tilesAreOutlined();
    void slidersFixTheOtherLoops();
    void followsTheSelection();
    void playRunsInScheduleOrder();
    void hugeSlicesAreRefused();
    void hiddenViewComputesNothing();
    void exportsArePngAndSvg();
};

void tst_IterationSpaceView::stencilInstancesAndArrows()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    const auto &s = *f.e.snapshot();
    // 6 x 6 instances s0[i, j], 1 <= i, j <= 6.
    QCOMPARE(f.canvas().pointItems().size(), std::size_t(36));
    // One arrow per pair: the core's pair count of every edge (all of the
    // plane is the slice), which the oracle puts at RAW 110 + WAR 110.
    std::int64_t corePairs = 0;
    for (const auto &e : s.report.edges) {
        QVERIFY(e.count);
        corePairs += *e.count;
    }
    QCOMPARE(corePairs, std::int64_t(220));
    QCOMPARE(std::int64_t(f.canvas().arrowItems().size()), corePairs);
    std::map<int, int> perEdge;
    for (auto *a : f.canvas().arrowItems())
        perEdge[a->edge()]++;
    for (std::size_t k = 0; k < s.report.edges.size(); ++k)
        QCOMPARE(std::int64_t(perEdge[int(k)]), *s.report.edges[k].count);
    QCOMPARE(redArrows(f.canvas()), 0);
    // Arrows take their edge's type colour, as in the dependence graph.
    for (auto *a : f.canvas().arrowItems())
        QCOMPARE(a->color(),
                 GraphEdgeItem::typeColor(QString::fromStdString(s.report.edges[std::size_t(a->edge())].type)));
    // The axes are i and j; the original order runs row by row: s0[i, j] is 6(i - 1) + j.
    QCOMPARE(f.view.axisBox(0)->currentText(), QStringLiteral("i"));
    QCOMPARE(f.view.axisBox(1)->currentText(), QStringLiteral("j"));
    for (auto *p : f.canvas().pointItems()) {
        const auto &in = s.space.instances[std::size_t(p->instance())];
        QCOMPARE(p->order(), int(6 * (in.point[0] - 1) + in.point[1]));
    }
    // Dots sit on the lattice: one cell apart, j upwards.
    const QPointF a = f.canvas().pointPos(std::size_t(s.space.find(0, {1, 1})));
    const QPointF b = f.canvas().pointPos(std::size_t(s.space.find(0, {2, 1})));
    const QPointF c = f.canvas().pointPos(std::size_t(s.space.find(0, {1, 2})));
    QCOMPARE(b - a, QPointF(IterationSpaceCanvas::Cell, 0));
    QCOMPARE(c - a, QPointF(0, -IterationSpaceCanvas::Cell));
}

void tst_IterationSpaceView::interchangeMarksViolatedArrows()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    QString error;
    // { s0[i, j] -> [j, i] }
    QVERIFY(f.e.loadSchedule(source("sample-kernels/schedules/gauss_seidel_2d.interchange.map"), &error));
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    const auto &s = *f.e.snapshot();
    QCOMPARE(s.report.violations.size(), std::size_t(2));
    QCOMPARE(f.canvas().arrowItems().size(), std::size_t(220));
    // Red exactly where the checker counts violating pairs: 25 per edge (the
    // oracle agrees), each pair s0[i, j] -> s0[i + 1, j - 1] (j' < j runs first).
    std::map<int, int> red;
    for (auto *a : f.canvas().arrowItems()) {
        const auto &p = s.space.pairs[std::size_t(a->pair())];
        const auto &src = s.space.instances[p.src].point, &dst = s.space.instances[p.dst].point;
        const bool backwards = dst[1] < src[1] || (dst[1] == src[1] && dst[0] < src[0]);
        QCOMPARE(a->color() == GraphEdgeItem::violatedColor(), backwards);
        QCOMPARE(a->isViolated(), backwards);
        if (backwards) {
            QCOMPARE(dst[0], src[0] + 1);
            QCOMPARE(dst[1], src[1] - 1);
            red[a->edge()]++;
        }
    }
    for (const auto &v : s.report.violations) {
        QVERIFY(v.count);
        QCOMPARE(std::int64_t(red[int(v.edge)]), *v.count);
        QCOMPARE(*v.count, std::int64_t(25));
    }
    QCOMPARE(redArrows(f.canvas()), 50);
    // Interchanged, the order runs column by column: 6(j - 1) + i.
    for (auto *p : f.canvas().pointItems()) {
        const auto &in = s.space.instances[std::size_t(p->instance())];
        QCOMPARE(p->order(), int(6 * (in.point[1] - 1) + in.point[0]));
    }
    // The plot follows the edit log too: undo brings the legal picture back.
    f.e.undoStack()->undo();
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    QCOMPARE(redArrows(f.canvas()), 0);
    QCOMPARE(f.canvas().arrowItems().size(), std::size_t(220));
    // Only the violated arrows, on request.
    f.e.undoStack()->redo();
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    f.view.canvas()->setArrows(IterationSpaceCanvas::Arrows::Violated);
    int shown = 0;
    for (auto *a : f.canvas().arrowItems())
        shown += a->isVisible();
    QCOMPARE(shown, 50);
}

void tst_IterationSpaceView::tilesAreOutlined()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    QCOMPARE(f.canvas().tileSegments(), 0);
    // Merged and tiled 4 x 4: tiles { s0[i, j] -> [floor(i/4), floor(j/4)] }
    // cut 1..6 x 1..6 into 3 x 3 squares: each has 4 sides of 3 cells.
    f.e.applyEdit(Edit::merge({0}));
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    f.e.applyEdit(Edit::tile({0}, {4, 4}));
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    const auto &s = *f.e.snapshot();
    QCOMPARE(s.space.tiles, 4);
    QCOMPARE(f.canvas().tileSegments(), 4 * 4 * 3);
    for (const auto &in : s.space.instances)
        QCOMPARE(in.tile, int((in.point[0] / 4) * 2 + in.point[1] / 4));
}

void tst_IterationSpaceView::slidersFixTheOtherLoops()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/matmul.json", {{"M", 4}, {"N", 4}, {"K", 4}}));
    f.view.setStatements({QStringLiteral("s0"), QStringLiteral("s1")});
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    // s0[i, j] and s1[i, j, k] over (j, k), i fixed by a slider.
    QCOMPARE(f.view.axisBox(0)->currentText(), QStringLiteral("j"));
    QCOMPARE(f.view.axisBox(1)->currentText(), QStringLiteral("k"));
    QSlider *i = f.view.sliderFor(0);
    QVERIFY(i);
    QCOMPARE(i->minimum(), 0);
    QCOMPARE(i->maximum(), 3);
    i->setValue(1);
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    const auto &s = *f.e.snapshot();
    // The oracle's slice { s0[1, j]; s1[1, j, k] }: 4 + 16 instances, and
    // 16 + 24 + 24 + 16 + 24 pairs (RAW s0->s1, RAW, WAR, WAW s1->s1, WAW s0->s1).
    QCOMPARE(f.canvas().pointItems().size(), std::size_t(20));
    QCOMPARE(f.canvas().arrowItems().size(), std::size_t(104));
    for (const auto &in : s.space.instances)
        QCOMPARE(in.point[0], std::int64_t(1));
    QCOMPARE(f.view.sliderFor(0), i); // the slider survives its own snapshots
    // Swapping the axes: x = i, y = k, j on the slider.
    f.view.setAxes(0, 2);
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    QCOMPARE(f.e.snapshot()->space.x.name, std::string("i"));
    QVERIFY(f.view.sliderFor(1));
    QVERIFY(!f.view.sliderFor(0));
}

void tst_IterationSpaceView::followsTheSelection()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/jacobi_1d.json", {{"T", 4}, {"N", 10}}));
    QCOMPARE(f.e.snapshot()->space.statements, std::vector<std::string>{"s0"});
    // Selecting an edge between the two statements plots both, and its arrows stand out.
    const auto &edges = f.e.snapshot()->report.edges;
    int cross = -1;
    for (std::size_t k = 0; k < edges.size(); ++k)
        if (edges[k].src == "s0" && edges[k].dst == "s1" && edges[k].type == "RAW")
            cross = int(k);
    QVERIFY(cross >= 0);
    f.e.selection()->selectEdge(cross, {QStringLiteral("s0"), QStringLiteral("s1")});
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    QCOMPARE(f.e.snapshot()->space.statements, (std::vector<std::string>{"s0", "s1"}));
    // oracle: 32 + 32 instances over (t, i); RAW s0 -> s1 has 80 pairs.
    QCOMPARE(f.canvas().pointItems().size(), std::size_t(64));
    int emphasised = 0;
    for (auto *a : f.canvas().arrowItems())
        emphasised += a->edge() == cross;
    QCOMPARE(emphasised, 80);
}

void tst_IterationSpaceView::playRunsInScheduleOrder()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    auto *c = f.view.canvas();
    QCOMPARE(c->maxOrder(), 36);
    c->setStep(10);
    for (auto *p : c->pointItems()) {
        const auto want = p->order() < 10 ? IterationPointItem::State::Done
            : p->order() == 10            ? IterationPointItem::State::Current
                                          : IterationPointItem::State::Pending;
        QCOMPARE(p->state(), want);
    }
    c->setStep(0);
    for (auto *p : c->pointItems())
        QCOMPARE(p->state(), IterationPointItem::State::Still);
    // The play button steps through time, and stops with everything run.
    f.view.play();
    QVERIFY(f.view.isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(c->step() >= 3, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!f.view.isPlaying(), 20000);
    QCOMPARE(c->step(), 0);
}

void tst_IterationSpaceView::hugeSlicesAreRefused()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 400}}));
    const auto &s = *f.e.snapshot();
    QVERIFY(s.space.refused);
    QVERIFY(f.canvas().pointItems().empty());
    QVERIFY(f.canvas().arrowItems().empty());
    // The message says why, in the picture itself: 398 x 398 instances.
    bool said = false;
    for (QGraphicsItem *i : f.view.canvas()->scene()->items())
        if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(i))
            said = said || t->text().contains(QStringLiteral("158404 instances"));
    QVERIFY(said);
}

void tst_IterationSpaceView::hiddenViewComputesNothing()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    f.view.setActive(false);
    f.e.applyEdit(Edit::interchange({0}));
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    QVERIFY(f.e.snapshot()->space.statements.empty());
    QCOMPARE(f.canvas().pointItems().size(), std::size_t(36)); // the last picture stays
    f.view.setActive(true); // shown again: computed for the current schedule
    QVERIFY(waitForSnapshot(f.e, f.snaps));
    QCOMPARE(redArrows(f.canvas()), 50);
}

void tst_IterationSpaceView::exportsArePngAndSvg()
{
    Fixture f;
    QVERIFY(f.open("sample-kernels/gauss_seidel_2d.json", {{"N", 8}}));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("space.png")), svg = dir.filePath(QStringLiteral("space.svg"));
    QVERIFY2(f.view.exportTo(png, &error), qPrintable(error));
    QVERIFY2(f.view.exportTo(svg, &error), qPrintable(error));
    QImage img;
    QVERIFY(img.load(png, "PNG"));
    const QRectF scene = f.view.canvas()->scene()->sceneRect();
    QCOMPARE(img.size(), (scene.size() * 2).toSize()); // rendered at twice the scene's size
    // Not blank: the dots' colour is there.
    int coloured = 0;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            coloured += img.pixelColor(x, y).saturation() > 80;
    QVERIFY(coloured > 100);
    QSvgRenderer r(svg);
    QVERIFY(r.isValid());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("iteration space"));
}

QTEST_MAIN(tst_IterationSpaceView)
#include "tst_iterationspaceview.moc"
