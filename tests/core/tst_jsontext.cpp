// SPDX-License-Identifier: MIT
// JsonText: the JSON parser of every input file. A key given twice in one
// object is refused with the JSON path and both places (nlohmann would keep
// the last value silently); a character that is not ASCII where JSON wants
// syntax is quoted whole and named. Places are worked by hand from the
// texts (line, column in characters, 1-based).
#include "core/edit/EditScript.h"
#include "core/legality/DependenceOverride.h"
#include "core/support/InputError.h"
#include "core/support/JsonText.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>

using namespace se;

class tst_JsonText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void duplicateKeys_data();
    void duplicateKeys();
    void sameKeyInDifferentObjects();
    void nonAsciiSyntaxError_data();
    void nonAsciiSyntaxError();
    void columnsCountCharacters();
    void everyJsonInputRefusesDuplicates();
};

void tst_JsonText::duplicateKeys_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    QTest::newRow("top level") << R"({"name": "a", "name": "b"})"
                               << "name"
                               << "the key \"name\" is given twice in one object, at line 1, column 2 and at line 1, "
                                  "column 15 (JSON would keep only the last)";
    QTest::newRow("loop bound") << "{\"body\": [\n  {\"loop\": \"i\", \"ub\": \"N\", \"ub\": 1000000}\n]}"
                                << "body[0].ub"
                                << "the key \"ub\" is given twice in one object, at line 2, column 17 and at line 2, "
                                   "column 28 (JSON would keep only the last)";
    QTest::newRow("statement id")
        << "{\"body\": [{\"loop\": \"i\", \"body\": [{\"x\": [1, {\"y\": 2}]}, {\"id\": 0, \"id\": 7}]}]}"
        << "body[0].body[1].id"
        << "the key \"id\" is given twice in one object, at line 1, column 57 and at line 1, column 66 (JSON would "
           "keep only the last)";
    // "\u0075b" is "ub" once read.
    QTest::newRow("escaped") << R"({"ub": 1, "\u0075b": 2})"
                             << "ub"
                             << "the key \"ub\" is given twice in one object, at line 1, column 2 and at line 1, "
                                "column 11 (JSON would keep only the last)";
    QTest::newRow("after strings with brackets")
        << R"({"a": "{[,\"", "b": {"c": 1, "c": 2}})"
        << "b.c"
        << "the key \"c\" is given twice in one object, at line 1, column 22 and at line 1, column 30 (JSON would "
           "keep only the last)";
}

void tst_JsonText::duplicateKeys()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        JsonText::parse(text.toStdString(), "f.json");
        QFAIL("accepted a duplicate key");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("f.json"));
        QCOMPARE(QString::fromStdString(e.place()), place);
        QCOMPARE(QString::fromStdString(e.fault()), fault);
    }
}

void tst_JsonText::sameKeyInDifferentObjects()
{
    const auto doc =
        JsonText::parse(R"({"a": {"id": 1}, "b": [{"id": 2}, {"id": 3}], "id": 4, "s": ["id", "id"]})", "f.json");
    QCOMPARE(doc["b"][1]["id"].get<int>(), 3);
    QCOMPARE(doc["id"].get<int>(), 4);
}

void tst_JsonText::nonAsciiSyntaxError_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("fault");
    QTest::newRow("minus sign") << QString::fromUtf8("{\"ub\": \u22125}") << "line 1, column 8"
                                << QString::fromUtf8("JSON syntax error: unexpected character '\u2212' (U+2212 "
                                                     "MINUS SIGN, use '-')");
    QTest::newRow("no-break space") << QString::fromUtf8("{\"ub\":\u00a05}") << "line 1, column 7"
                                    << QString::fromUtf8("JSON syntax error: unexpected character '\u00a0' (U+00A0 "
                                                         "NO-BREAK SPACE, use ' ')");
    QTest::newRow("fullwidth digit") << QString::fromUtf8("{\"ub\":\n \uff15}") << "line 2, column 2"
                                     << QString::fromUtf8("JSON syntax error: unexpected character '\uff15' (U+FF15 "
                                                          "FULLWIDTH DIGIT FIVE, use '5')");
}

void tst_JsonText::nonAsciiSyntaxError()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, fault);
    try {
        JsonText::parse(text.toStdString(), "f.json");
        QFAIL("parsed");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.place()), place);
        QCOMPARE(QString::fromStdString(e.fault()), fault);
    }
}

void tst_JsonText::columnsCountCharacters()
{
    // "é" is two bytes, one column: the error is at the second '}' in column 13.
    try {
        JsonText::parse("{\"n\": \"\xC3\xA9\xC3\xA9\" }}", "f.json");
        QFAIL("parsed");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("line 1, column 13"));
    }
}

void tst_JsonText::everyJsonInputRefusesDuplicates()
{
    // Edit scripts and dependence overrides take the same path as kernels.
    const std::string dir = QDir::tempPath().toStdString();
    const std::string edits = dir + "/tst_jsontext_edits.json";
    std::ofstream(edits) << R"({"kernel": "k", "kernel": "other", "edits": []})";
    try {
        EditScript::loadFile(edits);
        QFAIL("loaded");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), edits);
        QCOMPARE(e.place(), std::string("kernel"));
    }
    const std::string overrides = dir + "/tst_jsontext_overrides.json";
    std::ofstream(overrides) << R"([{"src": "s0", "dst": "s1", "src": "s2", "reason": "r"}])";
    try {
        DependenceOverride::readFile(overrides);
        QFAIL("loaded");
    } catch (const InputError &e) {
        QCOMPARE(e.file(), overrides);
        QCOMPARE(e.place(), std::string("[0].src"));
    }
    std::remove(edits.c_str());
    std::remove(overrides.c_str());
}

QTEST_GUILESS_MAIN(tst_JsonText)
#include "tst_jsontext.moc"
