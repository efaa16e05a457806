// SPDX-License-Identifier: MIT
// Domains, contexts and access relations of small kernels, compared with
// isl `is_equal` against sets and maps written by hand in isl notation;
// bad fixed parameter values (bounds checks: tst_boundschecker).
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <isl/map.h>

#include <QtTest>

#include <map>

using namespace se;

namespace {

// tests/data/kernels/model_<name>.json
std::string kernelPath(const QString &name)
{
    return std::string(SE_SOURCE_DIR) + "/tests/data/kernels/model_" + name.toStdString() + ".json";
}

KernelPtr kernel(const QString &name)
{
    return KernelLoader::loadFile(kernelPath(name));
}

// "N=8,M=3" -> values
ParamValues params(const QString &text)
{
    ParamValues out;
    for (const QString &kv : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto parts = kv.split(QLatin1Char('='));
        out[parts[0].toStdString()] = parts[1].toLongLong();
    }
    return out;
}

QStringList strings(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out << QString::fromLatin1(s);
    return out;
}

const AccessModel *access(const PolyhedralModel &m, const std::string &stmt, bool write, std::size_t index)
{
    const int s = m.statementIndex(stmt);
    if (s < 0)
        return nullptr;
    for (std::size_t a : m.statements()[static_cast<std::size_t>(s)].accesses)
        if (m.accesses()[a].write == write && m.accesses()[a].index == index)
            return &m.accesses()[a];
    return nullptr;
}

} // namespace

class tst_PolyhedralModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void domains_data();
    void domains();
    void nearMissesDiffer();
    void contexts_data();
    void contexts();
    void accesses_data();
    void accesses();
    void accessFunctionsOfSampleKernels();
    void fixedParamsText();
    void rankParameters();
    void badParams_data();
    void badParams();
};

void tst_PolyhedralModel::domains_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("expected");
    QTest::newRow("max/min bound lists")
        << "bounds"
        << ""
        << "s0"
        << "[N, M] -> { s0[i, j] : 0 <= i and N - 10 <= i and i < N and i < 8 and i <= j and 1 <= j"
           " and j < M and j < i + 4 and j < 7 and N >= 2 and M >= 1 }";
    QTest::newRow("bound lists, N and M fixed")
        << "bounds"
        << "N=12,M=6"
        << "s0"
        << "[N, M] -> { s0[i, j] : N = 12 and M = 6 and 2 <= i < 8 and i <= j and 1 <= j < 6 and j < i + 4 }";
    QTest::newRow("constant stride") << "stride"
                                     << ""
                                     << "s0"
                                     << "[N] -> { s0[i] : exists (e : i = 1 + 3e) and 1 <= i < N and N >= 1 }";
    QTest::newRow("stride from a floor lower bound")
        << "stride"
        << ""
        << "s1"
        << "[N] -> { s1[k] : exists (h, e : 2h <= N <= 2h + 1 and h <= k < 2N and k = h + 2e) and N >= 1 }";
    QTest::newRow("stride, N = 9") << "stride"
                                   << "N=9"
                                   << "s1"
                                   << "[N] -> { s1[k] : N = 9 and 4 <= k < 18 and exists (e : k = 4 + 2e) }";
    QTest::newRow("predicates")
        << "predicates"
        << ""
        << "s4"
        << "[N] -> { s4[i, j] : 0 <= i < N and 0 <= j < N and j <= i and i + j > 2 and i mod 2 = 0 and N >= 1 }";
    QTest::newRow("context and param min/max") << "context"
                                               << ""
                                               << "s0"
                                               << "[N] -> { s0[i] : 0 <= i < N and 8 <= N <= 100 and N mod 4 = 0 }";
    QTest::newRow("context, N fixed") << "context"
                                      << "N=12"
                                      << "s0"
                                      << "[N] -> { s0[i] : N = 12 and 0 <= i < 12 }";
    QTest::newRow("rank parameters are >= 0") << "rank"
                                              << ""
                                              << "s0"
                                              << "[N, rank_0_1, rank_2_0] -> { s0[i] : 0 <= i < N and N >= 1 and "
                                                 "rank_0_1 >= 0 and rank_2_0 >= 0 }";
}

