// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;

namespace se {

/// Asks why a dependence edge may be assumed absent. The reason is the
/// audit trail, so OK stays disabled until there is one.
class OverrideDialog : public QDialog {
    Q_OBJECT
public:
    /// `edge` names it for people: `WAR s0 -> s1 on A`; `reason` is the
    /// current one when the edge is already assumed absent.
    OverrideDialog(const QString &edge, const QString &reason, QWidget *parent = nullptr);
    QString reason() const;
    QLineEdit *reasonEdit() const { return m_reason; }
    bool canAccept() const;

    /// Shows the dialog; the reason, or an empty string when cancelled.
    static QString ask(QWidget *parent, const QString &edge, const QString &reason = {});

private:
    QLineEdit *m_reason;
    QDialogButtonBox *m_buttons;
};

} // namespace se
