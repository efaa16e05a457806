// SPDX-License-Identifier: MIT
// Audited dependence overrides: a violation disappears only under its own
// override, the verdict names the assumption, and bad override files are
// refused with the file and place. Expected verdicts from the oracle:
// jacobi_1d fused (schedules/jacobi_1d.fuse.map) violates exactly
// WAR s0 -> s1 on A.
#include "core/analysis/Analyzer.h"
#include "core/edit/EditScript.h"
#include "core/legality/DependenceOverride.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace se;

class tst_DependenceOverride : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void onlyItsOwnEdge_data();
    void onlyItsOwnEdge();
    void badFiles_data();
    void badFiles();
    void roundTrip();
    void survivesEditScript();

private:
    static CheckReport checkFused(const std::vector<DependenceOverride> &overrides)
    {
        const std::string dir = SE_CONFORMANCE_DIR;
        Analyzer a(KernelLoader::loadFile(dir + "/kernels/jacobi_1d.json"), {{{"N", 10}, {"T", 4}}});
        const isl::schedule s = ScheduleInput::readFile(a.model(), dir + "/schedules/jacobi_1d.fuse.map");
        Analyzer::CheckOptions o;
        o.assumeNoDep = overrides;
        return a.check(s, DepMode::May, o);
    }
};

void tst_DependenceOverride::onlyItsOwnEdge_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("src");
    QTest::addColumn<QString>("dst");
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<bool>("legal");
    QTest::addColumn<bool>("matched");
    QTest::addColumn<bool>("needed");
    QTest::newRow("the violated edge") << "WAR"
                                       << "s0"
                                       << "s1"
                                       << "A" << true << true << true;
    QTest::newRow("another type") << "RAW"
                                  << "s0"
                                  << "s1"
                                  << "A" << false << false << false;
    QTest::newRow("another tensor") << "WAR"
                                    << "s0"
                                    << "s1"
                                    << "B" << false << false << false;
    QTest::newRow("reversed") << "WAR"
                              << "s1"
                              << "s0"
                              << "A" << false << false << false;
    QTest::newRow("a respected edge") << "RAW"
                                      << "s0"
                                      << "s1"
                                      << "B" << false << true << false;
}

void tst_DependenceOverride::onlyItsOwnEdge()
{
    QFETCH(QString, type);
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(QString, tensor);
    QFETCH(bool, legal);
    QFETCH(bool, matched);
    QFETCH(bool, needed);
    const CheckReport none = checkFused({});
    QVERIFY(!none.legal);
    QCOMPARE(none.violations.size(), std::size_t(1));

    const DependenceOverride o{type.toStdString(), src.toStdString(), dst.toStdString(), tensor.toStdString(),
                               "the runtime double-buffers A"};
    const CheckReport r = checkFused({o});
    QCOMPARE(r.legal, legal);
    QCOMPARE(r.assumptions.size(), std::size_t(1));
    QCOMPARE(r.assumptions[0].matched, matched);
    QCOMPARE(r.assumptions[0].needed, needed);
    if (legal) {
        QCOMPARE(QString::fromStdString(r.verdict()),
                 QStringLiteral("legal, assuming: WAR s0 -> s1 on A (the runtime double-buffers A)"));
        QVERIFY(r.violations.empty());
    } else {
        QVERIFY(QString::fromStdString(r.verdict()).startsWith(QStringLiteral("illegal")));
        QCOMPARE(r.violations.size(), std::size_t(1));
    }
    // The edge itself stays listed, marked.
    int marked = 0;
    for (const auto &e : r.edges)
        marked += !e.assumedAbsent.empty();
    QCOMPARE(marked, matched ? 1 : 0);
}

void tst_DependenceOverride::badFiles_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    QTest::newRow("no reason") << R"({"assume_no_dep": [{"type": "WAR", "src": "s0", "dst": "s1", "tensor": "A"}]})"
                               << "assume_no_dep[0]"
                               << "missing string \"reason\"";
    QTest::newRow("empty reason")
        << R"({"assume_no_dep": [{"type": "WAR", "src": "s0", "dst": "s1", "tensor": "A", "reason": " "}]})"
        << "assume_no_dep[0].reason"
        << "an assumption needs a reason (it is the audit trail)";
    QTest::newRow("bad type")
        << R"({"assume_no_dep": [{"type": "RAR", "src": "s0", "dst": "s1", "tensor": "A", "reason": "x"}]})"
        << "assume_no_dep[0].type"
        << "'RAR' is not RAW, WAR or WAW";
    QTest::newRow("not a list") << R"({"assume_no_dep": 3})"
                                << "assume_no_dep"
                                << "the dependence overrides are a list of {type, src, dst, tensor, reason}";
}

void tst_DependenceOverride::badFiles()
{
    QFETCH(QString, json);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        DependenceOverride::readList(nlohmann::json::parse(json.toStdString()), "ov.json");
        QFAIL("accepted a bad override list");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("ov.json"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QCOMPARE(QString::fromStdString(e.fault()), fault);
    }
}

void tst_DependenceOverride::roundTrip()
{
    const DependenceOverride o{"WAW", "s2", "s3", "SB_alloc", "slots never overlap at run time"};
    const nlohmann::json doc = {{"assume_no_dep", nlohmann::json::array({o.toJson()})}};
    const auto back = DependenceOverride::readList(doc, "x");
    QCOMPARE(back.size(), std::size_t(1));
    QVERIFY(back[0].matches("WAW", "s2", "s3", "SB_alloc"));
    QCOMPARE(back[0].reason, o.reason);
}

void tst_DependenceOverride::survivesEditScript()
{
    // Saved with the edit log, read back, and still the verdict's assumption.
    EditScript script;
    script.kernel = "jacobi_1d";
    script.assumeNoDep.push_back({"WAR", "s0", "s1", "A", "the runtime double-buffers A"});
    const EditScript back = EditScript::fromJson(nlohmann::json::parse(script.toJson().dump()), "script.json");
    QCOMPARE(back.assumeNoDep.size(), std::size_t(1));
    const CheckReport r = checkFused(back.assumeNoDep);
    QVERIFY(r.legal);
    QCOMPARE(QString::fromStdString(r.verdict()),
             QStringLiteral("legal, assuming: WAR s0 -> s1 on A (the runtime double-buffers A)"));
}

QTEST_GUILESS_MAIN(tst_DependenceOverride)
#include "tst_dependenceoverride.moc"
