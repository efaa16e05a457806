// SPDX-License-Identifier: MIT
// C through clang-14 and Polly (opt-14, installed by tools/install-deps.sh):
// the kernels Polly's SCoPs open as, their dependences against Polly's own
// memory-based RAW/WAR/WAW as integer sets (isl_union_map_is_equal), the
// statements' source lines, the choice among several SCoPs, and the errors
// (no SCoP with Polly's reasons, a compile error, a missing program).
#include "core/analysis/Analyzer.h"
#include "core/interop/CFrontEnd.h"
#include "core/interop/ExternalTool.h"
#include "core/interop/JscopKernel.h"
#include "core/interop/JscopReader.h"
#include "core/interop/JscopWriter.h"
#include "core/interop/KernelSource.h"
#include "core/support/InputError.h"

#include <QtTest>

#include <isl/union_map.h>

#include <cstdlib>
#include <fstream>
#include <map>

using namespace se;

namespace {

const std::string Data = SE_SOURCE_DIR "/tests/interop/data/";

std::string writeTemp(const std::string &name, const std::string &text)
{
    const std::string path = QDir::tempPath().toStdString() + "/se_pollyfrontend_" + name;
    std::ofstream(path) << text;
    return path;
}

// Polly's memory-based dependences of the SCoP of `source`, by type, as
// opt-14 prints them (-polly-dependences -analyze, the legacy pass manager).
std::map<std::string, std::string> pollyDependences(const std::string &source)
{
    const std::string ll = QDir::tempPath().toStdString() + "/se_pollyfrontend_deps.ll";
    std::vector<std::string> cc{CFrontEnd::clang()};
    for (const auto &f : CFrontEnd::clangFlags())
        cc.push_back(f);
    for (const auto &f : {"-S", "-emit-llvm", "-o"})
        cc.push_back(f);
    cc.push_back(ll);
    cc.push_back(source);
    if (ExternalTool::run(cc, "", 60).status != 0)
        return {};
    std::vector<std::string> po{CFrontEnd::opt(), "-enable-new-pm=0"};
    for (const auto &f : CFrontEnd::pollyFlags())
        po.push_back(f);
    for (const auto &f : {"-polly-dependences", "-polly-dependences-analysis-type=memory-based", "-analyze"})
        po.push_back(f);
    po.push_back(ll);
    const auto r = ExternalTool::run(po, "", 60);
    // The last region printed with dependences is the whole SCoP.
    std::map<std::string, std::string> out;
    std::istringstream in(r.out);
    std::string type;
    for (std::string l; std::getline(in, l);) {
        const auto t = l.find_first_not_of("\t ");
        if (t == std::string::npos)
            continue;
        l = l.substr(t);
        if (l == "RAW dependences:" || l == "WAR dependences:" || l == "WAW dependences:")
            type = l.substr(0, 3);
        else if (!type.empty() && l.rfind("[", 0) == 0) {
            out[type] = l;
            type.clear();
        } else
            type.clear();
    }
    return out;
}

std::string islText(const isl::union_map &m)
{
    char *c = isl_union_map_to_str(m.get());
    std::string out = c ? c : "";
    free(c);
    return out;
}

} // namespace

class TstPollyFrontEnd : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dependencesEqualPolly_data();
    void dependencesEqualPolly();
    void sourceLines();
    void severalScops();
    void noScop();
    void compileError();
    void missingProgram();
    void openJscop();
    void ownExportOpens();
};

void TstPollyFrontEnd::initTestCase()
{
    // Not a skip: CI installs both (tools/install-deps.sh).
    QVERIFY2(!ExternalTool::find(CFrontEnd::clang()).empty(), "clang-14 missing: install the Debian package clang-14");
    QVERIFY2(!ExternalTool::find(CFrontEnd::opt()).empty(), "opt-14 missing: install the Debian package llvm-14");
}

void TstPollyFrontEnd::dependencesEqualPolly_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("gemm (0-d alpha, beta)") << "gemm.c";
    QTest::newRow("jacobi-1d") << "jacobi_1d.c";
    QTest::newRow("seidel-2d") << "seidel_2d.c";
    QTest::newRow("fdtd-2d") << "fdtd_2d.c";
    QTest::newRow("trisolv (triangular)") << "trisolv.c";
    QTest::newRow("strided, guarded") << "strided_guard.c";
}