void tst_PolyhedralModel::domains()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, statement);
    QFETCH(QString, expected);
    IslContext ctx;
    const PolyhedralModel m(ctx, ::kernel(kernel), params(fixed));
    const int s = m.statementIndex(statement.toStdString());
    QVERIFY(s >= 0);
    const isl::set &dom = m.statements()[static_cast<std::size_t>(s)].domain;
    const isl::set want(ctx.ctx(), expected.toStdString());
    QVERIFY2(dom.is_equal(want), m.text(dom).c_str());
    // The union domain holds it too.
    QVERIFY(isl::union_set(want).is_subset(m.domain()));
}

void tst_PolyhedralModel::nearMissesDiffer()
{
    // The comparison itself: off-by-one bounds, a missing stride or a
    // missing parameter bound must not compare equal.
    IslContext ctx;
    const PolyhedralModel m(ctx, kernel(QStringLiteral("stride")));
    const isl::set &s0 = m.statements()[0].domain;
    QVERIFY(s0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : exists (e : i = 1 + 3e) and 1 <= i < N and N >= 1 }")));
    QVERIFY(!s0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : exists (e : i = 1 + 3e) and 1 <= i <= N and N >= 1 }")));
    QVERIFY(!s0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : 1 <= i < N and N >= 1 }")));
    QVERIFY(!s0.is_equal(isl::set(ctx.ctx(), "[N] -> { s1[i] : exists (e : i = 1 + 3e) and 1 <= i < N and N >= 1 }")));
    const PolyhedralModel c(ctx, kernel(QStringLiteral("context")));
    const isl::set &c0 = c.statements()[0].domain;
    QVERIFY(c0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : 0 <= i < N and 8 <= N <= 100 and N mod 4 = 0 }")));
    QVERIFY(!c0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : 0 <= i < N and 8 <= N <= 100 }")));
    QVERIFY(!c0.is_equal(isl::set(ctx.ctx(), "[N] -> { s0[i] : 0 <= i < N and 8 <= N and N mod 4 = 0 }")));
}

void tst_PolyhedralModel::contexts_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QStringList>("paramNames");
    QTest::newRow("min only") << "bounds"
                              << ""
                              << "[N, M] -> { : N >= 2 and M >= 1 }" << strings({"N", "M"});
    QTest::newRow("min, max and context") << "context"
                                          << ""
                                          << "[N] -> { : 8 <= N <= 100 and N mod 4 = 0 }" << strings({"N"});
    QTest::newRow("fixed") << "context"
                           << "N=16"
                           << "[N] -> { : N = 16 }" << strings({"N"});
    QTest::newRow("no params") << "alloc"
                               << ""
                               << "{ : }" << QStringList();
    QTest::newRow("ranks") << "rank"
                           << ""
                           << "[N, rank_0_1, rank_2_0] -> { : N >= 1 and rank_0_1 >= 0 and rank_2_0 >= 0 }"
                           << strings({"N", "rank_0_1", "rank_2_0"});
    QTest::newRow("rank fixed") << "rank"
                                << "rank_0_1=3"
                                << "[N, rank_0_1, rank_2_0] -> { : N >= 1 and rank_0_1 = 3 and rank_2_0 >= 0 }"
                                << strings({"N", "rank_0_1", "rank_2_0"});
}

void tst_PolyhedralModel::contexts()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, expected);
    QFETCH(QStringList, paramNames);
    IslContext ctx;
    const PolyhedralModel m(ctx, ::kernel(kernel), params(fixed));
    QStringList names;
    for (const auto &n : m.paramNames())
        names << QString::fromStdString(n);
    QCOMPARE(names, paramNames);
    QVERIFY2(m.context().is_equal(isl::set(ctx.ctx(), expected.toStdString())), m.text(m.context()).c_str());
}

