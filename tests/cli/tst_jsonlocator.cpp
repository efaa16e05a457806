// SPDX-License-Identifier: MIT
// JsonLocator (the line and column of a JSON path in an error message) and
// Suggestion ("did you mean"). Positions counted by hand in the texts below.
#include "app/tool/JsonLocator.h"
#include "app/tool/Suggestion.h"

#include <QtTest>

using namespace se::tool;

class tst_JsonLocator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void position_data();
    void position();
    void deepNesting();
    void suggestion_data();
    void suggestion();
};

namespace {

const char *Kernel = "{\n"
                     "  \"name\": \"k\",\n"
                     "  \"body\": [\n"
                     "    {\"loop\": \"i\", \"ub\": \"N\",\n"
                     "     \"body\": [ {\"id\": 0, \"reads\": [{\"index\": [\"i\", \"i // 0\"]}]} ]}\n"
                     "  ],\n"
                     "  \"a\\\"b\": \"\xc3\xa9t\xc3\xa9\", \"b\": [1, 2]\n"
                     "}\n";

} // namespace

void tst_JsonLocator::position_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("exact");
    QTest::newRow("top key") << "name" << 2 << 11 << true;
    QTest::newRow("array element") << "body[0]" << 4 << 5 << true;
    QTest::newRow("nested") << "body[0].ub" << 4 << 25 << true;
    QTest::newRow("deep") << "body[0].body[0].reads[0].index[1]" << 5 << 52 << true;
    QTest::newRow("missing key: its object") << "body[0].lb" << 4 << 5 << false;
    QTest::newRow("index past the end: the array") << "body[0].body[3]" << 5 << 14 << false;
    // Characters, not bytes (two two-byte characters before it), after a
    // key with an escaped quote.
    QTest::newRow("after UTF-8") << "b[1]" << 7 << 27 << true;
}

void tst_JsonLocator::position()
{
    QFETCH(QString, path);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(bool, exact);
    bool wasExact = !exact;
    const auto at = JsonLocator::find(Kernel, path.toStdString(), &wasExact);
    QVERIFY(at.has_value());
    const auto [l, c] = JsonLocator::lineColumn(Kernel, *at);
    QCOMPARE(l, line);
    QCOMPARE(c, column);
    QCOMPARE(wasExact, exact);
}

void tst_JsonLocator::deepNesting()
{
    // 20000 levels (the bad-input corpus has such files): no recursion.
    std::string text;
    for (int k = 0; k < 20000; ++k)
        text += "{\"a\": ";
    text += "1";
    for (int k = 0; k < 20000; ++k)
        text += "}";
    std::string path = "a";
    for (int k = 1; k < 20000; ++k)
        path += ".a";
    const auto at = JsonLocator::find(text, path);
    QVERIFY(at.has_value());
    QCOMPARE(*at, text.find('1'));
    QVERIFY(!JsonLocator::find(text, "--param N").has_value());
    QCOMPARE(JsonLocator::pathPart("body[0].ub, column 3"), std::string("body[0].ub"));
    QCOMPARE(JsonLocator::pathPart("node 0.1"), std::string("node"));
}

void tst_JsonLocator::suggestion_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("expected");
    QTest::newRow("transposition") << "chekc"
                                   << "check";
    QTest::newRow("one letter off") << "--jsn"
                                    << "--json";
    QTest::newRow("prefix") << "--sched"
                            << "--schedule";
    QTest::newRow("nothing close") << "frobnicate"
                                   << "";
    QTest::newRow("short word, one edit") << "dot"
                                          << "dot";
}

void tst_JsonLocator::suggestion()
{
    QFETCH(QString, word);
    QFETCH(QString, expected);
    const std::vector<std::string> candidates = {"check",      "deps",   "tree", "codegen", "--json",
                                                 "--schedule", "--node", "dot",  "svg"};
    QCOMPARE(QString::fromStdString(Suggestion::closest(word.toStdString(), candidates)), expected);
}

QTEST_GUILESS_MAIN(tst_JsonLocator)
#include "tst_jsonlocator.moc"