// The kernel's may dependences, every edge of a type united, equal Polly's
// memory-based ones of that type as integer sets (parametric: no --param).
void TstPollyFrontEnd::dependencesEqualPolly()
{
    QFETCH(QString, file);
    const std::string path = Data + file.toStdString();
    const auto polly = pollyDependences(path);
    QCOMPARE(polly.size(), std::size_t(3));
    Analyzer a(KernelSource::load(path));
    isl_ctx *ctx = a.model().islContext().get();
    std::map<std::string, isl::union_map> ours;
    for (const char *t : {"RAW", "WAR", "WAW"})
        ours[t] = isl::union_map::empty(a.model().islContext().ctx());
    for (const auto &d : a.dependences(DepMode::May)) {
        const std::string t = d.type == DepType::RAW ? "RAW" : d.type == DepType::WAR ? "WAR" : "WAW";
        ours[t] = ours[t].unite(isl::union_map(d.relation()));
    }
    for (const auto &[t, text] : polly) {
        const isl::union_map theirs =
            isl::manage(isl_union_map_read_from_str(ctx, text.c_str())).intersect_params(a.model().context());
        const isl::union_map mine = ours[t].intersect_params(a.model().context());
        if (!mine.is_equal(theirs))
            QFAIL((t + " differs: ours minus Polly's " + islText(mine.subtract(theirs)) + "; Polly's minus ours "
                   + islText(theirs.subtract(mine)))
                      .c_str());
    }
}

// Each statement is labelled with the source lines it came from.
void TstPollyFrontEnd::sourceLines()
{
    const KernelPtr k = KernelSource::load(Data + "fdtd_2d.c");
    QCOMPARE(k->name, std::string("kernel_fdtd_2d"));
    std::map<std::string, std::string> text;
    for (const auto &p : k->statements())
        text[p.statement->tupleName()] = p.statement->text;
    QCOMPARE(text.size(), std::size_t(4));
    QCOMPARE(text["Stmt_for_body16"],
             std::string("fdtd_2d.c:10: ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i-1][j]);"));
    QCOMPARE(text["Stmt_for_body4"], std::string("fdtd_2d.c:7: ey[0][j] = fict[t];"));
    // Names, parameters and order as Polly has them.
    QCOMPARE(k->allParamNames(), (std::vector<std::string>{"ny", "nx", "tmax"}));
    QVERIFY(k->tensor("MemRef_ey") && k->tensor("MemRef_ey")->shape.size() == 2);
}

void TstPollyFrontEnd::severalScops()
{
    const std::string src = writeTemp("two.c",
                                      "void init(int n, double a[n]) { for (int i = 0; i < n; i++) a[i] = i; }\n"
                                      "void twice(int n, double a[n]) { for (int i = 0; i < n; i++) a[i] *= 2; }\n");
    try {
        CFrontEnd::open(src, {});
        QFAIL("no error");
    } catch (const InputError &e) {
        QVERIFY2(e.fault().find("2 SCoPs") != std::string::npos && e.place() == "SCoP"
                     && e.fault().find("choose one by its number") != std::string::npos
                     && e.fault().find("1: function init") != std::string::npos
                     && e.fault().find("2: function twice") != std::string::npos,
                 e.what());
    }
    const KernelPtr second = CFrontEnd::open(src, {"", 2});
    QCOMPARE(second->name, std::string("twice"));
    // Its statement's line only: block names repeat across functions.
    QCOMPARE(
        second->statements().front().statement->text,
        std::string(
            "se_pollyfrontend_two.c:2: void twice(int n, double a[n]) { for (int i = 0; i < n; i++) a[i] *= 2; }"));
    QCOMPARE(CFrontEnd::open(src, {"twice", 0})->name, std::string("twice"));
    try {
        CFrontEnd::open(src, {"", 3});
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("SCoP 3"));
    }
}

void TstPollyFrontEnd::noScop()
{
    const std::string src = writeTemp("noscop.c",
                                      "void f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n"
                                      "    a[i * i] = 2;\n}\n");
    try {
        CFrontEnd::open(src, {});
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), src);
        QVERIFY2(e.fault().find("no SCoP") != std::string::npos && e.fault().find("not affine") != std::string::npos,
                 e.what());
    }
}

