// SPDX-License-Identifier: MIT
// An isl user node `s<id>(...)` re-emitted as the original statement: fresh
// ids, origin, accesses in the new iterators, one copy per disjoint case,
// and an error naming the node for calls that name no statement. Expected
// texts worked by hand.
#include "AstExprText.h"
#include "CaseText.h"
#include "core/codegen/StatementRewriter.h"
#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <QtTest>

using namespace se;
using namespace se::test;

class tst_StatementRewriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rewrite_data();
    void rewrite();
};

namespace {

const char *kKernel = R"({
  "name": "k", "params": [{"name": "N", "min": 1, "value": 8}],
  "tensors": [{"name": "A", "shape": ["N", "N"]}, {"name": "S", "shape": [4]}],
  "body": [{"loop": "i", "lb": 0, "ub": "N", "body": [
    {"loop": "j", "lb": 0, "ub": "N", "body": [
      {"id": 3, "op": "add", "text": "A[i][j+1] += S[(i+j) % 4]",
       "writes": [{"tensor": "A", "index": ["i", "j + 1"]}],
       "reads": [{"tensor": "A", "index": ["i", "j + 1"]}, {"tensor": "S", "index": ["(i + j) % 4"]}]}]}]}]})";

std::string accesses(const std::vector<Access> &list)
{
    std::string out;
    for (const auto &a : list) {
        std::string idx;
        for (const auto &e : a.index)
            idx += (idx.empty() ? "" : ", ") + e->str();
        out += (out.empty() ? "" : " ") + a.tensor + "[" + idx + "]";
    }
    return out;
}

std::string statementText(const GenStatement &s)
{
    std::string origin;
    for (const auto &[n, e] : s.originIterators)
        origin += (origin.empty() ? "" : ", ") + n + " = " + e->str();
    std::string out = "s" + std::to_string(s.id) + " " + s.op + " from s" + std::to_string(s.originId) + "[" + origin
        + "] W " + accesses(s.writes) + " R " + accesses(s.reads);
    std::string preds;
    for (const auto &p : s.predicates)
        preds += (preds.empty() ? "" : " and ") + p.str();
    return preds.empty() ? out : out + " if " + preds;
}

} // namespace

void tst_StatementRewriter::rewrite_data()
{
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("guard");
    QTest::addColumn<QString>("expected"); // statements joined by " ; ", or "error: <part of the fault>"
    // i = c0, j = c1 - c0 (a skew): A[i, j + 1] is A[c0, c1 - c0 + 1].
    QTest::newRow("skewed")
        << "(call s3 c0 (sub c1 c0))"
        << "true"
        << "s5 add from s3[i = c0, j = c1 - c0] W A[c0, c1 - c0 + 1] R A[c0, c1 - c0 + 1] S[c1 % 4]";
    QTest::newRow("guarded") << "(call s3 c1 c0)"
                             << "c0 >= 1 and N >= c1 + 2"
                             << "s5 add from s3[i = c1, j = c0] W A[c1, c0 + 1] R A[c1, c0 + 1] S[(c1 + c0) % 4] "
                                "if c0 >= 1 and N >= c1 + 2";
    // An else-branch complement of two constraints: two disjoint copies.
    QTest::newRow("one copy per case")
        << "(call s3 c0 c1)"
        << "c0 < 1 | c0 >= 1 and c1 > 3"
        << "s5 add from s3[i = c0, j = c1] W A[c0, c1 + 1] R A[c0, c1 + 1] S[(c0 + c1) % 4] if c0 < 1 ; "
           "s6 add from s3[i = c0, j = c1] W A[c0, c1 + 1] R A[c0, c1 + 1] S[(c0 + c1) % 4] if c0 >= 1 and c1 > 3";
    // j = (c0 >= 5 ? N - c1 - 1 : c1): one copy per value.
    QTest::newRow("select argument")
        << "(call s3 c0 (isl \"[c0, c1, N] -> { [(c1)] : c0 < 5; [(N - 1 - c1)] : c0 >= 5 }\"))"
        << "true"
        << "s5 add from s3[i = c0, j = c1] W A[c0, c1 + 1] R A[c0, c1 + 1] S[(c0 + c1) % 4] if c0 <= 4 ; "
           "s6 add from s3[i = c0, j = -c1 + N - 1] W A[c0, -c1 + N] R A[c0, -c1 + N] S[(c0 - c1 + N - 1) % 4] if c0 > "
           "4";
    QTest::newRow("never") << "(call s3 c0 c1)"
                           << "false"
                           << "";

    QTest::newRow("not a call") << "(add c0 1)"
                                << "true"
                                << "error: the statement `c0 + 1` is not a call";
    QTest::newRow("unknown statement") << "(call s9 c0 c1)"
                                       << "true"
                                       << "error: calls s9, which is not a statement of the kernel";
    QTest::newRow("too few iterators") << "(call s3 c0)"
                                       << "true"
                                       << "error: gives 1 iterator values; s3 has 2";
    QTest::newRow("call of an expression") << "(call (add f 1) c0 c1)"
                                           << "true"
                                           << "error: does not name a statement";
    QTest::newRow("bad argument") << "(call s3 c0 (mul c0 c1))"
                                  << "true"
                                  << "error: multiplies two non-constants";
}

void tst_StatementRewriter::rewrite()
{
    QFETCH(QString, call);
    QFETCH(QString, guard);
    QFETCH(QString, expected);
    const KernelPtr k = KernelLoader::loadText(kKernel, "k.json");
    IslContext ctx;
    const AstExprReader reader({}, "s.map");
    std::int64_t next = 5;
    std::string got;
    try {
        for (const auto &s : StatementRewriter(*k, reader)
                                 .rewrite(AstExprText(ctx.ctx()).parse(call.toStdString()),
                                          parseCases(guard.toStdString()), "AST > user", next))
            got += (got.empty() ? "" : " ; ") + statementText(s);
    } catch (const InputError &err) {
        QVERIFY2(QString::fromStdString(err.place()).startsWith(QLatin1String("AST > user")), err.place().c_str());
        got = "error: " + err.fault();
    }
    if (expected.startsWith(QLatin1String("error: ")))
        QVERIFY2(QString::fromStdString(got).startsWith(QLatin1String("error: "))
                     && QString::fromStdString(got).contains(expected.mid(7)),
                 got.c_str());
    else
        QCOMPARE(QString::fromStdString(got), expected);
}

QTEST_GUILESS_MAIN(tst_StatementRewriter)
#include "tst_statementrewriter.moc"
