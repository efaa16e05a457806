// SPDX-License-Identifier: MIT
// JSCoP export: the context, one array per allocation with its sizes, and
// per statement the domain, the flat schedule and the accesses in
// allocation space, compared with isl relations worked by hand from the
// conformance kernels.
#include "core/analysis/Analyzer.h"
#include "core/interop/JscopWriter.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

#include <isl/set.h>
#include <nlohmann/json.hpp>

#include <QtTest>

using namespace se;

namespace {

std::string kernelPath(const QString &name)
{
    return QStringLiteral(SE_CONFORMANCE_DIR "/kernels/%1.json").arg(name).toStdString();
}

ParamValues params(const QString &text)
{
    ParamValues out;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto parts = kv.split(QLatin1Char('='));
        out[parts[0].trimmed().toStdString()] = parts[1].toLongLong();
    }
    return out;
}

} // namespace

class TstJscopWriter : public QObject {
    Q_OBJECT
private slots:
    void context_data();
    void context();
    void arrays_data();
    void arrays();
    void statements_data();
    void statements();
    void text();
    void writeFileError();
};

void TstJscopWriter::context_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("context");
    QTest::newRow("jacobi symbolic") << "jacobi_1d"
                                     << ""
                                     << "[T, N] -> { : T >= 1 and N >= 3 }";
    QTest::newRow("jacobi fixed") << "jacobi_1d"
                                  << "T=4,N=10"
                                  << "[T, N] -> { : T = 4 and N = 10 }";
    QTest::newRow("no params") << "ceil_ops"
                               << ""
                               << "{ : }";
}

void TstJscopWriter::context()
{
    QFETCH(QString, kernel);
    QFETCH(QString, params);
    QFETCH(QString, context);
    Analyzer a(KernelLoader::loadFile(kernelPath(kernel)), {::params(params), IslContext::DefaultQuota});
    const JscopDocument doc = JscopWriter::build(a.model(), a.originalSchedule());
    QCOMPARE(doc.name, kernel.toStdString());
    const isl::set got(a.context().ctx(), doc.context);
    QVERIFY2(isl_set_is_params(got.get()) == isl_bool_true, doc.context.c_str());
    QVERIFY2(got.is_equal(isl::set(a.context().ctx(), context.toStdString())), doc.context.c_str());
}

void TstJscopWriter::arrays_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("arrays"); // name:size,size; ... (sorted by name)
    QTest::newRow("tensors") << "jacobi_1d"
                             << ""
                             << "A:N;B:N";
    // t0 [4, 8] at [d0, d1] and t1 [4, 4] at [d0, 4 + d1 % 4] share SB: 4 x 8.
    QTest::newRow("buffer, symbolic tensors") << "sbuf_alias"
                                              << ""
                                              << "SB_alloc:4,8;X:4*NT,8;Y:4*NT,8";
    QTest::newRow("buffer, fixed tensors") << "sbuf_alias"
                                           << "NT=2"
                                           << "SB_alloc:4,8;X:8,8;Y:8,8";
}

void TstJscopWriter::arrays()
{
    QFETCH(QString, kernel);
    QFETCH(QString, params);
    QFETCH(QString, arrays);
    Analyzer a(KernelLoader::loadFile(kernelPath(kernel)), {::params(params), IslContext::DefaultQuota});
    const JscopDocument doc = JscopWriter::build(a.model(), a.originalSchedule());
    QStringList got;
    for (const auto &arr : doc.arrays) {
        QStringList sizes;
        for (const auto &s : arr.sizes)
            sizes << QString::fromStdString(s).remove(QLatin1Char(' '));
        got << QString::fromStdString(arr.name) + QLatin1Char(':') + sizes.join(QLatin1Char(','));
        QCOMPARE(arr.type, std::string("unknown")); // kernels carry no element type
    }
    QCOMPARE(got.join(QLatin1Char(';')), arrays);
}

void TstJscopWriter::statements_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("schedule"); // a conformance schedule, or "" for the original
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("domain");
    QTest::addColumn<QString>("time");
    QTest::addColumn<QString>("accesses"); // kind relation | ...

    QTest::newRow("jacobi s0 original")
        << "jacobi_1d"
        << ""
        << "" << 0 << "s0"
        << "[T, N] -> { s0[t, i] : 0 <= t < T and 1 <= i < N - 1 }"
        << "{ s0[t, i] -> [t, 0, i] }"
        << "write { s0[t, i] -> B[i] } | read { s0[t, i] -> A[i - 1] } | read { s0[t, i] -> A[i] }"
           " | read { s0[t, i] -> A[i + 1] }";
    QTest::newRow("jacobi s1 original") << "jacobi_1d"
                                        << ""
                                        << "" << 1 << "s1"
                                        << "[T, N] -> { s1[t, i] : 0 <= t < T and 1 <= i < N - 1 }"
                                        << "{ s1[t, i] -> [t, 1, i] }"
                                        << "write { s1[t, i] -> A[i] } | read { s1[t, i] -> B[i] }";
    // (2t + i) // 4 as a tile number: floor division survives the text.
    QTest::newRow("jacobi s1 skewed tiles") << "jacobi_1d"
                                            << "T=4,N=10"
                                            << "jacobi_1d.skewed_tiles" << 1 << "s1"
                                            << "{ s1[t, i] : 0 <= t < 4 and 1 <= i < 9 }"
                                            << "{ s1[t, i] -> [floor((2t + i + 1)/4), t, 2t + i + 1, 1] }"
                                            << "write { s1[t, i] -> A[i] } | read { s1[t, i] -> B[i] }";
    // t1[p, f] lives at SB[p, 4 + f % 4]: f < 4 makes it SB[p, 4 + f].
    QTest::newRow("sbuf s1 buffer space")
        << "sbuf_alias"
        << ""
        << "" << 1 << "s1"
        << "[NT] -> { s1[n, p, f] : 0 <= n < NT and 0 <= p < 4 and 0 <= f < 4 }"
        << "{ s1[n, p, f] -> [n, 1, p, f] }"
        << "write { s1[n, p, f] -> SB_alloc[p, 4 + f] } | read { s1[n, p, f] -> SB_alloc[p, 2f] }";
    // Only the instances with i + j even exist (stride 2 from i).
    QTest::newRow("triangle strided swap") << "triangle_strided"
                                           << ""
                                           << "triangle_strided.swap" << 1 << "s1"
                                           << "[N] -> { s1[i, j] : 0 <= i <= j < N and (j - i) mod 2 = 0 }"
                                           << "{ s1[i, j] -> [i, 0, j] }"
                                           << "write { s1[i, j] -> A[j, i] } | read { s1[i, j] -> A[j, i] }";
}

