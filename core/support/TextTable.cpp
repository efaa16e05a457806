// SPDX-License-Identifier: MIT
#include "TextTable.h"

#include <algorithm>

namespace se {

std::string TextTable::str(const std::string &indent) const
{
    std::vector<std::size_t> width(m_header.size(), 0);
    auto measure = [&](const std::vector<std::string> &row) {
        for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    };
    measure(m_header);
    for (const auto &r : m_rows)
        measure(r);
    std::string out;
    auto line = [&](const std::vector<std::string> &row) {
        std::string l = indent;
        for (std::size_t c = 0; c < row.size(); ++c) {
            l += row[c];
            if (c + 1 < row.size())
                l += std::string(width[c] - row[c].size() + 2, ' ');
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        out += l + "\n";
    };
    line(m_header);
    for (const auto &r : m_rows)
        line(r);
    return out;
}

} // namespace se