void tst_PolyhedralModel::accesses_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<bool>("write");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("allocation");
    QTest::addColumn<QString>("relation"); // in allocation space
    QTest::addColumn<QString>("tensorRelation"); // in the tensor's own coordinates
    const char *box = "0 <= i < 4 and 0 <= j < 1024";
    QTest::newRow("bank split into SB_alloc")
        << "alloc"
        << "s0" << true << 0 << "SB_alloc"
        << QString::fromStdString(std::string("{ s0[i, j] -> SB_alloc[i, floor(j/512), j mod 512] : ") + box + " }")
        << QString::fromStdString(std::string("{ s0[i, j] -> T[i, j] : ") + box + " }");
    QTest::newRow("dram tensor is its own allocation")
        << "alloc"
        << "s0" << false << 0 << "A" << QString::fromStdString(std::string("{ s0[i, j] -> A[i, j] : ") + box + " }")
        << QString::fromStdString(std::string("{ s0[i, j] -> A[i, j] : ") + box + " }");
    QTest::newRow("second tensor in the same buffer")
        << "alloc"
        << "s1" << false << 0 << "SB_alloc"
        << "{ s1[i, j] -> SB_alloc[i + 2, 1, j] : 0 <= i < 2 and 0 <= j < 512 }"
        << "{ s1[i, j] -> U[i, j] : 0 <= i < 2 and 0 <= j < 512 }";
    // ceil(i/4) = a  <=>  4a - 4 < i <= 4a;  floor(i/4) = a  <=>  4a <= i < 4a + 4
    QTest::newRow("a scalar in a buffer") << "scalar"
                                          << "s0" << true << 0 << "SB_alloc"
                                          << "{ s0[i] -> SB_alloc[3] : 0 <= i < 8 }"
                                          << "{ s0[i] -> S[] : 0 <= i < 8 }";
    QTest::newRow("CCDiv") << "ceil"
                           << "s0" << true << 0 << "A"
                           << "{ s0[i] -> A[a] : -8 <= i < 8 and 4a - 4 < i <= 4a }"
                           << "{ s0[i] -> A[a] : -8 <= i < 8 and 4a - 4 < i <= 4a }";
    QTest::newRow("CCMod + 3")
        << "ceil"
        << "s0" << false << 0 << "A"
        << "{ s0[i] -> A[o] : -8 <= i < 8 and exists (a : 4a - 4 < i <= 4a and o = i - 4a + 3) }"
        << "{ s0[i] -> A[o] : -8 <= i < 8 and exists (a : 4a - 4 < i <= 4a and o = i - 4a + 3) }";
    QTest::newRow("FloorDiv") << "ceil"
                              << "s0" << false << 1 << "A"
                              << "{ s0[i] -> A[a] : -8 <= i < 8 and 4a <= i < 4a + 4 }"
                              << "{ s0[i] -> A[a] : -8 <= i < 8 and 4a <= i < 4a + 4 }";
    QTest::newRow("Modulo (tree form)")
        << "ceil"
        << "s0" << false << 2 << "A"
        << "{ s0[i] -> A[o] : -8 <= i < 8 and exists (a : 4a <= i < 4a + 4 and o = i - 4a) }"
        << "{ s0[i] -> A[o] : -8 <= i < 8 and exists (a : 4a <= i < 4a + 4 and o = i - 4a) }";
    QTest::newRow("rank() in an index") << "rank"
                                        << "s0" << true << 0 << "A"
                                        << "[N, rank_0_1, rank_2_0] -> { s0[i] -> A[rank_0_1 + i] : 0 <= i < N and "
                                           "N >= 1 and rank_0_1 >= 0 and rank_2_0 >= 0 }"
                                        << "[N, rank_0_1, rank_2_0] -> { s0[i] -> A[rank_0_1 + i] : 0 <= i < N and "
                                           "N >= 1 and rank_0_1 >= 0 and rank_2_0 >= 0 }";
    QTest::newRow("CCGetRank in an index") << "rank"
                                           << "s0" << false << 0 << "A"
                                           << "[N, rank_0_1, rank_2_0] -> { s0[i] -> A[rank_2_0] : 0 <= i < N and "
                                              "N >= 1 and rank_0_1 >= 0 and rank_2_0 >= 0 }"
                                           << "[N, rank_0_1, rank_2_0] -> { s0[i] -> A[rank_2_0] : 0 <= i < N and "
                                              "N >= 1 and rank_0_1 >= 0 and rank_2_0 >= 0 }";
}

