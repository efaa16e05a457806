// SPDX-License-Identifier: MIT
// MemoryLimit and the isl context: a computation that grows past the
// memory limit ends as a MemoryLimitError (a ResourceLimitError), the context
// works again once the memory is given back, and aborts that surface as
// CancelledError or a failed isl call are the limit that caused them
// (issue 16: "execution aborted" at --time-limit was exit 2).
#include "core/isl/IslContext.h"
#include "core/isl/IslLimits.h"
#include "core/support/InputError.h"
#include "core/support/MemoryLimit.h"
#include "core/support/MemoryLimitError.h"

#include <isl/cpp.h>

#include <QtTest>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

using namespace se;

namespace {

constexpr std::uint64_t MB = std::uint64_t(1) << 20;

// Restores the process's limit after a test lowered it.
struct LimitGuard {
    std::uint64_t saved = MemoryLimit::get();
    ~LimitGuard() { MemoryLimit::set(saved); }
};

} // namespace

class tst_MemoryLimit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parseSizes_data();
    void parseSizes();
    void text();
    void defaultIsSizedToTheMachine();
    void rlimitsLowerTheDefaultAndAreNamed_data();
    void rlimitsLowerTheDefaultAndAreNamed();
    void watchIsCalledWhileOver();
    void islComputationStopsAtTheLimit();
    void abortAtTimeLimitIsATimeLimit();
    void cancelledAfterTimeLimitIsATimeLimit();
    void checkStoppedForParses();
};

void tst_MemoryLimit::parseSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("bytes"); // -1: not a size
    QTest::newRow("bytes") << "300000000" << qint64(300000000);
    QTest::newRow("M") << "512M" << qint64(512) * 1024 * 1024;
    QTest::newRow("MB lower") << "512mb" << qint64(512) * 1024 * 1024;
    QTest::newRow("G fraction") << "1.5G" << qint64(1536) * 1024 * 1024;
    QTest::newRow("K") << "64K" << qint64(65536);
    QTest::newRow("none") << "0" << qint64(0);
    QTest::newRow("empty") << "" << qint64(-1);
    QTest::newRow("negative") << "-1G" << qint64(-1);
    QTest::newRow("unit only") << "G" << qint64(-1);
    QTest::newRow("bad unit") << "5X" << qint64(-1);
    QTest::newRow("too large") << "99999999999T" << qint64(-1);
}

void tst_MemoryLimit::parseSizes()
{
    QFETCH(QString, text);
    QFETCH(qint64, bytes);
    const auto got = MemoryLimit::parse(text.toStdString());
    if (bytes < 0)
        QVERIFY(!got);
    else
        QCOMPARE(qint64(got.value_or(~0ULL)), bytes);
}

void tst_MemoryLimit::text()
{
    QCOMPARE(MemoryLimit::text(200 * MB), std::string("200 MB"));
    QCOMPARE(MemoryLimit::text(1536 * MB), std::string("1.5 GB"));
}

void tst_MemoryLimit::defaultIsSizedToTheMachine()
{
    const std::uint64_t machine = MemoryLimit::machineBytes();
    QVERIFY(machine > 64 * MB);
    QVERIFY(MemoryLimit::defaultLimit() <= machine / 2);
    struct rlimit as {
    }, data{};
    getrlimit(RLIMIT_AS, &as);
    getrlimit(RLIMIT_DATA, &data);
    if (as.rlim_cur == RLIM_INFINITY && data.rlim_cur == RLIM_INFINITY) {
        QCOMPARE(MemoryLimit::defaultLimit(), machine / 2);
        QVERIFY(MemoryLimit::defaultOrigin().rfind("half of the ", 0) == 0);
    }
    QVERIFY(MemoryLimit::residentBytes() > 1 * MB);
    QVERIFY(MemoryLimit::residentBytes() < machine);
}

void tst_MemoryLimit::rlimitsLowerTheDefaultAndAreNamed_data()
{
    QTest::addColumn<int>("resource");
    QTest::addColumn<QString>("expected");
    // A 4 GB address-space limit stops allocations long before half of a
    // big machine's memory is resident: the default is three quarters of
    // it, and the messages say where that comes from.
    QTest::newRow("ulimit -v 4 GB") << int(RLIMIT_AS)
                                    << "3 GB (three quarters of the address-space limit of 4 GB, ulimit -v)";
    QTest::newRow("ulimit -d 4 GB") << int(RLIMIT_DATA) << "3 GB (three quarters of the data limit of 4 GB, ulimit -d)";
}

