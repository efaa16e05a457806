// SPDX-License-Identifier: MIT
// Reading user schedules: isl YAML trees in block and flow style, union maps
// (time vectors of unequal length padded with zeros), parameters in a
// schedule while the kernel's are fixed, and every refusal with its
// message. Expected time maps are written by hand in isl notation.
#include "core/analysis/Analyzer.h"
#include "core/isl/IslUtil.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/interop/ScheduleInput.h"
#include "core/schedule/ScheduleReader.h"
#include "core/schedule/ScheduleYaml.h"
#include "core/support/InputError.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace se;

namespace {

std::string kernelPath(const std::string &name)
{
    return std::string(SE_SOURCE_DIR) + "/tests/data/kernels/" + name + ".json";
}

std::string schedulePath(const std::string &file)
{
    return std::string(SE_SOURCE_DIR) + "/tests/data/schedules/" + file;
}

ParamValues params(const QString &text)
{
    ParamValues out;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto parts = kv.split(QLatin1Char('='));
        out[parts[0].toStdString()] = parts[1].toLongLong();
    }
    return out;
}

std::unique_ptr<Analyzer> analyze(const QString &kernel, const QString &fixed)
{
    Analyzer::Options o;
    o.params = params(fixed);
    return std::make_unique<Analyzer>(KernelLoader::loadFile(kernelPath(kernel.toStdString())), o);
}

// Text of a schedule: `@file` names a file of tests/data/schedules.
std::string scheduleText(const QString &text)
{
    if (!text.startsWith(QLatin1Char('@')))
        return text.toStdString();
    std::ifstream in(schedulePath(text.mid(1).toStdString()));
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace

class tst_ScheduleReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accepted_data();
    void accepted();
    void printedTreesReadBack_data();
    void printedTreesReadBack();
    void looksLikeTree();
    void explicitLeaves_data();
    void explicitLeaves();
    void refused_data();
    void refused();
    void fromFile();
};

void tst_ScheduleReader::accepted_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("times"); // the flat schedule, padded, on the kernel's domain
    const char *red = "[N] -> { s0[i, j] -> [j, i, 0, 0]; s1[i, j, k] -> [j, i, 1, k] }";
    QTest::newRow("block YAML tree") << "deps_reduction"
                                     << ""
                                     << "@deps_reduction.interchange_block.yaml" << red;
    QTest::newRow("flow YAML tree") << "deps_reduction"
                                    << ""
                                    << "@deps_reduction.interchange_flow.yaml" << red;
    QTest::newRow("block YAML, N fixed") << "deps_reduction"
                                         << "N=3"
                                         << "@deps_reduction.interchange_block.yaml" << red;
    // Unequal lengths: s0's [i, j] is padded to [i, j, 0, 0].
    QTest::newRow("union map, padded") << "deps_reduction"
                                       << ""
                                       << "[N] -> { s0[i, j] -> [i, j]; s1[i, j, k] -> [i, j, 1, k] }"
                                       << "[N] -> { s0[i, j] -> [i, j, 0, 0]; s1[i, j, k] -> [i, j, 1, k] }";
    QTest::newRow("union map without parameters") << "deps_reduction"
                                                  << ""
                                                  << "{ s0[i, j] -> [i, j]; s1[i, j, k] -> [i, j, 1, k] }"
                                                  << "[N] -> { s0[i, j] -> [i, j, 0, 0]; s1[i, j, k] -> [i, j, 1, k] }";
    QTest::newRow("scalar dimensions only") << "deps_sequence"
                                            << ""
                                            << "{ s0[i] -> [1]; s1[j] -> [0, j] }"
                                            << "[N] -> { s0[i] -> [1, 0]; s1[j] -> [0, j] }";
    // The kernel's N is fixed at 8; the schedule still speaks of N.
    QTest::newRow("parameter in schedule, kernel fixed") << "deps_stencil"
                                                         << "T=3,N=8"
                                                         << "[T, N] -> { s0[t, i] -> [t, N - i] }"
                                                         << "[T, N] -> { s0[t, i] -> [t, 8 - i] }";
    QTest::newRow("parameter subset") << "deps_stencil"
                                      << "T=3,N=8"
                                      << "[N] -> { s0[t, i] -> [t, N - 1 - i] }"
                                      << "{ s0[t, i] -> [t, 7 - i] }";
    QTest::newRow("quasi-affine times") << "deps_stencil"
                                        << ""
                                        << "[T, N] -> { s0[t, i] -> [floor(i/4), t, i mod 4] }"
                                        << "[T, N] -> { s0[t, i] -> [floor(i/4), t, i mod 4] }";
    // Pieces outside the domain do not count; pieces covering it do.
    QTest::newRow("extra instances ignored") << "deps_sequence"
                                             << ""
                                             << "{ s0[i] -> [0, i]; s1[j] -> [1, j] }"
                                             << "[N] -> { s0[i] -> [0, i]; s1[j] -> [1, j] }";
    QTest::newRow("piecewise") << "deps_sequence"
                               << ""
                               << "[N] -> { s0[i] -> [0, i] : i < 3; s0[i] -> [2, i] : i >= 3; s1[j] -> [1, j] }"
                               << "[N] -> { s0[i] -> [0, i] : i < 3; s0[i] -> [2, i] : i >= 3; s1[j] -> [1, j] }";
    // Issue 16: isl failed with "NULL input" on these valid schedules.
    // Gisted to the domain, floor(i/4) is no function below i = -1.
    QTest::newRow("floors changing sign") << "sched_floors"
                                          << ""
                                          << "{ s0[i] -> [floor(i/4), floor(i/2), i] }"
                                          << "{ s0[i] -> [floor(i/4), floor(i/2), i] }";
    QTest::newRow("overlapping pieces, one function") << "sched_floors"
                                                      << ""
                                                      << "{ s0[i] -> [i] : i <= 1; s0[i] -> [i] : i >= 0 }"
                                                      << "{ s0[i] -> [i] }";
    QTest::newRow("a zero-trip loop") << "sched_zero_trip"
                                      << ""
                                      << "{ s0[i] -> [0, i]; s1[j] -> [1, j] }"
                                      << "[N] -> { s0[i] -> [0, i] }";
    QTest::newRow("every loop zero-trip") << "sched_zero_trip"
                                          << "N=0"
                                          << "{ s0[i] -> [0, i]; s1[j] -> [1, j] }"
                                          << "{ s0[i] -> [0, i] : 1 = 0 }";
    QTest::newRow("rank parameter") << "deps_rank"
                                    << ""
                                    << "[rank_0_0] -> { s0[i] -> [i + rank_0_0, 0]; s1[i] -> [i, 1] }"
                                    << "[rank_0_0] -> { s0[i] -> [i + rank_0_0, 0]; s1[i] -> [i, 1] }";
}

