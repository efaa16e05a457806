// SPDX-License-Identifier: MIT
#include "KernelView.h"

#include "widgets/common/KernelText.h"
#include "NestHighlighter.h"
#include "widgets/models/ParamsModel.h"
#include "widgets/document/Selection.h"
#include "widgets/figures/StatementPalette.h"
#include "widgets/models/TensorsModel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
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
    m_paramsView->resizeColumnsToContents();
    m_tensorsView->resizeColumnsToContents();
    updateHighlights();
}

void KernelView::setFixed(const ParamValues &fixed)
{
    m_params->setFixed(fixed);
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
    m_nest->setExtraSelections(marks);
}

} // namespace se
