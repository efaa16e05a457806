// SPDX-License-Identifier: MIT
// isl's AST of a schedule: iterators named by depth with a prefix no
// parameter uses, and the AST options put back afterwards.
#include "core/analysis/Analyzer.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstCPrinter.h"
#include "core/model/KernelLoader.h"

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <QtTest>

#include <cstdlib>

using namespace se;

class tst_AstBuilder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void iteratorPrefix_data();
    void iteratorPrefix();
    void namesAndOptions();
};

void tst_AstBuilder::iteratorPrefix_data()
{
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("no parameters") << QStringList() << "c";
    QTest::newRow("unrelated names") << QStringList{QStringLiteral("N"), QStringLiteral("c"), QStringLiteral("cx1")}
                                     << "c";
    QTest::newRow("c0 taken") << QStringList{QStringLiteral("N"), QStringLiteral("c0")} << "c_";
    QTest::newRow("c1 and c_2 taken") << QStringList{QStringLiteral("c1"), QStringLiteral("c_2")} << "cc";
    QTest::newRow("all the short ones taken")
        << QStringList{QStringLiteral("c0"), QStringLiteral("c_0"), QStringLiteral("cc0"),
                       QStringLiteral("t0"), QStringLiteral("t_0"), QStringLiteral("it0")}
        << "c__";
}

void tst_AstBuilder::iteratorPrefix()
{
    QFETCH(QStringList, params);
    QFETCH(QString, prefix);
    std::vector<std::string> names;
    for (const auto &p : params)
        names.push_back(p.toStdString());
    QCOMPARE(QString::fromStdString(AstBuilder::iteratorPrefix(names)), prefix);
}

void tst_AstBuilder::namesAndOptions()
{
    // A parameter named c1: the loops are c_0, c_1.
    const char *kernel = R"({"name": "clash", "params": [{"name": "c1", "min": 1, "value": 4}],
      "tensors": [{"name": "A", "shape": ["c1", "c1"]}],
      "body": [{"loop": "i", "lb": 0, "ub": "c1", "body": [{"loop": "j", "lb": 0, "ub": "i + 1", "body": [
        {"id": 0, "writes": [{"tensor": "A", "index": ["i", "j"]}]}]}]}]})";
    Analyzer a(KernelLoader::loadText(kernel, "clash.json"));
    isl_ctx *ctx = a.context().get();
    const int minMax = isl_options_get_ast_build_detect_min_max(ctx);
    const int allowOr = isl_options_get_ast_build_allow_or(ctx);
    const int scale = isl_options_get_ast_build_scale_strides(ctx);
    const QString text =
        QString::fromStdString(AstCPrinter::items(AstBuilder::build(a.model(), a.originalSchedule(), "clash.json")));
    QVERIFY2(text.contains(QLatin1String("for (int c_0 = 0; c_0 < c1; c_0 += 1)")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("for (int c_1 = 0; c_1 <= c_0; c_1 += 1)")), qPrintable(text));
    QCOMPARE(isl_options_get_ast_build_detect_min_max(ctx), minMax);
    QCOMPARE(isl_options_get_ast_build_allow_or(ctx), allowOr);
    QCOMPARE(isl_options_get_ast_build_scale_strides(ctx), scale);
}

QTEST_GUILESS_MAIN(tst_AstBuilder)
#include "tst_astbuilder.moc"
