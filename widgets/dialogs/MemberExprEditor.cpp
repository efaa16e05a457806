// SPDX-License-Identifier: MIT
#include "MemberExprEditor.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QLabel>

namespace se {

namespace {

constexpr int MinWidth = 160;
constexpr int ReasonWidth = 360;

} // namespace

MemberExprEditor::MemberExprEditor(MemberExprValidator validator, QString statement, const QString &text,
                                   QWidget *parent)
    : QLineEdit(text, parent), m_validator(std::move(validator)), m_statement(std::move(statement)),
      m_reason(new QLabel(parent))
{
    setObjectName(QStringLiteral("memberExprEditor"));
    m_reason->setObjectName(QStringLiteral("memberExprReason"));
    m_reason->setWordWrap(true);
    m_reason->setStyleSheet(QStringLiteral("QLabel { color: #c62828; background: #fff8f8; "
                                           "border: 1px solid #e57373; padding: 2px; }"));
    m_reason->hide();
    setPlaceholderText(tr("an expression in %1").arg(m_validator.names(m_statement).join(QStringLiteral(", "))));
    connect(this, &QLineEdit::textChanged, this, &MemberExprEditor::validate);
    selectAll();
    validate();
}

MemberExprEditor::~MemberExprEditor()
{
    delete m_reason.data();
}

void MemberExprEditor::place(const QRect &cell)
{
    const int h = sizeHint().height();
    setGeometry(cell.left() - 3, cell.center().y() - h / 2, std::max(cell.width() + 40, MinWidth), h);
    m_reason->setFixedWidth(ReasonWidth);
    m_reason->adjustSize();
    m_reason->move(x(), y() + height() + 1);
}

void MemberExprEditor::validate()
{
    m_problem = m_validator.problem(m_statement, text());
    // A red border says "not yet"; the reason is the tooltip and the label.
    setStyleSheet(m_problem.isEmpty() ? QStringLiteral("QLineEdit { border: 2px solid #1f5f9e; }")
                                      : QStringLiteral("QLineEdit { border: 2px solid #d50000; }"));
    setToolTip(m_problem);
    m_reason->setText(m_problem);
    m_reason->setVisible(!m_problem.isEmpty() && isVisible());
    if (m_reason->isVisible()) {
        m_reason->adjustSize();
        m_reason->raise();
    }
}

void MemberExprEditor::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        // Refused while invalid: the editor stays, showing why.
        if (isValid())
            finish(true);
        else
            m_reason->setVisible(isVisible());
        event->accept();
        return;
    case Qt::Key_Escape:
        finish(false);
        event->accept();
        return;
    default: QLineEdit::keyPressEvent(event);
    }
}

void MemberExprEditor::focusOutEvent(QFocusEvent *event)
{
    QLineEdit::focusOutEvent(event);
    // The field's own context menu takes focus for a moment: not a cancel.
    if (event->reason() != Qt::PopupFocusReason)
        finish(false);
}

void MemberExprEditor::finish(bool accept)
{
    if (m_done)
        return;
    m_done = true;
    if (m_reason)
        m_reason->hide();
    if (accept)
        Q_EMIT accepted(text().trimmed());
    else
        Q_EMIT cancelled();
}

} // namespace se
