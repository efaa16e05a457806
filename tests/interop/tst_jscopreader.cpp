// SPDX-License-Identifier: MIT
// JSCoP import: hand-written Polly-style files (statements matched by
// position, Stmt_ tuples renamed), matching by name, detection of the
// format, the ScheduleInput hook, and the errors with their JSON paths.
#include "core/analysis/Analyzer.h"
#include "core/interop/JscopReader.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;

namespace {

std::string kernelPath(const char *name)
{
    return std::string(SE_CONFORMANCE_DIR "/kernels/") + name + ".json";
}

// A JSCoP for jacobi_1d (s0, s1 over [t, i]) with the given names and
// schedule maps; an empty name leaves the key out.
std::string jacobi(const std::string &n0, const std::string &m0, const std::string &n1, const std::string &m1)
{
    auto stmt = [](const std::string &n, const std::string &m) {
        std::string s = "{";
        if (!n.empty())
            s += "\"name\": \"" + n + "\", ";
        // jacobi_1d's domain in its own iterators (the project's export).
        return s + "\"domain\": \"[T, N] -> { " + (n.empty() ? "X" : n)
            + "[i0, i1] : 0 <= i0 < T and 1 <= i1 < N - 1 }\", \"schedule\": \"" + m + "\", \"accesses\": []}";
    };
    return "{\"name\": \"%for.cond---%for.end\", \"context\": \"[T, N] -> { : }\", \"arrays\": [],"
           " \"statements\": ["
        + stmt(n0, m0) + ", " + stmt(n1, m1) + "]}";
}

// The imported schedule's flat maps equal `expected` on the domain.
bool sameTimes(const Analyzer &a, const isl::schedule &s, const std::string &expected)
{
    const PolyhedralModel &m = a.model();
    const FlatSchedule got(m, s);
    const FlatSchedule want(m, isl::union_map(m.islContext().ctx(), expected));
    for (std::size_t k = 0; k < m.statements().size(); ++k)
        if (!got.of(k).is_equal(want.of(k)))
            return false;
    return true;
}

} // namespace

class TstJscopReader : public QObject {
    Q_OBJECT
private slots:
    void pollyStyle();
    void matching_data();
    void matching();
    void looksLikeJscop_data();
    void looksLikeJscop();
    void scheduleReaderHook();
    void parseKeepsEverything();
    void errors_data();
    void errors();
    void pollyCounters_data();
    void pollyCounters();
    void domainMismatch();
};

// What Polly writes for jacobi_1d's fused form: its statement names and
// tuples, parameters by name. Matched by position; the result is the
// conformance case jacobi_1d.fuse, which the oracle finds illegal.
void TstJscopReader::pollyStyle()
{
    const std::string text = R"({
   "arrays": [ { "name": "MemRef_A", "sizes": [ "*" ], "type": "double" },
               { "name": "MemRef_B", "sizes": [ "*" ], "type": "double" } ],
   "context": "[T, N] -> {  : -2147483648 <= T <= 2147483647 and -2147483648 <= N <= 2147483647 }",
   "name": "%for.cond1.preheader---%for.end25",
   "statements": [
      { "accesses": [ { "kind": "read", "relation": "[T, N] -> { Stmt_for_body4[i0, i1] -> MemRef_A[i1] }" },
                      { "kind": "write", "relation": "[T, N] -> { Stmt_for_body4[i0, i1] -> MemRef_B[1 + i1] }" } ],
        "domain": "[T, N] -> { Stmt_for_body4[i0, i1] : 0 <= i0 < T and 0 <= i1 <= -3 + N }",
        "name": "Stmt_for_body4",
        "schedule": "[T, N] -> { Stmt_for_body4[i0, i1] -> [i0, i1, 0] }" },
      { "accesses": [ { "kind": "read", "relation": "[T, N] -> { Stmt_for_body15[i0, i1] -> MemRef_B[1 + i1] }" },
                      { "kind": "write", "relation": "[T, N] -> { Stmt_for_body15[i0, i1] -> MemRef_A[1 + i1] }" } ],
        "domain": "[T, N] -> { Stmt_for_body15[i0, i1] : 0 <= i0 < T and 0 <= i1 <= -3 + N }",
        "name": "Stmt_for_body15",
        "schedule": "[T, N] -> { Stmt_for_body15[i0, i1] -> [i0, i1, 1] }" }
   ]
})";
    Analyzer a(KernelLoader::loadFile(kernelPath("jacobi_1d")), {{{"T", 4}, {"N", 10}}, IslContext::DefaultQuota});
    const auto in = JscopReader::readSchedule(a.model(), text, "jacobi.jscop");
    QVERIFY(!in.byName);
    QVERIFY2(in.note.find("by position") != std::string::npos, in.note.c_str());
    QVERIFY2(in.note.find("Stmt_for_body4 -> s0, Stmt_for_body15 -> s1") != std::string::npos, in.note.c_str());
    // Polly's i1 counts from 0: i1 = i - 1 (JscopCoordinates).
    QVERIFY2(in.note.find("2 of 2 read in loop counters") != std::string::npos, in.note.c_str());
    QVERIFY(sameTimes(a, in.schedule, "{ s0[t, i] -> [t, i - 1, 0]; s1[t, i] -> [t, i - 1, 1] }"));
    // expected/jacobi_1d.fuse.json (oracle): illegal.
    QVERIFY(!a.check(in.schedule, DepMode::May).legal);
}

