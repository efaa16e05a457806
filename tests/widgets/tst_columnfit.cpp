// SPDX-License-Identifier: MIT
// ColumnFit measures a few rows per column, those with the longest texts:
// on texts whose width grows with their length it sets the widths Qt's
// resizeColumnsToContents() sets measuring every row, capped where asked.
#include "widgets/views/ColumnFit.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>

using namespace se;

class tst_ColumnFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void asQtMeasuringEveryRow_data();
    void asQtMeasuringEveryRow();
    void widestIsNotLongest();
    void manySentences();
    void tiesBeyondTheBudget();
    void kerningAndTabs_data();
    void kerningAndTabs();
};

namespace {

// Three columns over `rows` rows: short words of one letter repeated, one
// long text in a middle row, numbers.
void fill(QStandardItemModel &m, int rows, int longAt)
{
    m.setColumnCount(3);
    m.setHorizontalHeaderLabels({QStringLiteral("Word"), QStringLiteral("Text"), QStringLiteral("N")});
    for (int r = 0; r < rows; ++r) {
        QList<QStandardItem *> row;
        row << new QStandardItem(QString(r % 7 + 1, QLatin1Char('m')));
        row << new QStandardItem(r == longAt ? QString(60, QLatin1Char('w')) : QStringLiteral("ab"));
        row << new QStandardItem(QString::number(r * 37));
        m.appendRow(row);
    }
}

} // namespace

void tst_ColumnFit::asQtMeasuringEveryRow_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cap"); // on the first two columns
    QTest::newRow("no rows: the headers") << 0 << 1000;
    QTest::newRow("fewer rows than are measured") << 3 << 1000;
    QTest::newRow("many rows") << 200 << 1000;
    QTest::newRow("capped") << 200 << 40;
}

void tst_ColumnFit::asQtMeasuringEveryRow()
{
    QFETCH(int, rows);
    QFETCH(int, cap);
    QStandardItemModel model;
    fill(model, rows, rows / 2);
    QTableView qt, fitted;
    qt.setModel(&model);
    fitted.setModel(&model);
    qt.resizeColumnsToContents();
    for (int c = 0; c < 2; ++c)
        qt.setColumnWidth(c, std::min(qt.columnWidth(c), cap));
    ColumnFit::fit(fitted, 2, cap);
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(fitted.columnWidth(c), qt.columnWidth(c));
}

// Many narrow texts longer (in characters) than one wide text, and a
// hidden row wider than both: the widths are still Qt's.
void tst_ColumnFit::widestIsNotLongest()
{
    QStandardItemModel model;
    model.setColumnCount(2);
    for (int r = 0; r < 12; ++r)
        model.appendRow({new QStandardItem(QString(14, QLatin1Char('i'))), new QStandardItem(QStringLiteral("x"))});
    model.appendRow({new QStandardItem(QString(9, QLatin1Char('W'))), new QStandardItem(QStringLiteral("y"))});
    model.appendRow({new QStandardItem(QString(40, QLatin1Char('W'))), new QStandardItem(QStringLiteral("z"))});
    QTableView qt, fitted;
    qt.setModel(&model);
    fitted.setModel(&model);
    for (QTableView *v : {&qt, &fitted})
        v->setRowHidden(13, true);
    qt.resizeColumnsToContents();
    ColumnFit::fit(fitted, 0, 0);
    QVERIFY(QFontMetrics(fitted.font()).horizontalAdvance(QString(9, QLatin1Char('W')))
            > QFontMetrics(fitted.font()).horizontalAdvance(QString(14, QLatin1Char('i'))));
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(fitted.columnWidth(c), qt.columnWidth(c));
}

// Hundreds of sentences of nearly one width (a tile's violation messages):
// widths are estimated from each character's advance and only those near
// the widest measured whole, and still come out as Qt's (kerned pairs such
// as "AV", "To" and "Ty" included; a bold column; a text beyond ASCII).
void tst_ColumnFit::manySentences()
{
    const QStringList words{QStringLiteral("AV"),     QStringLiteral("To"),         QStringLiteral("Ty"),
                            QStringLiteral("writes"), QStringLiteral("s12[0, 31]"), QStringLiteral("WAW"),
                            QStringLiteral("ill"),    QStringLiteral("mm"),         QStringLiteral("\u2192")};
    QStandardItemModel model;
    model.setColumnCount(2);
    quint32 seed = 7;
    const auto next = [&] { return seed = seed * 1103515245u + 12345u; };
    for (int r = 0; r < 600; ++r) {
        QString text;
        while (text.size() < 120)
            text += words[static_cast<int>((next() >> 16) % words.size())] + QLatin1Char(' ');
        auto *bold = new QStandardItem(text.left(20));
        QFont f;
        f.setBold(true);
        bold->setFont(f);
        model.appendRow({bold, new QStandardItem(text)});
    }
    model.appendRow({new QStandardItem(QStringLiteral("x")),
                     new QStandardItem(QStringLiteral("\u00e9t\u00e9 ") + QString(10, QLatin1Char('W')))});
    QTableView qt, fitted;
    qt.setModel(&model);
    fitted.setModel(&model);
    qt.horizontalHeader()->setResizeContentsPrecision(-1); // every row, as ColumnFit
    qt.resizeColumnsToContents();
    ColumnFit::fit(fitted, 0, 0);
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(fitted.columnWidth(c), qt.columnWidth(c));
}

