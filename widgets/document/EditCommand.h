// SPDX-License-Identifier: MIT
#pragma once

#include "core/edit/Edit.h"

#include <QUndoCommand>

#include <cstddef>

namespace se {

class Explorer;

/// One undoable edit, kept as its value: the edit and its place in the log.
/// Undo keeps the log's first `index` edits; redo puts the edit back after
/// them (the schedules of both are in the analysis's prefix cache). Pushed
/// after the edit was checked, so its first redo() does nothing.
class EditCommand : public QUndoCommand {
public:
    EditCommand(Explorer *explorer, Edit edit, std::size_t index, const QString &text);
    void undo() override;
    void redo() override;

private:
    Explorer *m_explorer;
    Edit m_edit;
    std::size_t m_index;
    bool m_first = true;
};

} // namespace se
