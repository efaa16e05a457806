// SPDX-License-Identifier: MIT
// Every isl YAML export (`tree` block and flow, `apply --out`, the app's
// export: all ScheduleExport::yaml) must be read back by plain isl, as
// PPCG's --load-schedule and every isl user read it: a C program linking
// only libisl (isl_yaml_reader.c) reads the block and flow forms, finds
// them equal by isl_schedule_plain_is_equal, and prints the schedule's
// union map and band flags, which must equal the tool's own. In process,
// isl_schedule_read_from_str of the export is plain-equal to the schedule.
// Covers each sample and conformance kernel with its original schedule,
// every schedule file, the isl scheduler's tree (band flags), and the
// first sequence made a set.
#include "ExportCases.h"
#include "core/analysis/Analyzer.h"
#include "core/analysis/ScheduleExport.h"
#include "core/edit/EditScript.h"
#include "core/explore/ScheduleSuggester.h"
#include "core/schedule/ScheduleTree.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"

#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace se;

namespace {

// "band permutable=1 coincident=1,0" per band, top down (as the reader prints them).
QStringList bandFlags(const isl::schedule &s)
{
    QStringList out;
    isl_schedule_foreach_schedule_node_top_down(
        s.get(),
        [](isl_schedule_node *node, void *user) -> isl_bool {
            if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
                return isl_bool_true;
            QString line = QStringLiteral("band permutable=%1 coincident=")
                               .arg(isl_schedule_node_band_get_permutable(node) == isl_bool_true ? 1 : 0);
            const isl_size n = isl_schedule_node_band_n_member(node);
            for (isl_size k = 0; k < n; ++k)
                line += (k ? QStringLiteral(",") : QString())
                    + QString::number(isl_schedule_node_band_member_get_coincident(node, k) == isl_bool_true);
            static_cast<QStringList *>(user)->append(line);
            return isl_bool_true;
        },
        &out);
    return out;
}

// The first sequence node's path, if any.
bool firstSequence(const TreeNode &n, std::vector<int> &path)
{
    if (n.kind == TreeNode::Kind::Sequence)
        return true;
    for (std::size_t k = 0; k < n.children.size(); ++k) {
        path.push_back(static_cast<int>(k));
        if (firstSequence(n.children[k], path))
            return true;
        path.pop_back();
    }
    return false;
}

bool writeFile(const QString &path, const std::string &text)
{
    std::ofstream f(path.toStdString(), std::ios::binary);
    return static_cast<bool>(f << text);
}

} // namespace

class tst_IslYamlExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readByPlainIsl_data();
    void readByPlainIsl();
};

void tst_IslYamlExport::readByPlainIsl_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    for (const auto &c : test::exportCases())
        QTest::newRow(c.name.toUtf8().constData()) << c.kernel << c.schedule;
}

void tst_IslYamlExport::readByPlainIsl()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    Analyzer a(KernelLoader::loadFile(kernel.toStdString()));
    const PolyhedralModel &model = a.model();
    std::vector<std::pair<std::string, isl::schedule>> variants;
    const isl::schedule base =
        schedule.isEmpty() ? a.originalSchedule() : ScheduleInput::readFile(model, schedule.toStdString());
    variants.emplace_back("as written", base);
    if (schedule.isEmpty()) {
        // Bands with permutable and coincident flags set.
        variants.emplace_back("isl scheduler", ScheduleSuggester::suggest(model, a.dependences(DepMode::May)));
        std::vector<int> path;
        if (firstSequence(ScheduleTree::read(base), path)) {
            EditScript s;
            s.edits = {Edit::toSet(path)};
            variants.emplace_back("a set", s.apply(a.context(), base, "test"));
        }
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const auto &[what, s] : variants) {
        const ScheduleExport e(a.context(), model, s, {"", schedule.toStdString(), {}, what}, false);
        QVERIFY(e.parametric());
        const std::string block = e.yaml(true), flow = e.yaml(false);
        // In process, with isl's own reader.
        for (const std::string &text : {block, flow}) {
            isl_schedule *r = isl_schedule_read_from_str(a.context().get(), text.c_str());
            QVERIFY2(r, (what + ": isl refuses\n" + text).c_str());
            const isl_bool same = isl_schedule_plain_is_equal(r, s.get());
            isl_schedule_free(r);
            QVERIFY2(same == isl_bool_true, (what + ": not plain equal\n" + text).c_str());
        }
        // By a program that links only libisl.
        const QString bp = dir.filePath(QStringLiteral("block.yaml")), fp = dir.filePath(QStringLiteral("flow.yaml"));
        QVERIFY(writeFile(bp, block) && writeFile(fp, flow));
        QProcess reader;
        reader.start(QStringLiteral(SE_ISL_READER_PATH), {bp, fp});
        QVERIFY(reader.waitForFinished(60000));
        const QString err = QString::fromUtf8(reader.readAllStandardError());
        QVERIFY2(reader.exitStatus() == QProcess::NormalExit && reader.exitCode() == 0,
                 qPrintable(QString::fromStdString(what) + QStringLiteral(": ") + err));
        QStringList lines =
            QString::fromUtf8(reader.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        const isl::union_map read(a.context().ctx(), lines.takeFirst().toStdString());
        QVERIFY2(read.is_equal(s.get_map()), what.c_str());
        QCOMPARE(lines, bandFlags(s));
    }
}

QTEST_GUILESS_MAIN(tst_IslYamlExport)
#include "tst_islyamlexport.moc"
