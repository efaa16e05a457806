// SPDX-License-Identifier: MIT
// The schedule tree's inline member-expression editor, offscreen: a
// double-click on a band's expression cell opens it over the cell with the
// current text; an expression naming something that is neither an iterator
// of the statement nor a parameter is refused on Enter (red, with a reason);
// a valid one is applied through the Explorer as one undoable edit; Escape
// cancels with no edit. The member-expression dialog's validator is shared.
#include "WidgetTestUtil.h"
#include "widgets/document/Explorer.h"
#include "widgets/dialogs/MemberExprEditor.h"
#include "widgets/dialogs/MemberExprValidator.h"
#include "widgets/views/ScheduleTreeView.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/TreeNodeItem.h"

#include <QApplication>
#include <QFocusEvent>
#include <QLabel>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace se;
using se::test::source;
using se::test::waitForSnapshot;

namespace {

// The first band's item in the view.
TreeNodeItem *firstBand(const ScheduleTreeView &tree)
{
    for (auto *item : tree.nodeItems())
        if (item->node().kind == ScheduleTreeSnapshot::Kind::Band && !item->node().cells.empty())
            return item;
    return nullptr;
}

// Where cell `c` of `item` is, in viewport coordinates.
QPoint cellPos(const ScheduleTreeView &tree, const TreeNodeItem *item, std::size_t c)
{
    const auto &n = item->node();
    const QRectF r = item->mapRectToScene(n.labels[n.cells[c].label].rect);
    return tree.mapFromScene(r.center());
}

// The expression of `member` for `statement` in the band at `path` of the current snapshot.
QString memberText(const Explorer &e, const std::vector<int> &path, int member, const QString &statement)
{
    const auto &tree = e.snapshot()->tree;
    const int index = tree.find(path);
    if (index < 0)
        return QStringLiteral("<no node>");
    for (const auto &p : tree.nodes[static_cast<std::size_t>(index)].members[static_cast<std::size_t>(member)].parts)
        if (QString::fromStdString(p.statement) == statement)
            return QString::fromStdString(p.expr);
    return QStringLiteral("<no part>");
}

QString squeeze(QString s)
{
    return s.remove(QLatin1Char(' '));
}

} // namespace

class tst_TreeInlineEdit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validator_data();
    void validator();
    void editInPlace();
};

void tst_TreeInlineEdit::validator_data()
{
    // s0[i, j] with parameter N; s1[t] with parameters N, T.
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("iterator") << "s0"
                              << "j" << true;
    QTest::newRow("affine") << "s0"
                            << "2*i - j + N" << true;
    QTest::newRow("floor div") << "s0"
                               << "i // 4" << true;
    QTest::newRow("unknown name") << "s0"
                                  << "q + 1" << false;
    QTest::newRow("other statement's iterator") << "s0"
                                                << "t" << false;
    QTest::newRow("its own iterator") << "s1"
                                      << "t + T" << true;
    QTest::newRow("not an iterator of s1") << "s1"
                                           << "i" << false;
    QTest::newRow("empty") << "s0"
                           << "  " << false;
    QTest::newRow("syntax") << "s0"
                            << "i +" << false;
}

void tst_TreeInlineEdit::validator()
{
    QFETCH(QString, statement);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const MemberExprValidator v({{"s0", {QStringLiteral("i"), QStringLiteral("j")}}, {"s1", {QStringLiteral("t")}}},
                                {QStringLiteral("N"), QStringLiteral("T")});
    const QString problem = v.problem(statement, text);
    QCOMPARE(problem.isEmpty(), valid);
}

