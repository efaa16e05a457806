// SPDX-License-Identifier: MIT
#include "ScheduleYaml.h"

#include <cctype>

namespace se {

namespace {

bool isWord(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// End of the double-quoted string starting at `i` (one past its closing quote).
std::size_t skipQuoted(const std::string &s, std::size_t i)
{
    for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\')
            ++i;
    return i < s.size() ? i + 1 : s.size();
}

// If a key `word` (bare or quoted) followed by ':' starts at `i`, the
// position just past the ':'; otherwise npos.
std::size_t keyAt(const std::string &s, std::size_t i, const char *word)
{
    const std::string w(word);
    std::size_t j = i;
    if (s.compare(j, w.size(), w) == 0 && (j == 0 || !isWord(s[j - 1])) && !isWord(s[j + w.size()]))
        j += w.size();
    else if (s.compare(j, w.size() + 2, "\"" + w + "\"") == 0)
        j += w.size() + 2;
    else
        return std::string::npos;
    while (j < s.size() && (s[j] == ' ' || s[j] == '\t'))
        ++j;
    return j < s.size() && s[j] == ':' ? j + 1 : std::string::npos;
}

std::size_t lineStart(const std::string &s, std::size_t i)
{
    const std::size_t nl = s.rfind('\n', i == 0 ? 0 : i - 1);
    return i == 0 || nl == std::string::npos ? 0 : nl + 1;
}

} // namespace

std::string ScheduleYaml::withExplicitLeaves(const std::string &text)
{
    std::string out;
    out.reserve(text.size() + 64);
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t key = i;
        std::size_t value = keyAt(text, key, "mark");
        if (value == std::string::npos) {
            const std::size_t next = text[i] == '"' ? skipQuoted(text, i) : i + 1;
            out.append(text, i, next - i);
            i = next;
            continue;
        }
        // The mark's value: a quoted string or a bare word.
        while (value < text.size() && (text[value] == ' ' || text[value] == '\t'))
            ++value;
        std::size_t end = value;
        if (end < text.size() && text[end] == '"')
            end = skipQuoted(text, end);
        else
            while (end < text.size() && text[end] != ',' && text[end] != '}' && text[end] != '\n')
                ++end;
        std::size_t after = end;
        while (after < text.size() && (text[after] == ' ' || text[after] == '\t' || text[after] == '\r'))
            ++after;
        out.append(text, key, end - key);
        i = end;
        if (after < text.size() && text[after] == '}') {
            // Flow style: `{ mark: "s0" }`.
            out += ", child: { leaf }";
        } else if (after >= text.size() || text[after] == '\n') {
            // Block style: a child would be the next non-blank line, at the key's column.
            const std::size_t column = key - lineStart(text, key);
            std::size_t p = after;
            while (p < text.size()) {
                ++p; // past the newline
                std::size_t q = p;
                while (q < text.size() && (text[q] == ' ' || text[q] == '\t' || text[q] == '\r'))
                    ++q;
                if (q < text.size() && text[q] != '\n')
                    break;
                p = q;
            }
            std::size_t indent = p;
            while (indent < text.size() && text[indent] == ' ')
                ++indent;
            const bool hasChild =
                p < text.size() && indent - p == column && keyAt(text, indent, "child") != std::string::npos;
            if (!hasChild)
                out += "\n" + std::string(column, ' ') + "child:\n" + std::string(column + 2, ' ') + "leaf";
        }
    }
    return out;
}

} // namespace se
