// SPDX-License-Identifier: MIT
#include "HistoryView.h"

#include "widgets/document/Explorer.h"
#include "NestHighlighter.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QUndoView>
#include <QVBoxLayout>

namespace se {

HistoryView::HistoryView(Explorer *explorer, QWidget *parent)
    : QWidget(parent), m_explorer(explorer), m_undo(new QUndoView(explorer->undoStack(), this)),
      m_script(new QPlainTextEdit(this))
{
    m_undo->setEmptyLabel(tr("<opened>"));
    m_script->setReadOnly(true);
    m_script->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_script->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_undo);
    split->addWidget(m_script);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    connect(m_explorer, &Explorer::documentChanged, this, &HistoryView::refresh);
    refresh();
}

void HistoryView::refresh()
{
    if (!m_explorer->kernel()) {
        m_script->clear();
        return;
    }
    QString base = m_explorer->session().scheduleText.empty()
        ? tr("// base: the original schedule")
        : tr("// base: %1").arg(m_explorer->session().scheduleFile);
    const QString text = base + QLatin1Char('\n') + QString::fromStdString(m_explorer->editScriptText());
    if (m_script->toPlainText() != text)
        m_script->setPlainText(text);
}

} // namespace se
