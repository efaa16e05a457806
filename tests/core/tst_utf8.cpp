// SPDX-License-Identifier: MIT
// Utf8: messages quote whole characters and name the look-alikes people
// paste (issue 16: a message quoting one byte of U+2212 wrote invalid
// UTF-8 to stderr). Names are the Unicode character names.
#include "core/expr/ExprParser.h"
#include "core/support/InputError.h"
#include "core/support/Utf8.h"

#include <QtTest>

using namespace se;

class tst_Utf8 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void describe_data();
    void describe();
    void sequenceLength();
    void sanitized();
    void column();
    void inputErrorNeverCarriesInvalidUtf8();
    void exprParserQuotesWholeCharacter();
};

void tst_Utf8::describe_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("byte");
    QTest::addColumn<QString>("said");
    QTest::newRow("ascii") << QByteArray("i $ 2") << 2 << "'$'";
    QTest::newRow("minus sign") << QByteArray("N \xE2\x88\x92 1") << 2
                                << QString::fromUtf8("'\u2212' (U+2212 MINUS SIGN, use '-')");
    QTest::newRow("no-break space") << QByteArray("i\xC2\xA0+ 1") << 1
                                    << QString::fromUtf8("'\u00a0' (U+00A0 NO-BREAK SPACE, use ' ')");
    QTest::newRow("fullwidth digit") << QByteArray("\xEF\xBC\x90") << 0
                                     << QString::fromUtf8("'\uff10' (U+FF10 FULLWIDTH DIGIT ZERO, use '0')");
    QTest::newRow("fullwidth small letter")
        << QByteArray("\xEF\xBD\x89") << 0
        << QString::fromUtf8("'\uff49' (U+FF49 FULLWIDTH LATIN SMALL LETTER I, use 'i')");
    QTest::newRow("en dash") << QByteArray("\xE2\x80\x93") << 0
                             << QString::fromUtf8("'\u2013' (U+2013 EN DASH, use '-')");
    QTest::newRow("unnamed") << QByteArray("\xC3\xA9") << 0 << QString::fromUtf8("'\u00e9' (U+00E9)");
    QTest::newRow("emoji") << QByteArray("\xF0\x9F\x98\x80") << 0 << QString::fromUtf8("'\U0001F600' (U+1F600)");
    QTest::newRow("lone lead byte") << QByteArray("\xE2 x") << 0 << "byte 0xE2 (not UTF-8)";
    QTest::newRow("latin-1") << QByteArray("a\xB5") << 1 << "byte 0xB5 (not UTF-8)";
    QTest::newRow("control") << QByteArray("\x07") << 0 << "control character U+0007";
}

void tst_Utf8::describe()
{
    QFETCH(QByteArray, text);
    QFETCH(int, byte);
    QFETCH(QString, said);
    QCOMPARE(QString::fromStdString(Utf8::describeAt(text.toStdString(), static_cast<std::size_t>(byte))), said);
}

void tst_Utf8::sequenceLength()
{
    QCOMPARE(Utf8::sequenceLength("a", 0), std::size_t(1));
    QCOMPARE(Utf8::sequenceLength("\xE2\x88\x92", 0), std::size_t(3));
    QCOMPARE(Utf8::sequenceLength("\xE2\x88\x92", 1), std::size_t(0)); // a continuation byte
    QCOMPARE(Utf8::sequenceLength("\xE2\x88", 0), std::size_t(0)); // cut short
    QCOMPARE(Utf8::sequenceLength("\xC0\xAF", 0), std::size_t(0)); // overlong '/'
    QCOMPARE(Utf8::sequenceLength("\xED\xA0\x80", 0), std::size_t(0)); // a surrogate
    QCOMPARE(Utf8::codePointAt("\xF0\x9F\x98\x80", 0), 0x1F600);
}

void tst_Utf8::sanitized()
{
    QCOMPARE(Utf8::sanitized("N \xE2\x88\x92 1"), std::string("N \xE2\x88\x92 1"));
    QCOMPARE(Utf8::sanitized("got '\xE2'"), std::string("got '\\xE2'"));
    QCOMPARE(Utf8::sanitized("\xE2\x88"), std::string("\\xE2\\x88"));
    // Control characters from the input never reach the terminal raw;
    // a message's own newlines and tabs stay.
    QCOMPARE(Utf8::sanitized(std::string("key \"a\0b\x1B[2J\x7F\"", 14)), std::string("key \"a\\x00b\\x1B[2J\\x7F\""));
    QCOMPARE(Utf8::sanitized("one\n\ttwo"), std::string("one\n\ttwo"));
    QCOMPARE(Utf8::sanitized("a\xC2\x85"
                             "b"),
             std::string("a\\u0085b"));
}

void tst_Utf8::column()
{
    const std::string t = "ab\n\xC3\xA9\xC3\xA9x";
    QCOMPARE(Utf8::column(t, 0), std::size_t(1));
    QCOMPARE(Utf8::column(t, 3), std::size_t(1));
    QCOMPARE(Utf8::column(t, 7), std::size_t(3)); // 'x' after two two-byte characters
    QCOMPARE(Utf8::firstNonAscii(t), std::size_t(3));
    QCOMPARE(Utf8::firstNonAscii("abc"), std::string::npos);
}

void tst_Utf8::inputErrorNeverCarriesInvalidUtf8()
{
    const InputError e("k\xFF.json", "", "unexpected '\xE2'");
    QCOMPARE(std::string(e.what()), std::string("k\\xFF.json: unexpected '\\xE2'"));
}

void tst_Utf8::exprParserQuotesWholeCharacter()
{
    try {
        ExprParser::parse("N \xE2\x88\x92 1");
        QFAIL("parsed");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("column 3"));
        QCOMPARE(e.fault(), std::string("unexpected character '\xE2\x88\x92' (U+2212 MINUS SIGN, use '-')"));
    }
    try {
        ExprParser::parse("\xC3\xA9 + \xEF\xBC\x91"); // the column counts characters
        QFAIL("parsed");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("column 1"));
    }
    try {
        ExprParser::parse("i + \xEF\xBC\x91");
        QFAIL("parsed");
    } catch (const InputError &e) {
        QCOMPARE(e.place(), std::string("column 5"));
        QCOMPARE(e.fault(), std::string("unexpected character '\xEF\xBC\x91' (U+FF11 FULLWIDTH DIGIT ONE, use '1')"));
    }
}

QTEST_GUILESS_MAIN(tst_Utf8)
#include "tst_utf8.moc"
