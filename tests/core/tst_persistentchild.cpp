// SPDX-License-Identifier: MIT
// PersistentChild: one forked child answers request after request; a
// crash, a hang or a child that asks to stop is an outcome of that
// request, and the next request gets a fresh child.
#include "core/support/PersistentChild.h"

#include <QtTest>

#include <csignal>
#include <string>
#include <unistd.h>

using namespace se;

namespace {

// The child's pid and what it was asked; "crash", "hang" and "stop" do so.
std::string handle(const std::string &request, bool &stop)
{
    if (request == "crash")
        std::raise(SIGKILL); // SIGKILL: a sanitizer would turn SIGSEGV into an exit status
    if (request == "hang")
        pause();
    stop = request == "stop";
    return std::to_string(getpid()) + ":" + request;
}

std::string pidOf(const ChildProcess::Result &r)
{
    return r.output.substr(0, r.output.find(':'));
}

} // namespace

class tst_PersistentChild : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneChildAnswersInTurn()
    {
        PersistentChild child(handle);
        const auto a = child.call("one", 10);
        const auto b = child.call(std::string(100000, 'x'), 10); // more than a socket buffer holds
        QCOMPARE(int(a.outcome), int(ChildProcess::Outcome::Exited));
        QCOMPARE(int(b.outcome), int(ChildProcess::Outcome::Exited));
        QVERIFY(a.output.size() > 4 && a.output.substr(a.output.size() - 4) == ":one");
        QCOMPARE(b.output.size(), pidOf(b).size() + 1 + 100000);
        QCOMPARE(pidOf(a), pidOf(b)); // no fork per request
        QVERIFY(pidOf(a) != std::to_string(getpid()));
    }

    void crashThenFreshChild()
    {
        PersistentChild child(handle);
        const auto before = child.call("a", 10);
        const auto crash = child.call("crash", 10);
        QCOMPARE(int(crash.outcome), int(ChildProcess::Outcome::Crashed));
        QCOMPARE(crash.status, int(SIGKILL));
        const auto after = child.call("b", 10);
        QCOMPARE(int(after.outcome), int(ChildProcess::Outcome::Exited));
        QVERIFY(pidOf(after) != pidOf(before));
    }

    void hangTimesOutThenFreshChild()
    {
        PersistentChild child(handle);
        const auto hang = child.call("hang", 0.3);
        QCOMPARE(int(hang.outcome), int(ChildProcess::Outcome::TimedOut));
        const auto after = child.call("c", 10);
        QCOMPARE(int(after.outcome), int(ChildProcess::Outcome::Exited));
        QVERIFY(after.output.size() > 2 && after.output.substr(after.output.size() - 2) == ":c");
    }

    void stopEndsTheChildAfterItsAnswer()
    {
        PersistentChild child(handle);
        const auto stop = child.call("stop", 10);
        QCOMPARE(int(stop.outcome), int(ChildProcess::Outcome::Exited));
        QVERIFY(stop.output.size() > 5 && stop.output.substr(stop.output.size() - 5) == ":stop");
        const auto next = child.call("d", 10);
        QCOMPARE(int(next.outcome), int(ChildProcess::Outcome::Exited));
        QVERIFY(pidOf(next) != pidOf(stop));
    }
};

QTEST_GUILESS_MAIN(tst_PersistentChild)
#include "tst_persistentchild.moc"