void tst_PolyhedralModel::accesses()
{
    QFETCH(QString, kernel);
    QFETCH(QString, statement);
    QFETCH(bool, write);
    QFETCH(int, index);
    QFETCH(QString, allocation);
    QFETCH(QString, relation);
    QFETCH(QString, tensorRelation);
    IslContext ctx;
    const PolyhedralModel m(ctx, ::kernel(kernel));
    const AccessModel *a = access(m, statement.toStdString(), write, static_cast<std::size_t>(index));
    QVERIFY(a);
    QCOMPARE(QString::fromStdString(a->allocation), allocation);
    QVERIFY2(a->relation.is_equal(isl::map(ctx.ctx(), relation.toStdString())), m.text(a->relation).c_str());
    QVERIFY2(a->tensorRelation.is_equal(isl::map(ctx.ctx(), tensorRelation.toStdString())),
             m.text(a->tensorRelation).c_str());
    // Each relation is a function here: the model's functions give it.
    const PolyhedralModel::AccessFunctions *f = m.accessFunctions(static_cast<std::size_t>(a - m.accesses().data()));
    QVERIFY(f);
    const auto graph = [](const std::vector<isl::pw_aff> &outputs) {
        isl::map g = outputs.front().as_map();
        for (std::size_t k = 1; k < outputs.size(); ++k)
            g = isl::manage(
                isl_map_flat_range_product(g.release(), outputs[k].as_map().release())); // raw isl: not in cpp.h 0.25
        return g;
    };
    // raw isl: the relations' output names dropped (the functions' outputs are anonymous)
    const auto unnamed = [](const isl::map &r) { return isl::manage(isl_map_reset_tuple_id(r.copy(), isl_dim_out)); };
    // (asked at instances only: the functions are not restricted to the domain)
    const isl::set &domain = m.statements()[a->statement].domain;
    // (a scalar has no index: no function, and a relation with no output)
    QCOMPARE(f->tensor.size(), static_cast<std::size_t>(a->tensorRelation.range_tuple_dim()));
    using Allocation = PolyhedralModel::AccessFunctions::Allocation;
    if (f->allocationOf == Allocation::Tensor) {
        QVERIFY(f->allocation.empty());
        QCOMPARE(a->allocation, a->tensor);
    } else if (f->allocationOf == Allocation::OfInstance) {
        QVERIFY(graph(f->allocation).intersect_domain(domain).is_equal(unnamed(a->relation)));
    } else if (!f->tensor.empty() && !f->allocation.empty()) {
        // { s[i] -> [e] } then { T[e] -> [index] }: the relation to the buffer
        // raw isl: the tensor's name put on the element ({ [e] } -> { T[e] })
        const isl::map toTensor = isl::manage(isl_map_set_tuple_id(
            graph(f->tensor).release(), isl_dim_out, isl_map_get_tuple_id(graph(f->allocation).get(), isl_dim_in)));
        QVERIFY(toTensor.apply_range(graph(f->allocation)).intersect_domain(domain).is_equal(unnamed(a->relation)));
    }
    if (!f->tensor.empty())
        QVERIFY(graph(f->tensor).intersect_domain(domain).is_equal(unnamed(a->tensorRelation)));
}

