// SPDX-License-Identifier: MIT
#include "StatementPalette.h"

#include <array>

namespace se {

namespace {

// Distinct hues that stay readable as text on white (Tableau 10, darkened).
constexpr std::array<QRgb, 10> kColors = {
    0x1f5f9e, 0xc25e00, 0x2a8a2a, 0xb32428, 0x7a4fa3, 0x7d5048, 0xc2489b, 0x5f5f5f, 0x8a8a12, 0x138a99,
};

} // namespace

QColor StatementPalette::color(int statement)
{
    if (statement < 0)
        return QColor(0x40, 0x40, 0x40);
    const QColor base = QColor::fromRgb(kColors[static_cast<std::size_t>(statement) % kColors.size()]);
    // Past ten statements, cycle with a lighter shade so neighbours still differ.
    const int round = statement / static_cast<int>(kColors.size());
    return round % 2 ? base.lighter(135) : base;
}

QColor StatementPalette::background(int statement)
{
    QColor c = color(statement);
    c.setAlpha(38);
    return c;
}

} // namespace se