void tst_ScheduleReader::accepted()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, schedule);
    QFETCH(QString, times);
    auto a = analyze(kernel, fixed);
    const auto &model = a->model();
    const isl::schedule s = ScheduleInput::read(model, scheduleText(schedule), "s.txt");
    // The tree is over exactly the kernel's domain.
    QVERIFY(s.get_domain().is_equal(model.domain()));
    const isl::union_map got = FlatSchedule(model, s).unionMap();
    const isl::union_map want =
        isl::union_map(a->context().ctx(), times.toStdString()).intersect_domain(model.domain());
    QVERIFY2(got.is_equal(want), islutil::str(got).c_str());
}

void tst_ScheduleReader::printedTreesReadBack_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    // `tree` prints the original schedule; `--schedule` must read it back.
    for (const char *k : {"deps_stencil", "deps_reduction", "deps_ceil", "model_stride", "model_bounds", "leg_pair"}) {
        QTest::newRow(k) << QString::fromLatin1(k) << QString();
        QTest::newRow((std::string(k) + " fixed").c_str()) << QString::fromLatin1(k) << QStringLiteral("N=5");
    }
    QTest::newRow("deps_alloc") << QStringLiteral("deps_alloc") << QString();
}

void tst_ScheduleReader::printedTreesReadBack()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    auto a = analyze(kernel, fixed);
    const isl::schedule &original = a->originalSchedule();
    const std::string block = SchedulePrinter::blockYaml(original);
    const std::string flow = SchedulePrinter::flowYaml(original);
    QVERIFY(block.find('\n') != std::string::npos);
    QVERIFY(ScheduleReader::looksLikeTree(block));
    QVERIFY(ScheduleReader::looksLikeTree(flow));
    for (const std::string &text : {block, flow}) {
        const isl::schedule back = ScheduleInput::read(a->model(), text, "tree.yaml");
        QVERIFY(back.get_map().is_equal(original.get_map()));
    }
}

