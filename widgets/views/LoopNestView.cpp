// SPDX-License-Identifier: MIT
#include "LoopNestView.h"

#include "NestHighlighter.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/StatementPalette.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>

namespace se {

namespace {

QPlainTextEdit *makeEdit(QWidget *parent)
{
    auto *e = new QPlainTextEdit(parent);
    e->setReadOnly(true);
    e->setLineWrapMode(QPlainTextEdit::WidgetWidth); // long statement lines wrap rather than hide
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPixelSize(12);
    e->setFont(mono);
    e->setFrameShape(QFrame::NoFrame);
    return e;
}

// Keeps the scroll position when the text is replaced after an edit.
void replaceText(QPlainTextEdit *edit, const QString &text)
{
    if (edit->toPlainText() == text)
        return;
    const int v = edit->verticalScrollBar() ? edit->verticalScrollBar()->value() : 0;
    edit->setPlainText(text);
    edit->verticalScrollBar()->setValue(v);
}

} // namespace

LoopNestView::LoopNestView(Selection *selection, QWidget *parent)
    : QTabWidget(parent), m_selection(selection), m_nest(makeEdit(this)), m_c(makeEdit(this)), m_isl(makeEdit(this))
{
    m_nestHl = new NestHighlighter(NestHighlighter::Language::Axis, m_nest->document());
    m_cHl = new NestHighlighter(NestHighlighter::Language::C, m_c->document());
    m_islHl = new NestHighlighter(NestHighlighter::Language::Isl, m_isl->document());
    addTab(m_nest, tr("Loop nest"));
    addTab(m_c, tr("C"));
    addTab(m_isl, tr("isl schedule"));
    setDocumentMode(true);
    connect(m_selection, &Selection::changed, this, &LoopNestView::updateHighlights);
    // A tab's text is set when it is shown (or read): the hidden ones'
    // highlighting took the GUI thread's time after every edit (the isl
    // tab's YAML of a 400-statement tree is 130 KB).
    connect(this, &QTabWidget::currentChanged, this, [this](int index) { flush(static_cast<Tab>(index)); });
}

QPlainTextEdit *LoopNestView::edit(Tab tab) const
{
    return tab == Tab::Nest ? m_nest : tab == Tab::C ? m_c : m_isl;
}

void LoopNestView::flush(Tab tab)
{
    const int k = static_cast<int>(tab);
    if (k < 0 || k >= TabCount || !m_pending[k])
        return;
    QPlainTextEdit *e = edit(tab);
    replaceText(e, *m_pending[k]);
    m_pending[k].reset();
    if (tab != Tab::Isl) // the selection's lines in the new text
        markLines(e, m_selection->statements(), m_order);
}

void LoopNestView::setText(Tab tab, const QString &text)
{
    m_pending[static_cast<int>(tab)] = text;
    if (currentIndex() == static_cast<int>(tab))
        flush(tab);
}

QPlainTextEdit *LoopNestView::nestEdit()
{
    flush(Tab::Nest);
    return m_nest;
}

QPlainTextEdit *LoopNestView::cEdit()
{
    flush(Tab::C);
    return m_c;
}

QPlainTextEdit *LoopNestView::islEdit()
{
    flush(Tab::Isl);
    return m_isl;
}

bool LoopNestView::islShown() const
{
    return currentIndex() == static_cast<int>(Tab::Isl);
}

void LoopNestView::setSnapshot(const AnalysisSnapshotPtr &s)
{
    m_snapshot = s;
    if (!s) {
        for (int k = 0; k < TabCount; ++k)
            setText(static_cast<Tab>(k), QString());
        return;
    }
    QStringList order;
    for (const auto &p : s->kernel->statements())
        order << QString::fromStdString(p.statement->tupleName());
    if (order != m_order) {
        m_order = order;
        m_nestHl->setStatements(order);
        m_cHl->setStatements(order);
        m_islHl->setStatements(order);
    }
    const QString unavailable = s->nestError.empty()
        ? tr("# The regenerated loop nest needs code generation, which this build lacks.")
        : QStringLiteral("# ") + QString::fromStdString(s->nestError);
    if (s->nestDeferred) {
        // Left out while this view was hidden; showing it makes it.
        setText(Tab::Nest, tr("# The loop nest is generated when this view is shown."));
        setText(Tab::C, tr("/* The C is generated when this view is shown. */"));
    } else if (s->nestPending) {
        // Never the previous schedule's nest: it would contradict the other views.
        setText(Tab::Nest, tr("# Regenerating the loop nest of this schedule\u2026"));
        setText(Tab::C, tr("/* Regenerating the C of this schedule\u2026 */"));
    } else {
        setText(Tab::Nest, s->nestText.empty() ? unavailable : QString::fromStdString(s->nestText));
        setText(Tab::C,
                s->nestC.empty() ? QStringLiteral("/* no C: see the loop nest tab */")
                                 : QString::fromStdString(s->nestC));
    }
    // The flat map comes with the nest (it is made on the nest's thread)
    // when this tab shows, else when it does.
    const QString map = s->nestDeferred ? tr("# made when this view is shown")
        : s->nestPending                ? tr("# being made with the loop nest\u2026")
        : s->mapDeferred                ? tr("# being made\u2026")
        : s->scheduleMap.empty()        ? tr("# not made: see the loop nest tab")
                                        : QString::fromStdString(s->scheduleMap);
    setText(Tab::Isl,
            QStringLiteral("# flat schedule (union map)\n") + map + QStringLiteral("\n\n# schedule tree (isl YAML)\n")
                + QString::fromStdString(s->scheduleYaml));
}

void LoopNestView::markLines(QPlainTextEdit *edit, const QStringList &statements, const QStringList &order)
{
    QList<QTextEdit::ExtraSelection> marks;
    if (!statements.isEmpty()) {
        static const QRegularExpression stmt(QStringLiteral("\\b[sS]_?(\\d+)\\b"));
        for (QTextBlock b = edit->document()->begin(); b.isValid(); b = b.next()) {
            const auto m = stmt.match(b.text());
            if (!m.hasMatch())
                continue;
            const QString name = QLatin1Char('s') + m.captured(1);
            if (!statements.contains(name))
                continue;
            QTextEdit::ExtraSelection sel;
            sel.cursor = QTextCursor(b);
            sel.format.setBackground(StatementPalette::background(static_cast<int>(order.indexOf(name))));
            // The tints are pale: on a dark theme the line's text must be dark to read.
            if (edit->palette().color(QPalette::Base).lightness() < 128)
                sel.format.setForeground(QColor(0x1d, 0x21, 0x27));
            sel.format.setProperty(QTextFormat::FullWidthSelection, true);
            marks << sel;
        }
    }
    edit->setExtraSelections(marks);
}

void LoopNestView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) { // View > Theme: new inks
        m_nestHl->rehighlight();
        m_cHl->rehighlight();
        m_islHl->rehighlight();
        updateHighlights();
    }
    QTabWidget::changeEvent(event);
}

void LoopNestView::updateHighlights()
{
    // A tab whose text is still to be set is marked when it is.
    const QStringList &stmts = m_selection->statements();
    if (!m_pending[static_cast<int>(Tab::Nest)])
        markLines(m_nest, stmts, m_order);
    if (!m_pending[static_cast<int>(Tab::C)])
        markLines(m_c, stmts, m_order);
}

} // namespace se
