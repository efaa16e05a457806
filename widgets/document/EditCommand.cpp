// SPDX-License-Identifier: MIT
#include "EditCommand.h"

#include "Explorer.h"

namespace se {

EditCommand::EditCommand(Explorer *explorer, Edit edit, std::size_t index, const QString &text)
    : QUndoCommand(text), m_explorer(explorer), m_edit(std::move(edit)), m_index(index)
{
}

void EditCommand::undo()
{
    m_explorer->applyEditState(m_index, nullptr);
}

void EditCommand::redo()
{
    if (m_first) { // already applied and checked when pushed
        m_first = false;
        return;
    }
    m_explorer->applyEditState(m_index, &m_edit);
}

} // namespace se