void tst_ScheduleReader::looksLikeTree()
{
    QVERIFY(ScheduleReader::looksLikeTree("domain: \"{ s0[i] }\""));
    QVERIFY(ScheduleReader::looksLikeTree("{ domain: \"{ s0[i] }\" }"));
    QVERIFY(ScheduleReader::looksLikeTree("{ \"domain\": \"{ s0[i] }\" }"));
    QVERIFY(!ScheduleReader::looksLikeTree("[N] -> { s0[i] -> [i] }"));
    QVERIFY(!ScheduleReader::looksLikeTree("{ s0[i] -> [i] : i >= 0 }"));
}

void tst_ScheduleReader::explicitLeaves_data()
{
    // isl prints a mark above a leaf without a child but reads it only with one.
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("flow") << R"({ domain: "{ s0[i] }", child: { mark: "s0" } })"
                          << R"({ domain: "{ s0[i] }", child: { mark: "s0", child: { leaf } } })";
    QTest::newRow("flow, in a sequence")
        << R"({ sequence: [ { filter: "{ s0[i] }", child: { mark: "s0" } }, { filter: "{ s1[i] }", child: { mark: "s1" } } ] })"
        << R"({ sequence: [ { filter: "{ s0[i] }", child: { mark: "s0", child: { leaf } } }, { filter: "{ s1[i] }", child: { mark: "s1", child: { leaf } } } ] })";
    QTest::newRow("flow, with a child") << R"({ mark: "s0", child: { schedule: "[{ s0[i] -> [(i)] }]" } })"
                                        << R"({ mark: "s0", child: { schedule: "[{ s0[i] -> [(i)] }]" } })";
    QTest::newRow("block") << "domain: \"{ s0[i] }\"\nchild:\n  mark: \"s0\"\n"
                           << "domain: \"{ s0[i] }\"\nchild:\n  mark: \"s0\"\n  child:\n    leaf\n";
    QTest::newRow("block, end of text") << "child:\n  mark: s0"
                                        << "child:\n  mark: s0\n  child:\n    leaf";
    QTest::newRow("block, sibling after")
        << "sequence:\n- filter: \"{ s0[i] }\"\n  child:\n    mark: \"s0\"\n- filter: \"{ s1[i] }\"\n"
        << "sequence:\n- filter: \"{ s0[i] }\"\n  child:\n    mark: \"s0\"\n    child:\n      leaf\n- filter: \"{ "
           "s1[i] }\"\n";
    QTest::newRow("block, with a child") << "mark: \"s0\"\nchild:\n  schedule: \"[{ s0[i] -> [(i)] }]\"\n"
                                         << "mark: \"s0\"\nchild:\n  schedule: \"[{ s0[i] -> [(i)] }]\"\n";
    QTest::newRow("quoted keys") << R"({ "mark": "s0" })"
                                 << R"({ "mark": "s0", child: { leaf } })";
    QTest::newRow("mark inside a string is not a key") << R"({ filter: "{ mark: }" })"
                                                       << R"({ filter: "{ mark: }" })";
    QTest::newRow("remark is not mark") << "{ remark: x }"
                                        << "{ remark: x }";
}

void tst_ScheduleReader::explicitLeaves()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(ScheduleYaml::withExplicitLeaves(text.toStdString())), expected);
}

namespace {

// A flow-style tree of `depth` nested marks.
std::string deepMarks(int depth)
{
    std::string text = R"({ domain: "{ s0[t, i] }", child: )";
    for (int k = 0; k < depth; ++k)
        text += "{ mark: m, child: ";
    return text + "{ leaf }" + std::string(static_cast<std::size_t>(depth) + 1, '}');
}

} // namespace