void TstJscopReader::matching_data()
{
    QTest::addColumn<QString>("n0");
    QTest::addColumn<QString>("m0");
    QTest::addColumn<QString>("n1");
    QTest::addColumn<QString>("m1");
    QTest::addColumn<bool>("byName");
    QTest::addColumn<QString>("why"); // in the note
    QTest::addColumn<QString>("times");

    // Listed s1 first: names win.
    QTest::newRow("by name, reordered") << "s1"
                                        << "{ s1[t, i] -> [t, 1, i] }"
                                        << "s0"
                                        << "{ s0[t, i] -> [t, 0, i] }" << true << "by name"
                                        << "{ s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }";
    // No "name" keys: the tuples name the statements.
    QTest::newRow("by tuple name") << ""
                                   << "{ s1[t, i] -> [i, t, 1] }"
                                   << ""
                                   << "{ s0[t, i] -> [i, t, 0] }" << true << "by name"
                                   << "{ s0[t, i] -> [i, t, 0]; s1[t, i] -> [i, t, 1] }";
    // One unknown name: position, and its tuple is renamed too.
    QTest::newRow("one unknown name") << "s0"
                                      << "{ s0[t, i] -> [t, 0, i] }"
                                      << "foo"
                                      << "{ foo[t, i] -> [t, 1, i] }" << false
                                      << "'foo' is not a statement of the kernel"
                                      << "{ s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }";
    QTest::newRow("duplicate name") << "s0"
                                    << "{ s0[t, i] -> [t, 0, i] }"
                                    << "s0"
                                    << "{ s0[t, i] -> [t, 1, i] }" << false << "'s0' names two statements"
                                    << "{ s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }";
    QTest::newRow("unnamed tuples") << ""
                                    << "{ [t, i] -> [t, 0, i] }"
                                    << ""
                                    << "[N] -> { [t, i] -> [t, 1, N - i] }" << false << "statements[0] has no name"
                                    << "[N] -> { s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, N - i] }";
}

void TstJscopReader::matching()
{
    QFETCH(QString, n0);
    QFETCH(QString, m0);
    QFETCH(QString, n1);
    QFETCH(QString, m1);
    QFETCH(bool, byName);
    QFETCH(QString, why);
    QFETCH(QString, times);
    Analyzer a(KernelLoader::loadFile(kernelPath("jacobi_1d")));
    const auto in = JscopReader::readSchedule(
        a.model(), jacobi(n0.toStdString(), m0.toStdString(), n1.toStdString(), m1.toStdString()), "m.jscop");
    QCOMPARE(in.byName, byName);
    QVERIFY2(in.note.find(why.toStdString()) != std::string::npos, in.note.c_str());
    QVERIFY(sameTimes(a, in.schedule, times.toStdString()));
}