// Every access of the sample kernels is a function of the instance (the
// kernel format has no ranges of elements): the model's functions give
// each relation.
void tst_PolyhedralModel::accessFunctionsOfSampleKernels()
{
    for (const char *name : {"gauss_seidel_2d", "tiled_matmul_sbuf_psum", "ring_allgather", "trisolv"}) {
        IslContext ctx;
        const PolyhedralModel m(ctx,
                                KernelLoader::loadFile(std::string(SE_SOURCE_DIR "/sample-kernels/") + name + ".json"));
        for (std::size_t k = 0; k < m.accesses().size(); ++k) {
            const PolyhedralModel::AccessFunctions *f = m.accessFunctions(k);
            QVERIFY2(f, name);
            const std::size_t outputs = static_cast<std::size_t>(m.accesses()[k].relation.range_tuple_dim());
            if (f->allocationOf == PolyhedralModel::AccessFunctions::Allocation::Tensor)
                QCOMPARE(f->tensor.size(), outputs);
            else
                QCOMPARE(f->allocation.size(), outputs);
            for (const isl::pw_aff &out : f->allocation)
                QVERIFY(!out.is_null());
        }
        QVERIFY(!m.accessFunctions(m.accesses().size())); // no such access
    }
}

void tst_PolyhedralModel::fixedParamsText()
{
    IslContext ctx;
    const PolyhedralModel m(ctx, kernel(QStringLiteral("context")), {{"N", 8}});
    QVERIFY(m.allParamsFixed());
    QCOMPARE(m.concreteParams(), (ParamValues{{"N", 8}}));
    // Text for people drops the fixed parameters: it reads back without them.
    const std::string text = m.text(m.statements()[0].domain);
    QVERIFY2(text.find("N") == std::string::npos, text.c_str());
    QVERIFY(isl::set(ctx.ctx(), text).is_equal(isl::set(ctx.ctx(), "{ s0[i] : 0 <= i < 8 }")));
    // Symbolic: the kernel's values are used where numbers are needed.
    const PolyhedralModel s(ctx, kernel(QStringLiteral("bounds")));
    QVERIFY(!s.allParamsFixed());
    QCOMPARE(s.concreteParams(), (ParamValues{{"M", 6}, {"N", 12}}));
}

void tst_PolyhedralModel::rankParameters()
{
    IslContext ctx;
    const PolyhedralModel m(ctx, kernel(QStringLiteral("rank")), {{"N", 4}, {"rank_0_1", 2}, {"rank_2_0", 0}});
    QVERIFY(m.allParamsFixed());
    const AccessModel *w = access(m, "s0", true, 0);
    QVERIFY(w->relation.is_equal(isl::map(
        ctx.ctx(),
        "[N, rank_0_1, rank_2_0] -> { s0[i] -> A[i + 2] : N = 4 and rank_0_1 = 2 and rank_2_0 = 0 and 0 <= i < 4 }")));
}

void tst_PolyhedralModel::badParams_data()
{
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("fixed");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    QTest::newRow("unknown name") << "context"
                                  << "M=3"
                                  << "parameter M"
                                  << "the kernel has no parameter 'M' (it has N)";
    QTest::newRow("no params at all") << "alloc"
                                      << "N=3"
                                      << "parameter N"
                                      << "(it has none)";
    QTest::newRow("below min") << "bounds"
                               << "N=1"
                               << "parameter N"
                               << "1 is below the minimum 2";
    QTest::newRow("above max") << "context"
                               << "N=104"
                               << "parameter N"
                               << "104 is above the maximum 100";
    QTest::newRow("violates N % 4 == 0") << "context"
                                         << "N=10"
                                         << "context"
                                         << "(N = 10) violate the kernel's context";
    QTest::newRow("violates N >= 8") << "context"
                                     << "N=4"
                                     << "context"
                                     << "violate the kernel's context";
    QTest::newRow("negative rank") << "rank"
                                   << "rank_2_0=-1"
                                   << "parameter rank_2_0"
                                   << "a rank is non-negative";
}

void tst_PolyhedralModel::badParams()
{
    QFETCH(QString, kernel);
    QFETCH(QString, fixed);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    IslContext ctx;
    try {
        const PolyhedralModel m(ctx, ::kernel(kernel), params(fixed));
        QFAIL("accepted");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), kernelPath(kernel));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QVERIFY2(QString::fromStdString(e.fault()).contains(fault), e.what());
    }
}

QTEST_GUILESS_MAIN(tst_PolyhedralModel)
#include "tst_polyhedralmodel.moc"