void tst_ScheduleReader::refused_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("schedule");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault"); // parts of the message, separated by '|'
    QTest::newRow("empty") << "deps_stencil"
                           << ""
                           << "  \n"
                           << ""
                           << "the schedule file is empty";
    // isl's position of a syntax error becomes the place (issue 12).
    QTest::newRow("unparsable") << "deps_stencil"
                                << ""
                                << "s0 goes first"
                                << "line 1, column 1"
                                << "neither an isl schedule tree nor an isl union map";
    QTest::newRow("a set, not a map") << "deps_stencil"
                                      << ""
                                      << "{ s0[t, i] }"
                                      << ""
                                      << "neither an isl schedule tree";
    // In the file, not in the quoted schedule isl reads apart: line 3's
    // `[(i) }]` misses its `)` (isl: column 54 of the value).
    QTest::newRow("broken YAML") << "deps_stencil"
                                 << ""
                                 << "@deps_stencil.broken_yaml.yaml"
                                 << "line 3, column 67"
                                 << "not a valid isl schedule tree";
    QTest::newRow("unknown statement") << "deps_stencil"
                                       << ""
                                       << "{ s0[t, i] -> [t, i]; s7[t] -> [t] }"
                                       << ""
                                       << "the schedule names s7, which is not a statement of the kernel";
    QTest::newRow("unnamed tuple") << "deps_stencil"
                                   << ""
                                   << "{ [t, i] -> [t, i] }"
                                   << ""
                                   << "an unnamed tuple";
    QTest::newRow("wrong dimension count") << "deps_stencil"
                                           << ""
                                           << "{ s0[t] -> [t] }"
                                           << ""
                                           << "s0 has 2 dimensions in the kernel, 1 in the schedule";
    QTest::newRow("unknown parameter") << "deps_stencil"
                                       << ""
                                       << "[M] -> { s0[t, i] -> [t, M - i] }"
                                       << ""
                                       << "the schedule uses parameter 'M', which the kernel does not have";
    QTest::newRow("unknown parameter, tree")
        << "deps_stencil"
        << ""
        << "domain: \"[T, N, M] -> { s0[t, i] : 0 <= t < T and 1 <= i <= N - 2 and M > 0 }\""
        << ""
        << "parameter 'M'";
    // Unscheduled instances: named, with an example.
    QTest::newRow("statement missing") << "deps_sequence"
                                       << ""
                                       << "{ s0[i] -> [0, i] }"
                                       << ""
                                       << "leaves instances of s1 unscheduled|(e.g. s1[";
    QTest::newRow("part missing") << "deps_stencil"
                                  << "T=2,N=8"
                                  << "[T, N] -> { s0[t, i] -> [t, i] : i < 5 }"
                                  << ""
                                  << "leaves instances of s0 unscheduled|5 <= i <= 6|(e.g. s0[0, 5] with T = 2, N = 8)";
    QTest::newRow("part missing, symbolic") << "deps_stencil"
                                            << ""
                                            << "[T, N] -> { s0[t, i] -> [t, i] : t > 0 }"
                                            << ""
                                            << "leaves instances of s0 unscheduled|(e.g. s0[0, ";
    QTest::newRow("tree filter drops instances") << "deps_stencil"
                                                 << ""
                                                 << "@deps_stencil.filter_drops.yaml"
                                                 << ""
                                                 << "leaves instances of s0 unscheduled";
    QTest::newRow("tree filter drops instances, fixed") << "deps_stencil"
                                                        << "T=2,N=8"
                                                        << "@deps_stencil.filter_drops.yaml"
                                                        << ""
                                                        << "leaves instances of s0 unscheduled|(e.g. s0[0, 4]";
    QTest::newRow("tree domain too small") << "deps_sequence"
                                           << ""
                                           << "domain: \"[N] -> { s0[i] : 0 <= i < N }\""
                                           << ""
                                           << "leaves instances of s1 unscheduled";
    QTest::newRow("tree domain too large") << "deps_stencil"
                                           << ""
                                           << "@deps_stencil.domain_too_large.yaml"
                                           << "domain"
                                           << "has instances the kernel does not";
    QTest::newRow("not single-valued") << "deps_stencil"
                                       << ""
                                       << "{ s0[t, i] -> [t, i]; s0[t, i] -> [t, i + 1] }"
                                       << ""
                                       << "maps some instances of s0 to more than one time|s0[t, i]";
    QTest::newRow("not single-valued, range") << "deps_sequence"
                                              << ""
                                              << "{ s0[i] -> [0, t] : t >= i; s1[j] -> [1, j] }"
                                              << ""
                                              << "more than one time";
    // Issue 16: one union map per file, read whole (isl reads the first
    // and ignores the rest); trees give each instance one time.
    QTest::newRow("a second union map")
        << "deps_sequence"
        << ""
        << "{ s0[i] -> [0, i]; s1[j] -> [1, j] }\n{ s0[i] -> [1, i]; s1[j] -> [0, j] }"
        << "line 2, column 1"
        << "text after the union map (`{ s0[i] -> [1, i]; s1[j] -> [0, j] }`)|one union map";
    QTest::newRow("text after the union map") << "deps_sequence"
                                              << ""
                                              << "{ s0[i] -> [0, i]; s1[j] -> [1, j] } garbage"
                                              << "line 1, column 38"
                                              << "text after the union map (`garbage`)";
    const char *domain = "domain: \"[N] -> { s0[i] : 0 <= i < N; s1[j] : 0 <= j < N }\"\nchild:\n  ";
    QTest::newRow("overlapping sequence filters")
        << "deps_sequence"
        << ""
        << QString::fromStdString(std::string(domain)
                                  + "sequence:\n  - filter: \"[N] -> { s0[i] : i <= 2; s1[j] }\"\n  - filter: \"[N] -> "
                                    "{ s0[i] : i >= 2 }\"\n")
        << "node 0"
        << "filters of children 0 and 1 of this sequence overlap|run these instances twice|s0[i = 2]";
    QTest::newRow("overlapping set filters")
        << "deps_sequence"
        << ""
        << QString::fromStdString(
               std::string(domain)
               + "set:\n  - filter: \"[N] -> { s0[i]; s1[j] }\"\n  - filter: \"[N] -> { s1[j] : j < 2 }\"\n")
        << "node 0"
        << "children 0 and 1 of this set overlap|s1[j] : 0 <= j <= 1";
    QTest::newRow("empty sequence") << "deps_sequence"
                                    << "" << QString::fromStdString(std::string(domain) + "sequence: []\n") << "node 0"
                                    << "a sequence node without children";
    // Node kinds isl 0.25 cannot generate code for, with the node's path.
    QTest::newRow("context node") << "deps_stencil"
                                  << ""
                                  << "@deps_stencil.context_node.yaml"
                                  << "node 0"
                                  << "kind 'context' are not supported";
    QTest::newRow("guard node") << "deps_stencil"
                                << ""
                                << "@deps_stencil.guard_node.yaml"
                                << "node 0.0"
                                << "kind 'guard' are not supported";
    QTest::newRow("extension node") << "deps_stencil"
                                    << ""
                                    << "@deps_stencil.extension_node.yaml"
                                    << "node 0.0"
                                    << "kind 'extension' are not supported";
    QTest::newRow("expansion node") << "deps_stencil"
                                    << ""
                                    << "@deps_stencil.expansion_node.yaml"
                                    << "node 0"
                                    << "kind 'expansion' are not supported";
    // Flags isl would read as any number, a list isl would cut (issue 46).
    QTest::newRow("permutable 7") << "deps_stencil"
                                  << ""
                                  << "{ domain: \"[T, N] -> { s0[t, i] : 0 <= t < T and 1 <= i <= N - 2 }\", child: { "
                                     "schedule: \"[T, N] -> [{ s0[t, i] -> [(t)] }]\", permutable: 7 } }"
                                  << "line 1, column 138"
                                  << "'permutable' is 0 or 1, not '7'";
    QTest::newRow("coincident list too long")
        << "deps_stencil"
        << ""
        << "{ domain: \"[T, N] -> { s0[t, i] : 0 <= t < T and 1 <= i <= N - 2 }\", child: { schedule: \"[T, N] -> [{ "
           "s0[t, i] -> [(t)] }]\", coincident: [ 1, 1 ] } }"
        << "line 1, column 138"
        << "the band at node 0 has 1 member, its 'coincident' list 2 entries";
    // Nested deeper than isl's reader can recurse (issue 46: a signal).
    QTest::newRow("100,000 nested marks") << "deps_stencil"
                                          << "" << QString::fromStdString(deepMarks(100000)) << "line 1, column 18016"
                                          << "brackets nested deeper than 1000 levels";
}

void tst_ScheduleReader::refused()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, schedule);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    auto a = analyze(kernel, fixed);
    try {
        ScheduleInput::read(a->model(), scheduleText(schedule), "bad.sched");
        QFAIL("accepted");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), std::string("bad.sched"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        for (const QString &part : fault.split(QLatin1Char('|')))
            QVERIFY2(QString::fromStdString(e.fault()).contains(part), e.what());
    }
}

void tst_ScheduleReader::fromFile()
{
    auto a = analyze(QStringLiteral("deps_reduction"), QString());
    const std::string path = schedulePath("deps_reduction.interchange_block.yaml");
    const isl::schedule s = ScheduleInput::readFile(a->model(), path);
    QVERIFY(!s.is_null());
    try {
        ScheduleInput::readFile(a->model(), schedulePath("no-such.map"));
        QFAIL("read a missing file");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), schedulePath("no-such.map"));
        QCOMPARE(e.fault(), std::string("cannot open the file: no such file"));
    }
}

QTEST_GUILESS_MAIN(tst_ScheduleReader)
#include "tst_schedulereader.moc"
