// SPDX-License-Identifier: MIT
// Export then import gives back the same schedule (isl is_equal on every
// statement's flat map), for the original schedules and the conformance
// schedules, symbolic and with the parameters fixed; and through the
// command line, the imported JSCoP gets the oracle's verdict.
#include "core/analysis/Analyzer.h"
#include "core/interop/JscopReader.h"
#include "core/interop/JscopWriter.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"
#include "core/interop/ScheduleInput.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace se;

namespace {

const QString conformance = QStringLiteral(SE_CONFORMANCE_DIR);

// Every parameter of the kernel at its `value`, as compare.py fixes them.
ParamValues values(const Kernel &k)
{
    ParamValues out;
    for (const auto &p : k.params)
        if (p.value)
            out[p.name] = *p.value;
    return out;
}

void addCases()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule"); // "" for the original
    QTest::addColumn<bool>("fixed");
    const QStringList kernels = QDir(conformance + QStringLiteral("/kernels")).entryList({QStringLiteral("*.json")});
    QVERIFY(kernels.size() >= 6);
    for (const QString &k : kernels) {
        const QString name = QFileInfo(k).completeBaseName();
        for (bool fixed : {false, true})
            QTest::addRow("%s original%s", qPrintable(name), fixed ? " fixed" : "") << name << QString() << fixed;
    }
    const QStringList maps = QDir(conformance + QStringLiteral("/schedules")).entryList({QStringLiteral("*.map")});
    QVERIFY(maps.size() >= 12);
    for (const QString &m : maps) {
        const QString c = QFileInfo(m).completeBaseName(); // kernel.case
        for (bool fixed : {false, true})
            QTest::addRow("%s%s", qPrintable(c), fixed ? " fixed" : "")
                << c.section(QLatin1Char('.'), 0, 0) << c << fixed;
    }
}

} // namespace

class TstJscopRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data() { addCases(); }
    void roundTrip();
    void commandLine_data();
    void commandLine();
};

void TstJscopRoundTrip::roundTrip()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    QFETCH(bool, fixed);
    const KernelPtr k = KernelLoader::loadFile(
        QString(conformance + QStringLiteral("/kernels/") + kernel + QStringLiteral(".json")).toStdString());
    Analyzer a(k, {fixed ? values(*k) : ParamValues{}, IslContext::DefaultQuota});
    const isl::schedule s = schedule.isEmpty()
        ? a.originalSchedule()
        : ScheduleInput::readFile(
            a.model(),
            QString(conformance + QStringLiteral("/schedules/") + schedule + QStringLiteral(".map")).toStdString());
    const std::string text = JscopWriter::write(a.model(), s);
    const JscopReader::Import in = JscopReader::readSchedule(a.model(), text, "rt.jscop");
    QVERIFY2(in.byName, in.note.c_str());

    const FlatSchedule before(a.model(), s);
    const FlatSchedule after(a.model(), in.schedule);
    QCOMPARE(after.size(), before.size());
    for (std::size_t i = 0; i < before.size(); ++i)
        QVERIFY2(after.of(i).is_equal(before.of(i)), (a.model().statements()[i].name + ": exported " + text).c_str());
}

void TstJscopRoundTrip::commandLine_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<bool>("fixed");
    const QStringList maps = QDir(conformance + QStringLiteral("/schedules")).entryList({QStringLiteral("*.map")});
    for (const QString &m : maps) {
        const QString c = QFileInfo(m).completeBaseName();
        QTest::addRow("%s", qPrintable(c)) << c.section(QLatin1Char('.'), 0, 0) << c << true;
    }
}

// schedule-tool export-jscop --schedule MAP --out F, then check --schedule F:
// the verdict is the oracle's (expected/NAME.CASE.json), and stderr says
// how the statements were matched.
void TstJscopRoundTrip::commandLine()
{
    QFETCH(QString, kernel);
    QFETCH(QString, schedule);
    const QString kpath = conformance + QStringLiteral("/kernels/") + kernel + QStringLiteral(".json");
    const KernelPtr k = KernelLoader::loadFile(kpath.toStdString());
    QStringList params;
    for (const auto &[n, v] : values(*k))
        params << QStringLiteral("--param") << QString::fromStdString(n) + QLatin1Char('=') + QString::number(v);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(schedule + QStringLiteral(".jscop"));
    QProcess p;
    p.start(QStringLiteral(SE_TOOL_PATH),
            QStringList{QStringLiteral("export-jscop"), kpath, QStringLiteral("--schedule"),
                        conformance + QStringLiteral("/schedules/") + schedule + QStringLiteral(".map"),
                        QStringLiteral("--out"), out}
                + params);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QFileInfo::exists(out));

    p.start(QStringLiteral(SE_TOOL_PATH),
            QStringList{QStringLiteral("check"), kpath, QStringLiteral("--schedule"), out, QStringLiteral("--json")}
                + params);
    QVERIFY(p.waitForFinished(60000));
    const auto report = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("matched by name")), qPrintable(err));

    QFile f(conformance + QStringLiteral("/expected/") + schedule + QStringLiteral(".json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const bool legal = nlohmann::json::parse(f.readAll().toStdString()).at("legal").get<bool>();
    QCOMPARE(report.at("legal").get<bool>(), legal);
    QCOMPARE(p.exitCode(), legal ? 0 : 1);
}

QTEST_GUILESS_MAIN(TstJscopRoundTrip)
#include "tst_jscoproundtrip.moc"
