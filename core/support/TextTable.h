// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace se {

/// Left-aligned columns for terminal output.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : m_header(std::move(header)) { }
    void add(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    bool empty() const { return m_rows.empty(); }
    /// Each line starts with `indent`; the last column is not padded.
    std::string str(const std::string &indent = "  ") const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace se
