// SPDX-License-Identifier: MIT
#include "ScheduleCommand.h"

#include "Explorer.h"

namespace se {

ScheduleCommand::ScheduleCommand(Explorer *explorer, Session before, Session after, const QString &text)
    : QUndoCommand(text), m_explorer(explorer), m_before(std::move(before)), m_after(std::move(after))
{
}

void ScheduleCommand::undo()
{
    m_explorer->applyScheduleState(m_before);
}

void ScheduleCommand::redo()
{
    if (m_first) { // already applied and checked when pushed
        m_first = false;
        return;
    }
    m_explorer->applyScheduleState(m_after);
}

} // namespace se
