// SPDX-License-Identifier: MIT
#pragma once

#include "MemberExprValidator.h"

#include <QLineEdit>
#include <QPointer>

class QLabel;

namespace se {

/// An inline editor for one band member's expression of one statement,
/// validated as it is typed (MemberExprValidator): an invalid expression
/// gets a red border and its reason (tooltip and a small label under the
/// field), and Enter is refused. Enter on a valid expression emits
/// accepted(); Escape or losing focus emits cancelled(). Each fires once.
class MemberExprEditor : public QLineEdit {
    Q_OBJECT
public:
    MemberExprEditor(MemberExprValidator validator, QString statement, const QString &text, QWidget *parent);
    ~MemberExprEditor() override;

    bool isValid() const { return m_problem.isEmpty(); }
    /// What is wrong with the current text (empty when valid).
    const QString &problem() const { return m_problem; }
    /// Moves the editor (and its reason label) over `cell`, in the parent's coordinates.
    void place(const QRect &cell);

Q_SIGNALS:
    void accepted(const QString &expression);
    void cancelled();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void validate();
    void finish(bool accept);

    MemberExprValidator m_validator;
    QString m_statement;
    QString m_problem;
    QPointer<QLabel> m_reason; ///< a sibling, so it may stick out of the field (the parent may delete it first)
    bool m_done = false;
};

} // namespace se
