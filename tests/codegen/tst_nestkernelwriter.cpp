// SPDX-License-Identifier: MIT
// The kernel form of a regenerated nest built by hand: params, context,
// tensors and allocations carried over, bound lists, strides, marks and
// origins, fixed parameters pinned; it loads again. Expected JSON worked by
// hand.
#include "HandNest.h"
#include "core/codegen/NestKernelWriter.h"
#include "core/codegen/NestTextPrinter.h"

#include <QtTest>

using namespace se;
using namespace se::test;

// Expected JSON written with single quotes, to keep raw strings out of
// macro arguments (moc cannot read them).
static QString js(const char *text)
{
    return QString::fromLatin1(text).replace(QLatin1Char('\''), QLatin1Char('"'));
}

class tst_NestKernelWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kernel();
    void fixedParameters();
};

void tst_NestKernelWriter::kernel()
{
    const nlohmann::ordered_json j = NestKernelWriter::json(handNest());
    QCOMPARE(QString::fromStdString(j.at("name").get<std::string>()), QStringLiteral("k_regen"));
    QCOMPARE(QString::fromStdString(j.at("description").get<std::string>()),
             QStringLiteral("k regenerated from the schedule s.map"));
    QCOMPARE(QString::fromStdString(j.at("params").dump()), js("[{'name':'N','min':2,'max':64,'value':8}]"));
    QCOMPARE(QString::fromStdString(j.at("context").dump()), js("['N >= 3']"));
    QCOMPARE(QString::fromStdString(j.at("tensors").dump()),
             js("[{'name':'A','shape':['N'],'space':'dram'},"
                "{'name':'T','shape':[4,8],'space':'sbuf','alloc':{'buffer':'SB','index':['d0','d1 + 8']}}]"));
    const auto &outer = j.at("body").at(0);
    QCOMPARE(QString::fromStdString(outer.dump()).left(52), js("{'loop':'c0','lb':[0,'N - 8'],'ub':'N','stride':1,'b"));
    const auto &inner = outer.at("body").at(0);
    QCOMPARE(QString::fromStdString(inner.at("mark").dump()), js("['unroll','vector']"));
    QCOMPARE(QString::fromStdString(inner.at("ub").dump()), js("[4,'N - c0']"));
    QCOMPARE(inner.at("stride").get<int>(), 2);
    QCOMPARE(QString::fromStdString(inner.at("body").at(0).dump()),
             js("{'id':0,'op':'load','origin':{'id':7,'iterators':{'i':'c0 + c1'}},"
                "'writes':[{'tensor':'T','index':['(c0 + c1) % 4',0]}],"
                "'reads':[{'tensor':'A','index':['c0 + c1']}],"
                "'predicates':['c0 >= 1','c1 < N - c0'],'text':'T[i % 4][0] = A[i]','mark':'s7'}"));
    QCOMPARE(QString::fromStdString(outer.at("body").at(1).dump()),
             js("{'id':1,'origin':{'id':9,'iterators':{'i':'c0'}},"
                "'writes':[{'tensor':'A','index':['c0']}],'reads':[]}"));

    // It loads again, without warnings, keeping the origins.
    const KernelPtr k = KernelLoader::loadText(NestKernelWriter::text(handNest()), "regen.json");
    QVERIFY2(k->warnings.empty(), k->warnings.empty() ? "" : k->warnings.front().c_str());
    QCOMPARE(k->statements().size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(k->statements().front().statement->origin.dump()),
             js("{'id':7,'iterators':{'i':'c0 + c1'}}"));
}

void tst_NestKernelWriter::fixedParameters()
{
    RegeneratedNest n = handNest();
    n.fixedParams = {{"N", 16}};
    QCOMPARE(QString::fromStdString(NestTextPrinter::title(n)),
             QStringLiteral("k regenerated from the schedule s.map with N = 16"));
    const nlohmann::ordered_json j = NestKernelWriter::json(n);
    QCOMPARE(QString::fromStdString(j.at("params").dump()), js("[{'name':'N','min':2,'max':64,'value':16}]"));
    QCOMPARE(QString::fromStdString(j.at("context").dump()), js("['N >= 3','N == 16']"));
}

QTEST_GUILESS_MAIN(tst_NestKernelWriter)
#include "tst_nestkernelwriter.moc"
