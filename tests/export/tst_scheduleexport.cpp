// SPDX-License-Identifier: MIT
// Exports are parametric unless fixed values are asked for (issue 12):
// with N fixed for the analysis, the YAML's domain is the kernel's over
// every N, its map at N = 12 is the analysed schedule's, the C's loops
// run to N; each says which it is. `--fixed` keeps the values; a schedule
// file written for the fixed values only stays fixed and says why.
#include "core/analysis/Analyzer.h"
#include "core/analysis/ScheduleExport.h"
#include "core/edit/EditScript.h"
#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/SchedulePrinter.h"

#include <isl/schedule.h>
#include <isl/union_set.h>
#include <nlohmann/json.hpp>

#include <QProcess>
#include <QtTest>

using namespace se;

namespace {

const std::string gauss = std::string(SE_SOURCE_DIR) + "/sample-kernels/gauss_seidel_2d.json";
const std::string jacobi = std::string(SE_CONFORMANCE_DIR) + "/kernels/jacobi_1d.json";

std::unique_ptr<Analyzer> fixedAt(const std::string &kernel, ParamValues values)
{
    Analyzer::Options o;
    o.params = std::move(values);
    return std::make_unique<Analyzer>(KernelLoader::loadFile(kernel), o);
}

// The schedule the text describes, read by isl alone.
isl::schedule readBack(Analyzer &a, const std::string &yaml)
{
    return isl::manage(isl_schedule_read_from_str(a.context().get(), yaml.c_str()));
}

EditScript edits(const char *json)
{
    return EditScript::fromJson(nlohmann::json::parse(std::string("{\"edits\": ") + json + "}"), "test");
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class tst_ScheduleExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void yamlStaysParametric();
    void yamlKeepsFixedWhenAsked();
    void cStaysParametric();
    void fixedScheduleFileStaysFixed();
    void toolTreeAndCodegen();
};

void tst_ScheduleExport::yamlStaysParametric()
{
    auto a = fixedAt(jacobi, {{"N", 12}});
    // Fused and shifted (legal), through edits as the app makes them.
    const EditScript script = edits(R"([{"edit": "fuse", "node": [0, 0], "child": 0},
                                        {"edit": "shift", "node": [0, 0], "member": 0, "offsets": {"s1": "1"}}])");
    const isl::schedule fixedSchedule = script.apply(a->context(), a->originalSchedule(), "test");
    const ScheduleExport e(a->context(), a->model(), fixedSchedule,
                           {"", "", script, "the original schedule with 2 edits"}, false);
    QVERIFY(e.parametric());
    const std::string yaml = e.yaml();
    QVERIFY2(contains(yaml, "# jacobi_1d: the original schedule with 2 edits\n# parametric in T, N\n"), yaml.c_str());
    QVERIFY2(!contains(yaml, "N = 12"), yaml.c_str());
    const isl::schedule back = readBack(*a, yaml);
    QVERIFY(!back.is_null());
    // The domain over every N ...
    const PolyhedralModel free(a->context(), a->model().kernel());
    QVERIFY(back.get_domain().is_equal(free.domain()));
    // ... and at N = 12 the analysed schedule.
    const isl::set n12(a->context().ctx(), "[T, N] -> { : N = 12 }");
    QVERIFY(back.get_map().intersect_params(n12).is_equal(fixedSchedule.get_map()));
}

void tst_ScheduleExport::yamlKeepsFixedWhenAsked()
{
    auto a = fixedAt(jacobi, {{"N", 12}});
    const ScheduleExport e(a->context(), a->model(), a->originalSchedule(), {"", "", {}, "the original schedule"},
                           true);
    QVERIFY(!e.parametric());
    const std::string yaml = e.yaml();
    QVERIFY2(contains(yaml, "# for the fixed parameter values N = 12 only\n"), yaml.c_str());
    const isl::schedule back = readBack(*a, yaml);
    QVERIFY(back.get_domain().is_equal(a->model().domain()));
}

void tst_ScheduleExport::cStaysParametric()
{
    auto a = fixedAt(gauss, {{"N", 12}});
    const ScheduleExport free(a->context(), a->model(), a->originalSchedule(), {"", "", {}, "the original schedule"},
                              false);
    const std::string c = free.c();
    QVERIFY2(contains(c, "The loops are parametric in N."), c.c_str());
    QVERIFY2(contains(c, "void gauss_seidel_2d(int N)"), c.c_str());
    // The bounds name N (1 <= i < N - 1 in the kernel), none hard-coded to 11.
    QVERIFY2(contains(c, "< N - 1;"), c.c_str());
    QVERIFY2(!contains(c, "11;") && !contains(c, "10;"), c.c_str());
    const ScheduleExport fixed(a->context(), a->model(), a->originalSchedule(), {"", "", {}, "the original schedule"},
                               true);
    QVERIFY2(contains(fixed.c(), "The loops are for the fixed parameter values N = 12 only."), fixed.c().c_str());
}

void tst_ScheduleExport::fixedScheduleFileStaysFixed()
{
    auto a = fixedAt(jacobi, {{"N", 12}, {"T", 2}});
    // A schedule written at the fixed values: its domain holds N = 12 only.
    const std::string text = SchedulePrinter::blockYaml(a->originalSchedule());
    const isl::schedule s = readBack(*a, text);
    const ScheduleExport e(a->context(), a->model(), s, {text, "fixed.yaml", {}, "the schedule fixed.yaml"}, false);
    QVERIFY(!e.parametric());
    QVERIFY2(contains(e.note(), "not parametric"), e.note().c_str());
    QVERIFY2(contains(e.yaml(), "for the fixed parameter values"), e.yaml().c_str());
}

void tst_ScheduleExport::toolTreeAndCodegen()
{
    auto run = [](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral(SE_TOOL_PATH), args);
        p.waitForFinished(60000);
        return QString::fromUtf8(p.readAllStandardOutput());
    };
    const QString k = QString::fromStdString(gauss);
    const QString tree = run({QStringLiteral("tree"), k, QStringLiteral("--param"), QStringLiteral("N=12")});
    QVERIFY2(tree.contains(QStringLiteral("# parametric in N\n")), qPrintable(tree));
    QVERIFY2(!tree.contains(QStringLiteral("N = 12")), qPrintable(tree));
    const QString fixedTree = run({QStringLiteral("tree"), k, QStringLiteral("--param"), QStringLiteral("N=12"),
                                   QStringLiteral("--fixed"), QStringLiteral("--format"), QStringLiteral("flow")});
    QVERIFY2(fixedTree.contains(QStringLiteral("# for the fixed parameter values N = 12 only\n")),
             qPrintable(fixedTree));
    const QString c = run({QStringLiteral("codegen"), k, QStringLiteral("--param"), QStringLiteral("N=12"),
                           QStringLiteral("--format"), QStringLiteral("c")});
    QVERIFY2(c.contains(QStringLiteral("The loops are parametric in N.")), qPrintable(c));
}

QTEST_GUILESS_MAIN(tst_ScheduleExport)
#include "tst_scheduleexport.moc"
