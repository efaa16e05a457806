// SPDX-License-Identifier: MIT
// FlatSchedule keeps a statement whose times are one affine function as
// that function and makes its map only when asked (issue 15: making every
// map of a tiled tree was most of a tile's verdict). The maps it makes are
// isl's own flat schedule; copies share them; two flattenings of one tree
// are plainly equal.
#include "core/analysis/Analyzer.h"
#include "core/edit/Edit.h"
#include "core/interop/ScheduleInput.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"

#include "../codegen/ParamText.h"

#include <QtTest>

using namespace se;

class tst_FlatSchedule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lazyMapsAreIslsOwn_data();
    void lazyMapsAreIslsOwn();
};

void tst_FlatSchedule::lazyMapsAreIslsOwn_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // "" is the original schedule
    QTest::addColumn<QString>("params"); // "N=10,T=4", or "" for symbolic
    QTest::addColumn<int>("tile"); // the root band tiled by this (0: not tiled)
    const QString conf = QStringLiteral(SE_CONFORMANCE_DIR);
    const QString samples = QStringLiteral(SE_SOURCE_DIR "/sample-kernels");
    const struct {
        const char *tag, *kernel, *schedule, *params;
    } rows[] = {
        {"jacobi", "/kernels/jacobi_1d.json", "", "N=10,T=4"},
        {"jacobi skewed tiles", "/kernels/jacobi_1d.json", "/schedules/jacobi_1d.skewed_tiles.map", ""},
        {"two_mm fused", "/kernels/two_mm.json", "/schedules/two_mm.fused.map", "N=4"},
        {"ceil ops split", "/kernels/ceil_ops.json", "/schedules/ceil_ops.split.map", ""},
        {"sbuf alias pipelined", "/kernels/sbuf_alias.json", "/schedules/sbuf_alias.pipelined.map", "NT=2"},
        {"triangle strided", "/kernels/triangle_strided.json", "", ""},
    };
    for (const auto &r : rows)
        for (int tile : {0, 4})
            QTest::newRow((std::string(r.tag) + (tile ? " tiled" : "")).c_str())
                << conf + QLatin1String(r.kernel) << (*r.schedule ? conf + QLatin1String(r.schedule) : QString())
                << QString::fromLatin1(r.params) << tile;
    QTest::newRow("tiled matmul pipelined, tiled")
        << samples + QStringLiteral("/tiled_matmul_sbuf_psum.json")
        << samples + QStringLiteral("/schedules/tiled_matmul_sbuf_psum.pipelined.map") << QString() << 2;
}

void tst_FlatSchedule::lazyMapsAreIslsOwn()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(QString, params);
    QFETCH(int, tile);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()), {test::paramValues(params)});
    isl::schedule s =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(a.model(), schedule.toStdString());
    if (tile) {
        const isl::schedule_node band = s.root().child(0); // under the domain
        QVERIFY(band.isa<isl::schedule_node_band>());
        const auto members = static_cast<std::size_t>(band.as<isl::schedule_node_band>().n_member());
        s = Edit::tile({0}, std::vector<std::int64_t>(members, tile)).apply(s);
    }

    const FlatSchedule flat(a.model(), s);
    // isl's own flat schedule: { s[...] -> [t0, ..., tn-1] } per statement
    const FlatSchedule isls(a.model(), s.get_map());
    QCOMPARE(flat.dims(), isls.dims());
    std::size_t lazy = 0;
    for (std::size_t k = 0; k < flat.size(); ++k) {
        if (!flat.function(k))
            continue;
        ++lazy;
        QVERIFY2(!flat.madeMap(k), "a function's map is made only when asked");
        const FlatSchedule copy = flat; // shares the statement's times
        const isl::map &made = copy.of(k);
        QVERIFY(flat.madeMap(k) && flat.madeMap(k)->get() == made.get());
        QVERIFY(flat.handle(k) == copy.handle(k));
    }
    QVERIFY2(lazy > 0, "some statement's times are one affine function");
    const FlatSchedule again(a.model(), s);
    for (std::size_t k = 0; k < flat.size(); ++k) {
        QVERIFY2(flat.of(k).is_equal(isls.of(k)), a.model().statements()[k].name.c_str());
        QVERIFY(flat.handle(k) != again.handle(k));
        QVERIFY(flat.plainlyEqual(k, again));
    }
}

QTEST_GUILESS_MAIN(tst_FlatSchedule)
#include "tst_flatschedule.moc"