void tst_TreeInlineEdit::editInPlace()
{
    Explorer e;
    ScheduleTreeView tree(e.selection());
    connect(&e, &Explorer::snapshotChanged, &tree, &ScheduleTreeView::setSnapshot);
    connect(&tree, &ScheduleTreeView::editRequested, &e, &Explorer::applyEdit);
    QSignalSpy snaps(&e, &Explorer::snapshotChanged);
    QSignalSpy fails(&e, &Explorer::analysisFailed);
    tree.resize(900, 700);
    tree.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tree));
    QString error;
    QVERIFY2(e.openKernel(source("sample-kernels/gauss_seidel_2d.json"), &error), qPrintable(error));
    QVERIFY(waitForSnapshot(e, snaps));
    QCOMPARE(fails.count(), 0);

    TreeNodeItem *band = firstBand(tree);
    QVERIFY(band);
    const std::vector<int> path = band->node().path;
    const TreeFigure::Cell cell = band->node().cells.front();
    QCOMPARE(cell.member, 0);
    QCOMPARE(cell.statement, QStringLiteral("s0"));
    const QString before = memberText(e, path, 0, QStringLiteral("s0"));
    QCOMPARE(squeeze(before), QStringLiteral("i")); // the outer loop of the nest

    // A double-click on the cell opens the editor over it, with the current text.
    QVERIFY(!tree.memberEditor());
    QTest::mouseDClick(tree.viewport(), Qt::LeftButton, {}, cellPos(tree, band, 0));
    MemberExprEditor *ed = tree.memberEditor();
    QVERIFY(ed);
    QVERIFY(ed->isVisible());
    QCOMPARE(ed->text(), before);
    QVERIFY(ed->isValid());
    QVERIFY(ed->geometry().contains(cellPos(tree, band, 0)));

    // Unknown iterator: marked invalid, Enter refused, nothing applied.
    QSignalSpy edits(&tree, &ScheduleTreeView::editRequested);
    ed->clear();
    QTest::keyClicks(ed, QStringLiteral("q + 1"));
    QVERIFY(!ed->isValid());
    QVERIFY(ed->problem().contains(QStringLiteral("'q'")));
    QCOMPARE(ed->toolTip(), ed->problem());
    QVERIFY(ed->styleSheet().contains(QStringLiteral("#d50000")));
    auto *reason = tree.viewport()->findChild<QLabel *>(QStringLiteral("memberExprReason"));
    QVERIFY(reason && reason->isVisible());
    QTest::keyClick(ed, Qt::Key_Return);
    QCOMPARE(tree.memberEditor(), ed);
    QVERIFY(ed->isVisible());
    QCOMPARE(edits.count(), 0);
    QCOMPARE(e.session().edits.size(), std::size_t(0));

    // Escape cancels: no edit, the editor goes.
    QTest::keyClick(ed, Qt::Key_Escape);
    QVERIFY(!tree.memberEditor());
    QCOMPARE(edits.count(), 0);
    QTest::qWait(50);
    QCOMPARE(e.session().edits.size(), std::size_t(0));
    QVERIFY(!e.isBusy());

    // A valid expression applied with Enter: one edit, the tree shows it.
    QTest::mouseDClick(tree.viewport(), Qt::LeftButton, {}, cellPos(tree, band, 0));
    ed = tree.memberEditor();
    QVERIFY(ed);
    ed->clear();
    QTest::keyClicks(ed, QStringLiteral("i + 1"));
    QVERIFY2(ed->isValid(), qPrintable(ed->problem()));
    QTest::keyClick(ed, Qt::Key_Return);
    QVERIFY(!tree.memberEditor());
    QCOMPARE(edits.count(), 1);
    QCOMPARE(e.session().edits.size(), std::size_t(1));
    QVERIFY(waitForSnapshot(e, snaps));
    QCOMPARE(fails.count(), 0);
    const QString after = squeeze(memberText(e, path, 0, QStringLiteral("s0")));
    QVERIFY2(after == QStringLiteral("i+1") || after == QStringLiteral("1+i"), qPrintable(after));
    QVERIFY(e.snapshot()->report.legal); // a shift of the outer loop keeps every order
    QCOMPARE(e.undoStack()->count(), 1);

    // Undo reverts it.
    e.undoStack()->undo();
    QVERIFY(waitForSnapshot(e, snaps));
    QCOMPARE(e.session().edits.size(), std::size_t(0));
    QCOMPARE(memberText(e, path, 0, QStringLiteral("s0")), before);

    // Focus loss cancels too; a double-click off the cells opens nothing.
    band = firstBand(tree);
    QVERIFY(band);
    QTest::mouseDClick(tree.viewport(), Qt::LeftButton, {}, cellPos(tree, band, 0));
    ed = tree.memberEditor();
    QVERIFY(ed);
    ed->clear();
    QTest::keyClicks(ed, QStringLiteral("j"));
    QFocusEvent out(QEvent::FocusOut, Qt::TabFocusReason);
    QApplication::sendEvent(ed, &out);
    QVERIFY(!tree.memberEditor());
    QCOMPARE(edits.count(), 1);
    QTest::mouseDClick(tree.viewport(), Qt::LeftButton, {},
                       tree.mapFromScene(band->mapToScene(band->node().labels.front().rect.center())));
    QVERIFY(!tree.memberEditor());
}

QTEST_MAIN(tst_TreeInlineEdit)
#include "tst_treeinlineedit.moc"