void TstJscopReader::looksLikeJscop_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("jscop");
    const QString j = QStringLiteral(R"({"statements": [{"schedule": "{ s0[i] -> [i] }"}]})");
    QTest::newRow(".jscop, any text") << "a/b.jscop"
                                      << "not json" << true;
    QTest::newRow("Polly's transformed copy") << "f___%a---%b.jscop.transformed"
                                              << "{}" << true;
    QTest::newRow("JSON with statements") << "s.json" << j << true;
    QTest::newRow("no extension") << "sched" << j << true;
    QTest::newRow("union map") << "s.map"
                               << "{ s0[i] -> [i] }" << false;
    QTest::newRow("YAML tree, JSON-like") << "t.yaml"
                                          << R"({"domain": "{ s0[i] }"})" << false;
    QTest::newRow("statements without schedule") << "s.json"
                                                 << R"({"statements": [{"domain": "{ s0[i] }"}]})" << false;
    QTest::newRow(".jscopx") << "s.jscopx"
                             << "{ s0[i] -> [i] }" << false;
}

void TstJscopReader::looksLikeJscop()
{
    QFETCH(QString, file);
    QFETCH(QString, text);
    QFETCH(bool, jscop);
    QCOMPARE(JscopReader::looksLikeJscop(text.toStdString(), file.toStdString()), jscop);
}

// `--schedule FILE` goes through ScheduleInput: a JSCoP is recognised
// there (before the YAML test, which its "domain" keys would fool) and
// says how it matched; a union map is untouched.
void TstJscopReader::scheduleReaderHook()
{
    Analyzer a(KernelLoader::loadFile(kernelPath("jacobi_1d")));
    std::vector<std::string> notes;
    const isl::schedule s = ScheduleInput::read(
        a.model(), jacobi("Stmt_a", "{ Stmt_a[i0, i1] -> [i1, i0, 0] }", "Stmt_b", "{ Stmt_b[i0, i1] -> [i1, i0, 1] }"),
        "polly.json", &notes);
    QCOMPARE(notes.size(), std::size_t(1));
    QVERIFY2(notes[0].rfind("polly.json: ", 0) == 0 && notes[0].find("by position") != std::string::npos,
             notes[0].c_str());
    QVERIFY(sameTimes(a, s, "{ s0[t, i] -> [i, t, 0]; s1[t, i] -> [i, t, 1] }"));

    notes.clear();
    const isl::schedule m =
        ScheduleInput::read(a.model(), "{ s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }", "x.map", &notes);
    QVERIFY(notes.empty());
    QVERIFY(sameTimes(a, m, "{ s0[t, i] -> [t, 0, i]; s1[t, i] -> [t, 1, i] }"));
}

void TstJscopReader::parseKeepsEverything()
{
    const JscopDocument d = JscopReader::parse(
        R"({"name": "k", "context": "[N] -> { : N > 0 }",
            "arrays": [{"name": "A", "sizes": ["*", 16], "type": "float"}],
            "statements": [{"name": "S", "domain": "{ S[i] }", "schedule": "{ S[i] -> [i] }",
                            "accesses": [{"kind": "read", "relation": "{ S[i] -> A[i] }"},
                                         {"kind": "write", "relation": "{ S[i] -> A[i + 1] }"}]}]})",
        "p.jscop");
    QCOMPARE(d.name, std::string("k"));
    QCOMPARE(d.context, std::string("[N] -> { : N > 0 }"));
    QCOMPARE(d.arrays.size(), std::size_t(1));
    QCOMPARE(d.arrays[0].sizes, (std::vector<std::string>{"*", "16"}));
    QCOMPARE(d.arrays[0].type, std::string("float"));
    QCOMPARE(d.statements.size(), std::size_t(1));
    QCOMPARE(d.statements[0].domain, std::string("{ S[i] }"));
    QCOMPARE(d.statements[0].accesses.size(), std::size_t(2));
    QVERIFY(!d.statements[0].accesses[0].write);
    QVERIFY(d.statements[0].accesses[1].write);
    QCOMPARE(d.statements[0].accesses[1].relation, std::string("{ S[i] -> A[i + 1] }"));
}