void TstPollyFrontEnd::compileError()
{
    const std::string src = writeTemp("broken.c", "void f(int n) { undeclared_thing(n) }\n");
    try {
        CFrontEnd::open(src, {});
        QFAIL("no error");
    } catch (const InputError &e) {
        QVERIFY2(e.fault().find("could not compile") != std::string::npos
                     && e.fault().find("error:") != std::string::npos,
                 e.what());
    }
}

void TstPollyFrontEnd::missingProgram()
{
    qputenv("SE_CLANG", "/nonexistent/clang-14");
    try {
        CFrontEnd::open(Data + "gemm.c", {});
        qunsetenv("SE_CLANG");
        QFAIL("no error");
    } catch (const InputError &e) {
        qunsetenv("SE_CLANG");
        QVERIFY2(e.fault().find("Debian package clang-14") != std::string::npos
                     && e.fault().find("SE_CLANG") != std::string::npos,
                 e.what());
    }
}

// A JSCoP Polly wrote, opened as it is: the same kernel as from the C.
void TstPollyFrontEnd::openJscop()
{
    Analyzer fromC(KernelSource::load(Data + "fdtd_2d.c"),
                   {{{"tmax", 3}, {"nx", 5}, {"ny", 4}}, IslContext::DefaultQuota});
    Analyzer fromFile(KernelSource::load(Data + "fdtd_2d.fused.jscop"),
                      {{{"tmax", 3}, {"nx", 5}, {"ny", 4}}, IslContext::DefaultQuota});
    QCOMPARE(fromFile.model().statements().size(), std::size_t(4));
    // The file's schedule is the kernel's original one: ey and hz fused.
    const auto r = fromC.check(fromC.originalSchedule(), DepMode::May, {});
    QVERIFY(r.legal);
    QCOMPARE(fromFile.model().kernel()->allParamNames(), (std::vector<std::string>{"ny", "nx", "tmax"}));
    // MemRef_fict: "*" inferred from the accesses, fict[i0] with i0 < tmax.
    QCOMPARE(fromFile.model().kernel()->tensor("MemRef_fict")->shape.front()->str(), std::string("tmax"));
}

// The project's own export of a kernel opens as a kernel with the same
// statements (s0, s1 in the kernel's iterators) and the same dependences.
void TstPollyFrontEnd::ownExportOpens()
{
    const std::string path = SE_CONFORMANCE_DIR "/kernels/jacobi_1d.json";
    Analyzer original(KernelSource::load(path), {{{"T", 4}, {"N", 10}}, IslContext::DefaultQuota});
    const std::string text = JscopWriter::write(original.model(), original.originalSchedule());
    Analyzer reopened(JscopKernel::fromDocument(JscopReader::parse(text, "own.jscop"), text, "own.jscop"),
                      {{{"T", 4}, {"N", 10}}, IslContext::DefaultQuota});
    QCOMPARE(reopened.model().statements().size(), std::size_t(2));
    QCOMPARE(reopened.model().statements()[0].name, std::string("s0"));
    auto byEdge = [](Analyzer &an) {
        std::map<std::string, isl::union_map> out;
        for (const auto &d : an.dependences(DepMode::May)) {
            const std::string key = std::to_string(static_cast<int>(d.type)) + " " + d.allocation;
            auto &u = out[key];
            u = u.is_null() ? isl::union_map(d.relation()) : u.unite(isl::union_map(d.relation()));
        }
        return out;
    };
    const auto a = byEdge(original), b = byEdge(reopened);
    QCOMPARE(a.size(), b.size());
    for (const auto &[key, rel] : a) {
        QVERIFY2(b.count(key), key.c_str());
        // Each analyzer has its own isl context: compare in the first one.
        const isl::union_map other =
            isl::manage(isl_union_map_read_from_str(original.model().islContext().get(), islText(b.at(key)).c_str()));
        QVERIFY2(rel.intersect_params(original.model().context())
                     .is_equal(other.intersect_params(original.model().context())),
                 (key + ": " + islText(rel) + " vs " + islText(b.at(key))).c_str());
    }
}

QTEST_GUILESS_MAIN(TstPollyFrontEnd)
#include "tst_pollyfrontend.moc"
