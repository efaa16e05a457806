// SPDX-License-Identifier: MIT
#include "ScheduleYaml.h"

#include "core/support/InputError.h"
#include "core/support/NestingLimit.h"

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

namespace {

// One open collection: a mapping or a sequence, in block style (by
// indentation) or flow style (by brackets).
struct YamlFrame {
    enum class Kind { FlowMap, FlowSeq, BlockMap, BlockSeq } kind = Kind::FlowMap;
    std::size_t column = 0; // block frames: the indentation (a sequence: its dash)
    int record = -1; // the mapping's record; a sequence: its mapping's
    std::string key; // a mapping: the key whose value comes next
    std::string owner; // a sequence: the key it is the value of
};

bool isFlowFrame(YamlFrame::Kind k)
{
    return k == YamlFrame::Kind::FlowMap || k == YamlFrame::Kind::FlowSeq;
}

bool isMapFrame(YamlFrame::Kind k)
{
    return k == YamlFrame::Kind::FlowMap || k == YamlFrame::Kind::BlockMap;
}

bool isYamlBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

// A scan of the whole text with a stack of the collections open at the
// cursor: no recursion, so any depth is only counted.
class YamlScanner {
public:
    YamlScanner(const std::string &text, const std::string &file) : m_text(text), m_file(file) { }

    std::vector<ScheduleYaml::BandKeys> run()
    {
        while (m_i < m_text.size()) {
            if (inFlow())
                flowItem();
            else
                blockLine();
        }
        std::vector<ScheduleYaml::BandKeys> bands;
        for (const Record &r : m_records)
            if (r.band)
                bands.push_back(r.keys);
        return bands;
    }

private:
    struct Record {
        ScheduleYaml::BandKeys keys;
        bool band = false;
    };

    [[noreturn]] void fail(std::size_t at, const std::string &fault) const
    {
        throw InputError(m_file, "line " + std::to_string(m_line) + ", column " + std::to_string(at - m_lineStart + 1),
                         fault);
    }

    bool inFlow() const { return !m_stack.empty() && isFlowFrame(m_stack.back().kind); }
    std::size_t column() const { return m_i - m_lineStart; }
    char at(std::size_t i) const { return i < m_text.size() ? m_text[i] : '\n'; }

    void newline()
    {
        ++m_i;
        ++m_line;
        m_lineStart = m_i;
    }

    // `where`: the bracket, dash or key that opens the collection.
    void push(YamlFrame::Kind kind, std::size_t column, std::size_t where)
    {
        if (static_cast<int>(m_stack.size()) >= NestingLimit::IslText)
            fail(where, NestingLimit::fault(NestingLimit::IslText, "schedule tree nodes (and their brackets)"));
        YamlFrame f;
        f.kind = kind;
        f.column = column;
        if (isMapFrame(f.kind)) {
            f.record = static_cast<int>(m_records.size());
            m_records.emplace_back();
        } else if (!m_stack.empty() && isMapFrame(m_stack.back().kind)) {
            f.owner = m_stack.back().key;
            f.record = m_stack.back().record;
        }
        m_stack.push_back(std::move(f));
    }

    // Block frames deeper than `column` end where a line starts at it.
    void popBlock(std::size_t column)
    {
        while (!m_stack.empty() && m_stack.back().column > column)
            m_stack.pop_back();
    }

    void skipBlanks()
    {
        while (m_i < m_text.size() && isYamlBlank(m_text[m_i]))
            ++m_i;
    }

    // At the end of the line, or at a comment: the rest of the line is skipped.
    bool atLineEnd()
    {
        skipBlanks();
        if (at(m_i) == '#')
            while (m_i < m_text.size() && m_text[m_i] != '\n')
                ++m_i;
        return m_i >= m_text.size() || m_text[m_i] == '\n';
    }

    // A plain scalar or a quoted string at the cursor (quoted strings may
    // span lines); the cursor moves past it.
    std::string token()
    {
        std::string out;
        if (at(m_i) == '"') {
            for (++m_i; m_i < m_text.size() && m_text[m_i] != '"'; ++m_i) {
                if (m_text[m_i] == '\\')
                    out += m_text[m_i++];
                if (m_text[m_i] == '\n') {
                    ++m_line;
                    m_lineStart = m_i + 1;
                }
                out += m_text[m_i];
            }
            ++m_i;
            return out;
        }
        static const std::string stops = ",:{}[]#\n";
        while (m_i < m_text.size() && stops.find(m_text[m_i]) == std::string::npos)
            out += m_text[m_i++];
        while (!out.empty() && isYamlBlank(out.back()))
            out.pop_back();
        return out;
    }

    // A character no token starts with (a stray ':' or bracket, which
    // isl's reader refuses): passed over, so the scan always moves on.
    void skipStray(std::size_t where)
    {
        if (m_i == where && m_i < m_text.size() && m_text[m_i] != '\n')
            ++m_i;
    }

    // A key is a token followed by ':' (then a blank or the line's end).
    bool keyFollows()
    {
        skipBlanks();
        return at(m_i) == ':' && (isYamlBlank(at(m_i + 1)) || at(m_i + 1) == '\n' || at(m_i + 1) == '"');
    }