void TstJscopReader::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault"); // a part of it

    const QString ok0 = QStringLiteral(R"({"name": "s0", "schedule": "{ s0[t, i] -> [t, 0, i] }"})");
    const QString ok1 = QStringLiteral(R"({"name": "s1", "schedule": "{ s1[t, i] -> [t, 1, i] }"})");
    auto two = [&](const QString &a, const QString &b) {
        return QString(QStringLiteral(R"({"statements": [)") + a + QStringLiteral(", ") + b + QStringLiteral("]}"));
    };
    QTest::newRow("not JSON") << "{ s0[t, i] -> [t] }"
                              << "line 1, column 3"
                              << "a JSCoP is JSON";
    QTest::newRow("not an object") << "[1, 2]"
                                   << ""
                                   << "a JSCoP is a JSON object";
    QTest::newRow("no statements") << R"({"name": "x"})"
                                   << ""
                                   << "missing \"statements\"";
    QTest::newRow("statements not an array") << R"({"statements": {}})"
                                             << "statements"
                                             << "must be an array";
    QTest::newRow("statement not an object") << two(ok0, QStringLiteral("3")) << "statements[1]"
                                             << "a statement is an object";
    QTest::newRow("no schedule") << two(ok0, QStringLiteral(R"({"name": "s1"})")) << "statements[1]"
                                 << "missing \"schedule\"";
    QTest::newRow("schedule not a string") << two(QStringLiteral(R"({"schedule": 1})"), ok1) << "statements[0].schedule"
                                           << "must be a string";
    QTest::newRow("bad access kind") << two(
        QStringLiteral(R"({"schedule": "{ s0[t, i] -> [t] }", "accesses": [{"kind": "modify", "relation": ""}]})"), ok1)
                                     << "statements[0].accesses[0].kind"
                                     << "must be \"read\" or \"write\"";
    QTest::newRow("bad array sizes") << R"({"arrays": [{"name": "A", "sizes": [true]}], "statements": []})"
                                     << "arrays[0].sizes[0]"
                                     << "a size is a string or an integer";
    QTest::newRow("one statement for two")
        << QString(QStringLiteral(R"({"statements": [)") + ok0 + QStringLiteral("]}")) << "statements"
        << "has 1 statement; the kernel has 2 (s0, s1)";
    QTest::newRow("unparsable map") << two(QStringLiteral(R"({"schedule": "{ s0[t, i] -> [t, }"})"), ok1)
                                    << "statements[0].schedule"
                                    << "not an isl map";
    QTest::newRow("union map for one statement")
        << two(QStringLiteral(R"({"schedule": "{ s0[t, i] -> [t]; s1[t, i] -> [t] }"})"), ok1)
        << "statements[0].schedule"
        << "not an isl map";
    QTest::newRow("wrong dimensions") << two(ok0, QStringLiteral(R"({"name": "s1", "schedule": "{ s1[t] -> [t] }"})"))
                                      << "statements[1].schedule"
                                      << "the map is over 1 dimension; s1 has 2 [t, i]";
    QTest::newRow("unknown parameter") << two(QStringLiteral(R"({"schedule": "[M] -> { s0[t, i] -> [t, 0, M] }"})"),
                                              ok1)
                                       << "statements[0].schedule"
                                       << "parameter 'M'";
    // i < 3 leaves s0[t, i] with i >= 3 out.
    QTest::newRow("instances left out") << two(QStringLiteral(R"({"schedule": "{ s0[t, i] -> [t, 0, i] : i < 3 }"})"),
                                               ok1)
                                        << "statements[0].schedule"
                                        << "leaves instances of s0 unscheduled";
    QTest::newRow("two times for one instance")
        << two(QStringLiteral(R"({"schedule": "{ s0[t, i] -> [t, x, i] : 0 <= x <= 1 }"})"), ok1)
        << "statements[0].schedule"
        << "more than one time";
}