void TstJscopWriter::statements()
{
    QFETCH(QString, kernel);
    QFETCH(QString, params);
    QFETCH(QString, schedule);
    QFETCH(int, index);
    QFETCH(QString, name);
    QFETCH(QString, domain);
    QFETCH(QString, time);
    QFETCH(QString, accesses);
    Analyzer a(KernelLoader::loadFile(kernelPath(kernel)), {::params(params), IslContext::DefaultQuota});
    isl::schedule s = a.originalSchedule();
    if (!schedule.isEmpty()) {
        const std::string text =
            KernelLoader::readFile(QStringLiteral(SE_CONFORMANCE_DIR "/schedules/%1.map").arg(schedule).toStdString());
        s = ScheduleInput::read(a.model(), text, "x.map");
    }
    const JscopDocument doc = JscopWriter::build(a.model(), s);
    QCOMPARE(doc.statements.size(), a.model().statements().size());
    const JscopStatement &st = doc.statements[static_cast<std::size_t>(index)];
    const isl::ctx ctx = a.context().ctx();
    const isl::set context = a.model().context();
    QCOMPARE(st.name, name.toStdString());

    const isl::set dom = isl::set(ctx, st.domain).intersect_params(context);
    QVERIFY2(dom.is_equal(isl::set(ctx, domain.toStdString()).intersect_params(context)), st.domain.c_str());
    const isl::map t = isl::map(ctx, st.schedule).intersect_domain(dom);
    QVERIFY2(t.is_equal(isl::map(ctx, time.toStdString()).intersect_domain(dom)), st.schedule.c_str());

    const QStringList want = accesses.split(QLatin1Char('|'));
    QCOMPARE(st.accesses.size(), static_cast<std::size_t>(want.size()));
    for (int k = 0; k < want.size(); ++k) {
        const QString w = want[k].trimmed();
        const auto &acc = st.accesses[static_cast<std::size_t>(k)];
        QCOMPARE(acc.write, w.startsWith(QLatin1String("write")));
        const std::string rel = w.mid(w.indexOf(QLatin1Char(' ')) + 1).toStdString();
        QVERIFY2(isl::map(ctx, acc.relation).intersect_domain(dom).is_equal(isl::map(ctx, rel).intersect_domain(dom)),
                 acc.relation.c_str());
    }
}

// The text is JSON with Polly's keys.
void TstJscopWriter::text()
{
    Analyzer a(KernelLoader::loadFile(kernelPath(QStringLiteral("jacobi_1d"))));
    const auto j = nlohmann::json::parse(JscopWriter::write(a.model(), a.originalSchedule()));
    QCOMPARE(j.at("name").get<std::string>(), std::string("jacobi_1d"));
    QVERIFY(j.at("context").is_string());
    QCOMPARE(j.at("arrays").size(), std::size_t(2));
    for (const auto &arr : j.at("arrays"))
        QVERIFY(arr.at("name").is_string() && arr.at("sizes").is_array() && arr.at("type").is_string());
    QCOMPARE(j.at("statements").size(), std::size_t(2));
    for (const auto &st : j.at("statements")) {
        QVERIFY(st.at("name").is_string() && st.at("domain").is_string() && st.at("schedule").is_string());
        for (const auto &acc : st.at("accesses")) {
            const auto kind = acc.at("kind").get<std::string>();
            QVERIFY(kind == "read" || kind == "write");
            QVERIFY(acc.at("relation").is_string());
        }
    }
    QCOMPARE(j.at("statements")[1].at("accesses").size(), std::size_t(2));
}

void TstJscopWriter::writeFileError()
{
    Analyzer a(KernelLoader::loadFile(kernelPath(QStringLiteral("jacobi_1d"))));
    const std::string path = "/nonexistent-dir/out.jscop";
    try {
        JscopWriter::writeFile(a.model(), a.originalSchedule(), path);
        QFAIL("no error");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), path);
    }
}

QTEST_GUILESS_MAIN(TstJscopWriter)
#include "tst_jscopwriter.moc"
