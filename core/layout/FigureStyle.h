// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace se {

/// The colours of the app's figures as "#rrggbb", for pictures drawn
/// without Qt (schedule-tool --format dot|svg). The core may not use Qt, so
/// these replicate widgets/StatementPalette (statements) and
/// widgets/GraphEdgeItem (edge types, violated): change both together.
class FigureStyle {
public:
    /// One colour per statement by program order (Tableau 10, darkened);
    /// past ten, a lighter shade of the same cycle.
    static std::string statementColor(int statement);
    /// RAW, WAR, WAW; grey for anything else.
    static std::string edgeColor(const std::string &type);
    static std::string violatedColor() { return "#d50000"; }
    static std::string mutedColor() { return "#606060"; }
};

} // namespace se