void TstJscopReader::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    Analyzer a(KernelLoader::loadFile(kernelPath("jacobi_1d")));
    try {
        JscopReader::readSchedule(a.model(), text.toStdString(), "bad.jscop");
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), std::string("bad.jscop"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(e.fault().find(fault.toStdString()) != std::string::npos, e.what());
    }
}

// fdtd-2d (tests/interop/data/fdtd_2d.c, and fdtd_2d.json written by hand
// to match it) with Polly's own files: the `ey` update and the `hz` update
// fused in Polly's loop counters (ey's i1 is i - 1, hz's is i) is legal --
// opt-14 -polly-import-jscop accepts it, and the oracle agrees on
// { s1[t, i, j] -> [t, 2, i - 1, j, 0]; s3[t, i, j] -> [t, 2, i, j, 1]; ... }
// (ex, s2, starts j at 1: its counter is j - 1)
// -- and read as iterators it would fuse ey at i with hz at i, which is
// illegal. The same fusion with hz first is illegal for both (Polly: "JScop
// file contains a schedule that changes the dependences").
void TstJscopReader::pollyCounters_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("legal");
    QTest::addColumn<QString>("times");
    QTest::newRow("fused, Polly accepts") << "fdtd_2d.fused.jscop" << true
                                          << "{ s0[t, j] -> [t, 0, j, 0, 0]; s1[t, i, j] -> [t, 2, i - 1, j, 0];"
                                             " s2[t, i, j] -> [t, 1, i, j - 1, 0]; s3[t, i, j] -> [t, 2, i, j, 1] }";
    QTest::newRow("hz first, Polly refuses") << "fdtd_2d.bad.jscop" << false
                                             << "{ s0[t, j] -> [t, 0, j, 0, 0]; s1[t, i, j] -> [t, 2, i - 1, j, 1];"
                                                " s2[t, i, j] -> [t, 1, i, j - 1, 0]; s3[t, i, j] -> [t, 2, i, j, 0] }";
}

void TstJscopReader::pollyCounters()
{
    QFETCH(QString, file);
    QFETCH(bool, legal);
    QFETCH(QString, times);
    const std::string data = SE_SOURCE_DIR "/tests/interop/data/";
    Analyzer a(KernelLoader::loadFile(data + "fdtd_2d.json"),
               {{{"tmax", 3}, {"nx", 5}, {"ny", 4}}, IslContext::DefaultQuota});
    const auto in = JscopReader::readScheduleFile(a.model(), data + file.toStdString());
    // s0 and s3's loops start at 0, where counters and iterators coincide.
    QVERIFY2(in.note.find("2 of 4 read in loop counters") != std::string::npos, in.note.c_str());
    QVERIFY(sameTimes(a, in.schedule, times.toStdString()));
    QCOMPARE(a.check(in.schedule, DepMode::May).legal, legal);
}

// A file whose domain is neither the kernel's nor its counters': an error
// naming the statement, not a shifted schedule.
void TstJscopReader::domainMismatch()
{
    Analyzer a(KernelLoader::loadFile(kernelPath("jacobi_1d")));
    const std::string text = R"({"statements": [
        {"name": "Stmt_a", "domain": "[T, N] -> { Stmt_a[i0, i1] : 0 <= i0 < T and 0 <= i1 <= N - 3 }",
         "schedule": "[T, N] -> { Stmt_a[i0, i1] -> [i0, 0, i1] }"},
        {"name": "Stmt_b", "domain": "[T, N] -> { Stmt_b[i0, i1] : 0 <= i0 < T and 0 <= i1 <= N - 2 }",
         "schedule": "[T, N] -> { Stmt_b[i0, i1] -> [i0, 1, i1] }"}]})";
    try {
        JscopReader::readSchedule(a.model(), text, "m.jscop");
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("statements[1].domain"));
        QVERIFY2(e.fault().find("s1") != std::string::npos
                     && e.fault().find("nor in loop counters") != std::string::npos,
                 e.what());
    }
}

QTEST_GUILESS_MAIN(TstJscopReader)
#include "tst_jscopreader.moc"