// A thousand messages that differ only in digits, past the characters
// measured whole: the column is never narrower than Qt's (no message cut
// short) and wider by at most the margin (ColumnFit.cpp: 4 px or 0.8%).
void tst_ColumnFit::tiesBeyondTheBudget()
{
    QStandardItemModel model;
    model.setColumnCount(1);
    for (int r = 0; r < 1000; ++r)
        model.appendRow(new QStandardItem(
            QStringLiteral("RAW violation on tensor: A: s%1[0, %2] writes A[0, %2], s%3[0, %2] reads it, but the "
                           "schedule runs s%3[0, %2] at [0, 0, 0, 25, 1] before s%1[0, %2] at [0, 0, 0, 24, 0]")
                .arg(100 + r % 900)
                .arg(10 + r % 90)
                .arg(100 + (r * 7) % 900)));
    QTableView qt, fitted;
    qt.setModel(&model);
    fitted.setModel(&model);
    qt.horizontalHeader()->setResizeContentsPrecision(-1);
    qt.resizeColumnsToContents();
    ColumnFit::fit(fitted, 0, 0);
    QVERIFY2(fitted.columnWidth(0) >= qt.columnWidth(0), qPrintable(QString::number(fitted.columnWidth(0))));
    // (the margin, and the estimate's own pixel or two)
    QVERIFY2(fitted.columnWidth(0) <= qt.columnWidth(0) + std::max(4, qt.columnWidth(0) / 128) + 4,
             qPrintable(QString::number(fitted.columnWidth(0))));
}

// Texts whose width the characters' advances alone miss by far (a review's
// cases): many kerned pairs beside a plain text a little wider, messages
// naming kerned tensors, a tab, which runs to the next tab stop.
void tst_ColumnFit::kerningAndTabs_data()
{
    QTest::addColumn<QStringList>("texts");
    QStringList pairs;
    for (int k = 0; k < 4; ++k)
        pairs << QString(QStringLiteral("AV")).repeated(60) + QString::number(k);
    const QFontMetrics fm(QTableView().font());
    QString plain;
    while (fm.horizontalAdvance(plain) <= fm.horizontalAdvance(pairs.front()) + 6)
        plain += QLatin1Char('x');
    QTest::newRow("kerned pairs, a plain text wider") << (pairs << plain);
    QStringList messages;
    for (const char *name : {"LTAVAT", "TAVATAR", "VATAVAT", "aaaaaf"})
        for (int k = 0; k < 4; ++k)
            messages << QStringLiteral("RAW violation on tensor: %1: s10%2[0, 10] writes %1[0, 10], s11[0, 10] reads "
                                       "it, but the schedule runs s11[0, 10] at [0, 1] before s10%2[0, 10] at [0, 2]")
                            .arg(QLatin1String(name))
                            .arg(k);
    QTest::newRow("messages naming kerned tensors") << messages;
    // Arrows, dashes and Latin-1 letters are estimated as ASCII is (the
    // tables' "s12 \u2192 s13"), next to kerned pairs: still Qt's widths.
    QStringList arrows;
    for (int k = 0; k < 40; ++k)
        arrows << QStringLiteral("s%1 \u2192 s%2 \u2014 AV\u2192To T\u00e9 \u00ab%3\u00bb")
                      .arg(k)
                      .arg(k * 7 % 13)
                      .arg(QString(k % 5, QLatin1Char('W')));
    QTest::newRow("arrows, dashes, Latin-1") << arrows;
    QTest::newRow("a tab") << QStringList{QStringLiteral("abcdef0"), QStringLiteral("abcdef1"),
                                          QStringLiteral("abcdef2"), QStringLiteral("abcdef3"),
                                          QStringLiteral("abcdef4"), QStringLiteral("a\tb")};
}

void tst_ColumnFit::kerningAndTabs()
{
    QFETCH(QStringList, texts);
    QStandardItemModel model;
    model.setColumnCount(1);
    for (const QString &t : texts)
        model.appendRow(new QStandardItem(t));
    QTableView qt, fitted;
    qt.setModel(&model);
    fitted.setModel(&model);
    qt.resizeColumnsToContents();
    ColumnFit::fit(fitted, 0, 0);
    QCOMPARE(fitted.columnWidth(0), qt.columnWidth(0));
}

QTEST_MAIN(tst_ColumnFit)
#include "tst_columnfit.moc"