void tst_MemoryLimit::rlimitsLowerTheDefaultAndAreNamed()
{
    QFETCH(int, resource);
    QFETCH(QString, expected);
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space: an address-space limit stops it at start");
#endif
    if (MemoryLimit::machineBytes() / 2 <= 3 * 1024 * MB)
        QSKIP("the machine's own half is below 3 GB");
    // In a child: the limit would bind this test process too.
    int fds[2];
    QVERIFY(pipe(fds) == 0);
    const pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
        struct rlimit r { };
        r.rlim_cur = r.rlim_max = rlim_t(4096) * MB;
        setrlimit(resource, &r);
        MemoryLimit::set(0);
        const std::string text =
            MemoryLimit::text(MemoryLimit::defaultLimit()) + " (" + MemoryLimit::defaultOrigin() + ")";
        const ssize_t n = ::write(fds[1], text.data(), text.size());
        _exit(n == ssize_t(text.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    char buf[512];
    std::string got;
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        got.append(buf, std::size_t(n));
    ::close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    QCOMPARE(status, 0);
    QCOMPARE(QString::fromStdString(got), expected);
}

void tst_MemoryLimit::watchIsCalledWhileOver()
{
    LimitGuard guard;
    std::atomic<int> calls{0};
    {
        MemoryLimit::Watch watch([&] { ++calls; });
        QTest::qWait(50);
        QCOMPARE(calls.load(), 0); // under the default limit
        MemoryLimit::set(MemoryLimit::residentBytes() / 2); // already past it
        QTRY_VERIFY_WITH_TIMEOUT(calls.load() >= 2, 5000); // again at each sample
        QVERIFY(MemoryLimit::passed());
        MemoryLimit::set(0); // no limit
        QTest::qWait(50);
        const int n = calls.load();
        QTest::qWait(100);
        QCOMPARE(calls.load(), n);
        MemoryLimit::set(MemoryLimit::residentBytes() / 2);
        QTRY_VERIFY_WITH_TIMEOUT(calls.load() > n, 5000);
        MemoryLimit::set(0);
        QTest::qWait(50);
    }
    const int n = calls.load();
    MemoryLimit::set(MemoryLimit::residentBytes() / 2);
    QTest::qWait(100); // the watch is gone
    QCOMPARE(calls.load(), n);
}

void tst_MemoryLimit::islComputationStopsAtTheLimit()
{
    LimitGuard guard;
    IslContext ctx(0); // no operation quota: only the memory limit stops it
    MemoryLimit::set(MemoryLimit::residentBytes() + 96 * MB);
    std::vector<std::unique_ptr<char[]>> held;
    try {
        QuotaScope::run(ctx, "growing", [&] {
            // Memory grows between isl calls, as it does inside a large
            // computation; the watchdog aborts the context and the next
            // isl call fails.
            for (int k = 0; k < 1000; ++k) {
                held.emplace_back(new char[8 * MB]);
                std::memset(held.back().get(), 1, 8 * MB);
                isl::set s(ctx.ctx(), "{ [i, j] : 0 <= i < 100 and 0 <= j < i }");
                s = s.coalesce().lexmin();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return 0;
        });
        QFAIL("grew past the limit unstopped");
    } catch (const MemoryLimitError &e) {
        QVERIFY2(std::string(e.what()).find("growing: stopped at the memory limit of ") == 0, e.what());
    }
    QVERIFY(IslLimits::memoryStopped(ctx));
    QVERIFY(held.size() < 1000);
    // Still past the limit: the next computation does not start.
    QVERIFY_THROWS_EXCEPTION(ResourceLimitError, QuotaScope::run(ctx, "again", [] { return 0; }));
    // Under the limit again (memory given back, or a higher limit: under
    // ASan freed memory stays in quarantine): it does.
    held.clear();
    MemoryLimit::set(MemoryLimit::residentBytes() + 96 * MB);
    const bool empty =
        QuotaScope::run(ctx, "after", [&] { return isl::set(ctx.ctx(), "{ [i] : 0 <= i < 7 }").is_empty(); });
    QVERIFY(!empty);
    QVERIFY(!IslLimits::memoryStopped(ctx));
}

void tst_MemoryLimit::abortAtTimeLimitIsATimeLimit()
{
    IslContext ctx(0);
    ctx.setTimeLimit(0.05);
    try {
        QuotaScope::run(ctx, "waiting", [&] {
            for (;;) { // isl calls until the watchdog's abort makes one fail
                isl::set s(ctx.ctx(), "{ [i] : 0 <= i < 10 }");
                s = s.coalesce();
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return 0;
        });
        QFAIL("not stopped");
    } catch (const ResourceLimitError &e) {
        QCOMPARE(e.limit(), ResourceLimitError::Limit::Time);
        QCOMPARE(std::string(e.what()), std::string("waiting: stopped at the time limit of 0.05 s"));
    }
}

void tst_MemoryLimit::cancelledAfterTimeLimitIsATimeLimit()
{
    // Code that turns a failed C call into CancelledError (edits do) is not
    // cancelled when the time limit aborted it.
    IslContext ctx(0);
    ctx.setTimeLimit(0.05);
    try {
        QuotaScope::run(ctx, "editing", [&]() -> int {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            throw CancelledError();
        });
        QFAIL("not stopped");
    } catch (const ResourceLimitError &e) {
        QCOMPARE(e.limit(), ResourceLimitError::Limit::Time);
    }
}

void tst_MemoryLimit::checkStoppedForParses()
{
    IslContext ctx(0);
    IslLimits::checkStopped(ctx, "reading"); // nothing stopped it
    ctx.setTimeLimit(0.01);
    QTRY_VERIFY_WITH_TIMEOUT(ctx.timedOut(), 5000);
    // A parse after the abort fails; the failure is the time limit.
    QVERIFY(!isl_union_map_read_from_str(ctx.get(), "{ S[i] -> [i] }"));
    try {
        IslLimits::checkStopped(ctx, "reading the schedule");
        QFAIL("not stopped");
    } catch (const ResourceLimitError &e) {
        QCOMPARE(e.limit(), ResourceLimitError::Limit::Time);
        QCOMPARE(std::string(e.what()), std::string("reading the schedule: stopped at the time limit of 0.01 s"));
    }
}

QTEST_GUILESS_MAIN(tst_MemoryLimit)
#include "tst_memorylimit.moc"
