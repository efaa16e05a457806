// SPDX-License-Identifier: MIT
// ChildProcess: a step run in a forked child reports its exit status and
// message; a crash or a hang in the child is an outcome, not the parent's
// end.
#include "core/support/ChildProcess.h"

#include <QtTest>

#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>
#include <unistd.h>

using namespace se;

class tst_ChildProcess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exitStatusAndOutput()
    {
        const auto r = ChildProcess::run(
            [](int fd) {
                const char msg[] = "hello from the child";
                if (write(fd, msg, std::strlen(msg)) < 0)
                    return 9;
                return 7;
            },
            10);
        QCOMPARE(int(r.outcome), int(ChildProcess::Outcome::Exited));
        QCOMPARE(r.status, 7);
        QCOMPARE(QString::fromStdString(r.output), QStringLiteral("hello from the child"));
    }

    void crashIsAnOutcome()
    {
        const auto r = ChildProcess::run(
            [](int) {
                // SIGKILL: a sanitizer would turn SIGSEGV into an exit status.
                std::raise(SIGKILL);
                return 0;
            },
            10);
        QCOMPARE(int(r.outcome), int(ChildProcess::Outcome::Crashed));
        QCOMPARE(r.status, SIGKILL);
    }

    void hangIsKilledAtTheDeadline()
    {
        const auto start = std::chrono::steady_clock::now();
        const auto r = ChildProcess::run(
            [](int) {
                for (;;)
                    std::this_thread::sleep_for(std::chrono::seconds(1));
                return 0;
            },
            0.5);
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QCOMPARE(int(r.outcome), int(ChildProcess::Outcome::TimedOut));
        // A little under 0.5 s is the two clocks disagreeing, not an early kill.
        QVERIFY2(took >= 0.45 && took < 5, qPrintable(QString::number(took)));
    }

    void exceptionIsExitStatusOne()
    {
        const auto r = ChildProcess::run([](int) -> int { throw std::runtime_error("no"); }, 10);
        QCOMPARE(int(r.outcome), int(ChildProcess::Outcome::Exited));
        QCOMPARE(r.status, 1);
    }
};

QTEST_GUILESS_MAIN(tst_ChildProcess)
#include "tst_childprocess.moc"
