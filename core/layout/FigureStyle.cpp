// SPDX-License-Identifier: MIT
#include "FigureStyle.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace se {

namespace {

constexpr std::array<unsigned, 10> StatementColors = {
    0x1f5f9e, 0xc25e00, 0x2a8a2a, 0xb32428, 0x7a4fa3, 0x7d5048, 0xc2489b, 0x5f5f5f, 0x8a8a12, 0x138a99,
};

std::string hex(unsigned rgb)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%06x", rgb & 0xffffffu);
    return buf;
}

} // namespace

std::string FigureStyle::statementColor(int statement)
{
    if (statement < 0)
        return "#404040";
    unsigned rgb = StatementColors[static_cast<std::size_t>(statement) % StatementColors.size()];
    if ((statement / static_cast<int>(StatementColors.size())) % 2) {
        // About QColor::lighter(135): each channel 35% brighter, capped.
        unsigned out = 0;
        for (int shift = 16; shift >= 0; shift -= 8)
            out |= std::min(255u, ((rgb >> shift) & 0xffu) * 135 / 100) << shift;
        rgb = out;
    }
    return hex(rgb);
}

std::string FigureStyle::edgeColor(const std::string &type)
{
    if (type == "RAW")
        return "#1565c0";
    if (type == "WAR")
        return "#2e7d32";
    if (type == "WAW")
        return "#8e24aa";
    return "#606060";
}

} // namespace se