    void flag(const std::string &key, const std::string &value, std::size_t where)
    {
        if (value != "0" && value != "1")
            fail(where, "'" + key + "' is 0 or 1, not '" + value + "'");
    }

    // The scalar value of `key` in the mapping on top.
    void scalar(const std::string &value, std::size_t where)
    {
        YamlFrame &map = m_stack.back();
        if (map.key == "schedule")
            m_records[static_cast<std::size_t>(map.record)].band = true;
        else if (map.key == "permutable")
            flag("permutable", value, where);
        else if (map.key == "coincident")
            fail(where, "'coincident' is a list of 0 and 1, one per band member, not '" + value + "'");
        map.key.clear();
    }

    void scalarAt(std::size_t where)
    {
        const std::string value = token();
        scalar(value, where);
    }

    // An entry of the sequence on top.
    void entry(const std::string &value, std::size_t where)
    {
        const YamlFrame &seq = m_stack.back();
        if (seq.owner != "coincident" || seq.record < 0)
            return;
        flag("coincident", value, where);
        ++m_records[static_cast<std::size_t>(seq.record)].keys.coincident;
    }

    // The start of a sequence that is a `coincident` value: counted from 0.
    void openSequence()
    {
        const YamlFrame &seq = m_stack.back();
        if (seq.owner != "coincident" || seq.record < 0)
            return;
        ScheduleYaml::BandKeys &keys = m_records[static_cast<std::size_t>(seq.record)].keys;
        keys = {m_line, static_cast<int>(column()) + 1, 0};
    }

    // A token in flow style: a key, a mapping's value or a sequence's entry.
    void flowToken()
    {
        const std::size_t where = m_i;
        const std::string t = token();
        skipStray(where);
        YamlFrame &top = m_stack.back();
        if (top.kind == YamlFrame::Kind::FlowMap && keyFollows()) {
            top.key = t;
            ++m_i;
        } else if (top.kind == YamlFrame::Kind::FlowMap) {
            scalar(t, where);
        } else {
            entry(t, where);
        }
    }

    void flowItem()
    {
        const char c = m_text[m_i];
        if (c == '\n') {
            newline();
        } else if (isYamlBlank(c) || c == ',') {
            ++m_i;
        } else if (c == '#') {
            atLineEnd();
        } else if (c == '{' || c == '[') {
            push(c == '{' ? YamlFrame::Kind::FlowMap : YamlFrame::Kind::FlowSeq, 0, m_i);
            if (c == '[')
                openSequence();
            ++m_i;
        } else if (c == '}' || c == ']') {
            m_stack.pop_back();
            if (!m_stack.empty() && isMapFrame(m_stack.back().kind))
                m_stack.back().key.clear();
            ++m_i;
        } else {
            flowToken();
        }
    }

    // After `key:` in block style: a value on the line, or children below.
    void blockValue()
    {
        if (atLineEnd())
            return;
        if (at(m_i) == '{' || at(m_i) == '[')
            flowItem(); // flow style from here
        else
            scalarAt(m_i);
    }

    // `- ` items at the start of a block line; true when one started.
    bool blockDashes()
    {
        bool item = false;
        while (at(m_i) == '-' && (isYamlBlank(at(m_i + 1)) || at(m_i + 1) == '\n')) {
            popBlock(column());
            if (m_stack.empty() || m_stack.back().kind != YamlFrame::Kind::BlockSeq
                || m_stack.back().column != column()) {
                push(YamlFrame::Kind::BlockSeq, column(), m_i);
                openSequence();
            }
            item = true;
            ++m_i;
            skipBlanks();
        }
        return item;
    }

    void blockLine()
    {
        if (atLineEnd()) {
            if (m_i < m_text.size())
                newline();
            return;
        }
        const bool item = blockDashes();
        if (atLineEnd())
            return;
        if (at(m_i) == '{' || at(m_i) == '[') {
            flowItem(); // flow style from here
            return;
        }
        const std::size_t where = m_i;
        const std::size_t col = column();
        const std::string t = token();
        skipStray(where);
        if (!keyFollows()) {
            if (!m_stack.empty() && m_stack.back().kind == YamlFrame::Kind::BlockSeq)
                entry(t, where);
            return;
        }
        ++m_i;
        if (!item) {
            popBlock(col);
            if (!m_stack.empty() && m_stack.back().kind == YamlFrame::Kind::BlockSeq && m_stack.back().column == col)
                m_stack.pop_back();
        }
        if (item || m_stack.empty() || m_stack.back().kind != YamlFrame::Kind::BlockMap || m_stack.back().column != col)
            push(YamlFrame::Kind::BlockMap, col, where);
        m_stack.back().key = t;
        blockValue();
    }

    const std::string &m_text;
    const std::string &m_file;
    std::size_t m_i = 0;
    int m_line = 1;
    std::size_t m_lineStart = 0;
    std::vector<YamlFrame> m_stack;
    std::vector<Record> m_records;
};

} // namespace

std::vector<ScheduleYaml::BandKeys> ScheduleYaml::check(const std::string &text, const std::string &file)
{
    return YamlScanner(text, file).run();
}

} // namespace se
