// SPDX-License-Identifier: MIT
#include "OverrideDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace se {

OverrideDialog::OverrideDialog(const QString &edge, const QString &reason, QWidget *parent)
    : QDialog(parent), m_reason(new QLineEdit(reason, this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Assume a dependence absent"));
    auto *text = new QLabel(tr("<b>%1</b><br><br>The legality check will ignore this dependence edge, and the "
                               "verdict will say it was assumed. Say why it cannot happen (for example: "
                               "<i>the two accesses never touch the same element at run time</i>); the reason is "
                               "saved with the session and the edit script.")
                                .arg(edge.toHtmlEscaped()),
                            this);
    text->setWordWrap(true);
    m_reason->setPlaceholderText(tr("Why this dependence cannot happen (required)"));
    m_reason->setMinimumWidth(420);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_reason);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto update = [this] { m_buttons->button(QDialogButtonBox::Ok)->setEnabled(canAccept()); };
    connect(m_reason, &QLineEdit::textChanged, this, update);
    update();
}

QString OverrideDialog::reason() const
{
    return m_reason->text().trimmed();
}

bool OverrideDialog::canAccept() const
{
    return !reason().isEmpty();
}

QString OverrideDialog::ask(QWidget *parent, const QString &edge, const QString &reason)
{
    OverrideDialog d(edge, reason, parent);
    return d.exec() == QDialog::Accepted ? d.reason() : QString();
}

} // namespace se
