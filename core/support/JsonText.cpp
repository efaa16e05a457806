// SPDX-License-Identifier: MIT
#include "JsonText.h"

#include "InputError.h"
#include "NestingLimit.h"
#include "Utf8.h"

#include <nlohmann/json.hpp>

#include <unordered_map>
#include <vector>

namespace se {

namespace {

using nlohmann::json;

// Where a syntax error's byte is not ASCII, nlohmann quotes the bytes it
// read so far: part of a character. Say which character stopped it.
std::string nonAsciiFault(const std::string &text, std::size_t byte)
{
    std::size_t start = byte;
    // Back to the first byte of the character (continuation bytes are 10xxxxxx).
    while (start > 0 && byte - start < 3 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80)
        --start;
    return "JSON syntax error: unexpected character " + Utf8::describeAt(text, start);
}

// One open object or array of the scan below. Frames keep no path of their
// own: copying the parent's path into every frame made a 20,000-deep file
// quadratic (ever longer paths copied) where only an error needs the path.
struct Frame {
    bool object = false;
    std::size_t index = 0; // the element an array is at
    bool expectKey = false; // an object between '{' or ',' and the next key
    std::string key; // an object's current key
    std::unordered_map<std::string, std::size_t> keys; // key -> byte of its first place
};

std::string member(const std::string &path, const std::string &key)
{
    return path.empty() ? key : path + "." + key;
}

// The JSON path of the innermost open frame, `body[0].loops`.
std::string framePath(const std::vector<Frame> &stack)
{
    std::string path;
    for (std::size_t k = 0; k + 1 < stack.size(); ++k) {
        const Frame &f = stack[k];
        path = f.object ? member(path, f.key) : path + "[" + std::to_string(f.index) + "]";
    }
    return path;
}

} // namespace

std::pair<std::size_t, std::size_t> JsonText::lineColumn(const std::string &text, std::size_t byte)
{
    if (byte > text.size())
        byte = text.size();
    std::size_t line = 1;
    for (std::size_t i = 0; i < byte; ++i)
        if (text[i] == '\n')
            ++line;
    return {line, Utf8::column(text, byte)};
}

std::string JsonText::where(const std::string &text, std::size_t byte)
{
    const auto [line, col] = lineColumn(text, byte);
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

json JsonText::parse(const std::string &text, const std::string &file)
{
    // Copies and comparisons of a JSON value recurse: a document nested
    // deeper than any real one is refused before it becomes one.
    if (const auto at = NestingLimit::tooDeepAt(text, NestingLimit::Json, true); at != std::string::npos)
        throw InputError(file, where(text, at), NestingLimit::fault(NestingLimit::Json, "JSON arrays and objects"));
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error &e) {
        const std::size_t byte = e.byte > 0 ? e.byte - 1 : 0; // nlohmann counts from 1
        if (byte < text.size() && static_cast<unsigned char>(text[byte]) >= 0x80)
            throw InputError(file, where(text, byte), nonAsciiFault(text, byte));
        std::string what = e.what();
        // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..."
        if (auto p = what.find(": "); p != std::string::npos)
            what = what.substr(p + 2);
        if (what.rfind("syntax error while parsing ", 0) == 0)
            what = "JSON " + what;
        throw InputError(file, where(text, byte), Utf8::sanitized(what));
    } catch (const json::out_of_range &e) {
        // A number beyond double (1e999): "... number overflow parsing '1e999'",
        // with no position; the literal's first occurrence gives one.
        std::string what = e.what();
        std::string place;
        if (const auto q = what.find("parsing '"); q != std::string::npos && what.back() == '\'') {
            const std::string literal = what.substr(q + 9, what.size() - q - 10);
            if (const auto at = text.find(literal); !literal.empty() && at != std::string::npos)
                place = where(text, at);
            what = "number " + literal + " is out of range";
        }
        throw InputError(file, place, Utf8::sanitized(what));
    }
    checkDuplicateKeys(text, file);
    return doc;
}

void JsonText::checkDuplicateKeys(const std::string &text, const std::string &file)
{
    // A scan of text nlohmann has accepted: only brackets, strings, ',' and
    // ':' matter; numbers and literals are skipped.
    std::vector<Frame> stack;
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char c = text[i];
        switch (c) {
        case '{':
        case '[': {
            Frame f;
            f.object = c == '{';
            f.expectKey = f.object;
            stack.push_back(std::move(f));
            break;
        }
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            break;
        case ',':
            if (!stack.empty()) {
                if (stack.back().object)
                    stack.back().expectKey = true;
                else
                    ++stack.back().index;
            }
            break;
        case '"': {
            const std::size_t start = i;
            bool escaped = false;
            for (++i; i < n && text[i] != '"'; ++i) {
                if (text[i] == '\\') {
                    escaped = true;
                    ++i;
                }
            }
            if (stack.empty() || !stack.back().object || !stack.back().expectKey)
                break; // a string value
            Frame &f = stack.back();
            f.expectKey = false;
            // "\u0075b" is the key "ub": compare keys as JSON reads them.
            std::string key = escaped ? json::parse(text.substr(start, i - start + 1)).get<std::string>()
                                      : text.substr(start + 1, i - start - 1);
            const auto [it, fresh] = f.keys.emplace(key, start);
            if (!fresh)
                throw InputError(file, member(framePath(stack), Utf8::sanitized(key)),
                                 "the key \"" + Utf8::sanitized(key) + "\" is given twice in one object, at "
                                     + where(text, it->second) + " and at " + where(text, start)
                                     + " (JSON would keep only the last)");
            f.key = std::move(key);
            break;
        }
        default: break;
        }
    }
}

} // namespace se
