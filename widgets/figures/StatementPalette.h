// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>

namespace se {

/// One colour per statement (by program order), the same in every view:
/// the graph's nodes, the tree's member rows and the loop nest's lines.
class StatementPalette {
public:
    static QColor color(int statement);
    /// A pale version for backgrounds.
    static QColor background(int statement);
};

} // namespace se
