// SPDX-License-Identifier: MIT
// The app's exports (issues 11 and 12): YAML and C stay parametric when the
// Kernel dock fixes a value, and say so; File > Export > Keep Fixed
// Parameter Values writes them for those values. A violation between two
// children of a set says so in the violations table.
#include "WidgetTestUtil.h"
#include "app/gui/MainWindow.h"
#include "core/edit/Edit.h"
#include "widgets/document/Explorer.h"
#include "widgets/models/ViolationsModel.h"

#include <QAction>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

QString exported(MainWindow &w, MainWindow::Export what, const QString &path)
{
    if (!w.exportFile(what, path))
        return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class tst_AppExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parametricUnlessAsked();
    void setViolationInTable();
};

void tst_AppExports::parametricUnlessAsked()
{
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    Explorer *e = w.explorer();
    QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
    QVERIFY(settle(e));
    e->setFixedParams({{"N", 12}});
    QVERIFY(settle(e));
    QCOMPARE(e->snapshot()->fixedParams.at("N"), 12);
    const QString yaml = dir.filePath(QStringLiteral("s.yaml")), c = dir.filePath(QStringLiteral("s.c"));
    QString y = exported(w, MainWindow::Export::ScheduleYaml, yaml);
    QVERIFY2(y.contains(QStringLiteral("\n# parametric in N\n")), qPrintable(y));
    QVERIFY2(!y.contains(QStringLiteral("N = 12")), qPrintable(y));
    QString code = exported(w, MainWindow::Export::C, c);
    QVERIFY2(code.contains(QStringLiteral("The loops are parametric in N.")), qPrintable(code));
    QVERIFY2(code.contains(QStringLiteral("< N - 1;")), qPrintable(code));
    const QString map = dir.filePath(QStringLiteral("s.map"));
    // The union map, built again from the document as the YAML is (the
    // schedule's times only: the domain is gisted away, so it reads the
    // same either way); isl reads it back (tst_mainwindow: the oracle too).
    const QString parametricMap = QStringLiteral("[N] -> { s0[i, j] -> [(i), (j)] }\n");
    QCOMPARE(exported(w, MainWindow::Export::ScheduleMap, map), parametricMap);

    QAction *keep = nullptr;
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text() == QStringLiteral("Keep &Fixed Parameter Values in YAML and C"))
            keep = a;
    QVERIFY(keep && keep->isCheckable() && !keep->isChecked());
    keep->setChecked(true);
    y = exported(w, MainWindow::Export::ScheduleYaml, yaml);
    QVERIFY2(y.contains(QStringLiteral("\n# for the fixed parameter values N = 12 only\n")), qPrintable(y));
    QVERIFY2(y.contains(QStringLiteral("N = 12")), qPrintable(y));
    code = exported(w, MainWindow::Export::C, c);
    QVERIFY2(code.contains(QStringLiteral("The loops are for the fixed parameter values N = 12 only.")),
             qPrintable(code));
    QCOMPARE(exported(w, MainWindow::Export::ScheduleMap, map), parametricMap);
}

// set_pair: s2 reads A[i], which s0 wrote; the two loops made a set may
// run s2's loop first (RAW s0 -> s2 on A, 4 pairs at N = 4 by the oracle on
// the reversed order).
void tst_AppExports::setViolationInTable()
{
    Explorer e;
    QString error;
    QVERIFY2(e.openKernel(source("tests/data/kernels/set_pair.json"), &error), qPrintable(error));
    QVERIFY(settle(&e));
    e.setFixedParams({{"N", 4}});
    QVERIFY(settle(&e));
    QVERIFY(e.snapshot()->report.legal);
    e.applyEdit(Edit::toSet({0}));
    QVERIFY(settle(&e));
    const auto &r = e.snapshot()->report;
    QVERIFY(!r.legal);
    QCOMPARE(r.violations.size(), std::size_t(1));
    QVERIFY(r.violations[0].acrossSet);
    ViolationsModel m;
    m.setSnapshot(e.snapshot());
    QCOMPARE(m.data(m.index(0, ViolationsModel::Level)).toString(), QStringLiteral("t0 (set)"));
    QVERIFY(m.data(m.index(0, ViolationsModel::Level), Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("different children of the set")));
    QVERIFY(m.data(m.index(0, ViolationsModel::Message))
                .toString()
                .contains(QStringLiteral("different children of a set")));
    QCOMPARE(m.data(m.index(0, ViolationsModel::Pairs)).toLongLong(), 4);
}

QTEST_MAIN(tst_AppExports)
#include "tst_appexports.moc"
