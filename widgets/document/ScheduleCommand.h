// SPDX-License-Identifier: MIT
#pragma once

#include "Session.h"

#include <QUndoCommand>

namespace se {

class Explorer;

/// One undoable schedule change: the schedule part of the session (base
/// schedule and edit script) before and after. Pushed after the change was
/// checked, so its first redo() does nothing.
class ScheduleCommand : public QUndoCommand {
public:
    ScheduleCommand(Explorer *explorer, Session before, Session after, const QString &text);
    void undo() override;
    void redo() override;

private:
    Explorer *m_explorer;
    Session m_before, m_after;
    bool m_first = true;
};

} // namespace se
