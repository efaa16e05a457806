// SPDX-License-Identifier: MIT
// The window on a kernel made to blow up isl (tests/data/limits/blowup.json,
// the one the CLI's blow-up test stops with exit 3): the GUI thread keeps
// running its event loop while the worker computes, the analysis ends in
// "stopped: too large" at the time limit, and Stop really stops an
// unbounded run (a kernel opened next gets its verdict).
#include "WidgetTestUtil.h"
#include "app/gui/MainWindow.h"
#include "core/isl/IslContext.h"

#include <QLabel>
#include <QTimer>
#include <QtTest>

#include <algorithm>

using namespace se;
using se::test::settle;
using se::test::source;

namespace {

/// The longest gap between two ticks of a 20 ms timer on the GUI thread: a
/// frozen window shows as a gap as long as the freeze.
class Heartbeat {
public:
    Heartbeat()
    {
        m_clock.start();
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_worst = std::max(m_worst, now - m_last);
            m_last = now;
        });
        m_timer.start(20);
    }
    qint64 worstGapMs() const { return m_worst; }

private:
    QElapsedTimer m_clock;
    QTimer m_timer;
    qint64 m_last = 0;
    qint64 m_worst = 0;
};

} // namespace

class tst_AppResponsive : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void blowUpStopsTooLarge();
    void stopEndsAnUnboundedRun();
};

void tst_AppResponsive::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("schedule-explorer-tests"));
    QStandardPaths::setTestModeEnabled(true);
}

void tst_AppResponsive::blowUpStopsTooLarge()
{
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Explorer *e = w.explorer();
    // Each unit of work stays under the quota: the time limit (30 s by
    // default, 3 s here) is what ends the run.
    e->setTimeLimit(3);
    QSignalSpy stopped(e, &Explorer::analysisStopped);
    QSignalSpy failed(e, &Explorer::analysisFailed);
    const Heartbeat heart;
    QVERIFY(w.openKernel(source("tests/data/limits/blowup.json")));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).value<AnalysisError>().message));
    const QString reason = stopped.front().front().toString();
    QVERIFY2(reason.startsWith(QStringLiteral("stopped: too large")), qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("time limit")), qPrintable(reason));
    QVERIFY2(!reason.contains(QStringLiteral("--time-limit")), qPrintable(reason)); // no CLI hints in the app
    auto *verdict = w.findChild<QLabel *>(QStringLiteral("verdict"));
    QVERIFY(verdict);
    QCOMPARE(verdict->text(), QStringLiteral("stopped: too large"));
    QVERIFY(!e->isBusy());
    // Not a speed figure: a freeze is the whole run (seconds); the event
    // loop ticking at all while the worker runs is what is checked.
    qInfo("longest GUI-thread gap while the worker ran: %lld ms", static_cast<long long>(heart.worstGapMs()));
    QVERIFY2(heart.worstGapMs() < 1500, qPrintable(QString::number(heart.worstGapMs())));
}

void tst_AppResponsive::stopEndsAnUnboundedRun()
{
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Explorer *e = w.explorer();
    e->setQuota(0); // no operation or time limit: only Stop ends this run
    e->setTimeLimit(0);
    QSignalSpy stopped(e, &Explorer::analysisStopped);
    const Heartbeat heart;
    QVERIFY(w.openKernel(source("tests/data/limits/blowup.json")));
    QTest::qWait(500);
    QVERIFY(e->isBusy());
    auto *stop = w.findChild<QAction *>(QStringLiteral("stop"));
    QVERIFY(stop);
    QVERIFY(stop->isEnabled());
    stop->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty(), 5000);
    QVERIFY(stopped.front().front().toString().startsWith(QStringLiteral("stopped")));
    QVERIFY(!e->isBusy());
    // The worker was aborted, not left running: the next kernel is checked.
    e->setQuota(IslContext::DefaultQuota);
    e->setTimeLimit(30);
    QVERIFY(w.openKernel(source("sample-kernels/gauss_seidel_2d.json")));
    QVERIFY(settle(e, 30000));
    QCOMPARE(e->kernel()->name, std::string("gauss_seidel_2d"));
    QVERIFY(e->snapshot()->report.legal);
    QVERIFY2(heart.worstGapMs() < 1500, qPrintable(QString::number(heart.worstGapMs())));
}

QTEST_MAIN(tst_AppResponsive)
#include "tst_appresponsive.moc"
