// SPDX-License-Identifier: MIT
#include "KernelView.h"

#include "widgets/common/KernelText.h"
#include "NestHighlighter.h"
#include "widgets/models/ParamsModel.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/StatementPalette.h"
#include "widgets/models/TensorsModel.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QToolTip>
#include <QVBoxLayout>

namespace se {

namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *t = new QTableView(parent);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    return t;
}

} // namespace

KernelView::KernelView(Selection *selection, QWidget *parent)
    : QWidget(parent), m_selection(selection), m_title(new QLabel(this)), m_nest(new QPlainTextEdit(this)),
      m_params(new ParamsModel(this)), m_tensors(new TensorsModel(this))
{
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    m_title->setContentsMargins(4, 2, 4, 2);
    m_nest->setReadOnly(true);
    m_nest->setLineWrapMode(QPlainTextEdit::WidgetWidth); // a narrow dock: wrap, never clip
    m_nest->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new NestHighlighter(NestHighlighter::Language::Axis, m_nest->document());
    m_paramsView = makeTable(m_params, this);
    m_paramsView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                                  | QAbstractItemView::SelectedClicked);
    m_tensorsView = makeTable(m_tensors, this);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_nest);
    split->addWidget(m_paramsView);
    split->addWidget(m_tensorsView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);

    connect(m_params, &ParamsModel::fixedParamsEdited, this, &KernelView::fixedParamsEdited);
    connect(m_selection, &Selection::changed, this, &KernelView::updateHighlights);
    m_nest->viewport()->installEventFilter(this);
}

void KernelView::setKernel(const KernelPtr &kernel, const ParamValues &fixed)
{
    m_kernel = kernel;
    m_params->setKernel(kernel, fixed);
    m_tensors->setKernel(kernel);
    if (!kernel) {
        m_title->clear();
        m_nest->clear();
        return;
    }
    QString title = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(kernel->name).toHtmlEscaped());
    const QString description = QString::fromStdString(kernel->description);
    if (!description.isEmpty()) {
        // The first sentence here, the whole description on hover: the
        // nest and the tables need the room.
        QString first = description;
        const qsizetype stop = description.indexOf(QLatin1String(". "));
        if (stop > 0 && stop < 200)
            first = description.left(stop + 1) + QStringLiteral(" \u2026");
        else if (description.size() > 200)
            first = description.left(200) + QStringLiteral("\u2026");
        title += QStringLiteral("<br><span style=\"color:#555\">%1</span>").arg(first.toHtmlEscaped());
    }
    m_title->setText(title);
    m_title->setToolTip(
        QStringLiteral("<p>%1</p><p><i>%2</i></p>")
            .arg(description.toHtmlEscaped(), QString::fromStdString(kernel->sourcePath).toHtmlEscaped()));
    const KernelText text = KernelText::fromKernel(*kernel);
    m_lines = text.statementOfLine;
    m_order.clear();
    for (const auto &p : kernel->statements())
        m_order << QString::fromStdString(p.statement->tupleName());
    m_highlighter->setStatements(m_order);
    m_nest->setPlainText(text.text);
    m_boundsMarks.clear(); // the next snapshot marks the new kernel
    m_paramsView->resizeColumnsToContents();
    m_tensorsView->resizeColumnsToContents();
    updateHighlights();
}

void KernelView::setFixed(const ParamValues &fixed)
{
    m_params->setFixed(fixed);
}

void KernelView::setBounds(const std::vector<BoundsReport> &bounds)
{
    m_boundsMarks.clear();
    for (const BoundsReport &b : bounds) {
        const int line = static_cast<int>(m_lines.indexOf(QString::fromStdString(b.statement)));
        const QTextBlock block = m_nest->document()->findBlockByNumber(line);
        if (line < 0 || !block.isValid())
            continue;
        // Each `T[...]` of the tensor on the statement's line; the whole
        // line when its text names the tensor otherwise.
        const QString text = block.text();
        const QString opening = QString::fromStdString(b.tensor) + QLatin1Char('[');
        bool found = false;
        for (qsizetype at = text.indexOf(opening); at >= 0; at = text.indexOf(opening, at + 1)) {
            if (at > 0 && (text[at - 1].isLetterOrNumber() || text[at - 1] == QLatin1Char('_')))
                continue; // `BA[` is not `A[`
            const qsizetype close = text.indexOf(QLatin1Char(']'), at);
            const qsizetype end = close < 0 ? text.size() : close + 1;
            m_boundsMarks.push_back({line, int(at), int(end - at), QString::fromStdString(b.message)});
            found = true;
        }
        if (!found) {
            const qsizetype start = text.size() - text.trimmed().size();
            m_boundsMarks.push_back({line, int(start), int(text.size() - start), QString::fromStdString(b.message)});
        }
    }
    updateHighlights();
}

bool KernelView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_nest->viewport() && event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QTextCursor c = m_nest->cursorForPosition(help->pos());
        QStringList messages;
        for (const BoundsMark &m : m_boundsMarks)
            if (m.line == c.blockNumber() && c.positionInBlock() >= m.start && c.positionInBlock() <= m.start + m.length
                && !messages.contains(m.message))
                messages << m.message;
        if (messages.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), messages.join(QLatin1Char('\n')), m_nest->viewport());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void KernelView::updateHighlights()
{
    QList<QTextEdit::ExtraSelection> marks;
    const QStringList &stmts = m_selection->statements();
    int line = 0;
    for (QTextBlock b = m_nest->document()->begin(); b.isValid(); b = b.next(), ++line) {
        if (line >= m_lines.size() || m_lines[line].isEmpty() || !stmts.contains(m_lines[line]))
            continue;
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(b);
        sel.format.setBackground(StatementPalette::background(static_cast<int>(m_order.indexOf(m_lines[line]))));
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << sel;
    }
    for (const BoundsMark &m : m_boundsMarks) {
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(m_nest->document()->findBlockByNumber(m.line));
        sel.cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, m.start);
        sel.cursor.movePosition(QTextCursor::Right, QTextCursor::KeepAnchor, m.length);
        sel.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        sel.format.setUnderlineColor(QColor(0xc0, 0x6a, 0x00)); // the violations table's Bounds colour
        marks << sel;
    }
    m_nest->setExtraSelections(marks);
}

} // namespace se
