// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QUndoView;

namespace se {

class Explorer;

/// The history: the undo stack (click a step to go back to it) and the
/// edit log in script form, exactly as "Export edit script" writes it.
class HistoryView : public QWidget {
    Q_OBJECT
public:
    explicit HistoryView(Explorer *explorer, QWidget *parent = nullptr);
    QPlainTextEdit *scriptEdit() const { return m_script; }

private:
    void refresh();

    Explorer *m_explorer;
    QUndoView *m_undo;
    QPlainTextEdit *m_script;
};

} // namespace se
