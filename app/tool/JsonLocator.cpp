// SPDX-License-Identifier: MIT
#include "JsonLocator.h"

#include <cctype>
#include <variant>
#include <vector>

namespace se::tool {

namespace {

using Step = std::variant<std::string, long>; // a key or an index

bool nameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

// `body[0].reads` -> body, 0, reads; empty when the text is not a path.
std::vector<Step> parsePath(const std::string &path)
{
    std::vector<Step> steps;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '[') {
            const auto close = path.find(']', i);
            if (close == std::string::npos || close == i + 1)
                return {};
            long v = 0;
            for (std::size_t k = i + 1; k < close; ++k) {
                if (!std::isdigit(static_cast<unsigned char>(path[k])) || v > 100000000)
                    return {};
                v = v * 10 + (path[k] - '0');
            }
            steps.emplace_back(v);
            i = close + 1;
        } else {
            if (path[i] == '.') {
                if (steps.empty())
                    return {};
                ++i;
            }
            const std::size_t start = i;
            if (i < path.size() && !std::isalpha(static_cast<unsigned char>(path[i])) && path[i] != '_')
                return {};
            while (i < path.size() && nameChar(path[i]))
                ++i;
            if (i == start)
                return {};
            steps.emplace_back(path.substr(start, i - start));
        }
    }
    return steps;
}

struct Frame {
    bool object;
    std::string key;
    long index = 0;
};

bool matches(const Frame &f, const Step &s)
{
    if (f.object)
        return std::holds_alternative<std::string>(s) && std::get<std::string>(s) == f.key;
    return std::holds_alternative<long>(s) && std::get<long>(s) == f.index;
}

class Scanner {
public:
    Scanner(const std::string &text, std::vector<Step> target)
        : t(text), target(std::move(target)), best(this->target.size() + 1, std::string::npos)
    {
    }

    std::optional<std::size_t> run(bool *exact)
    {
        bool wantValue = true;
        while (true) {
            skipSpace();
            if (i >= t.size())
                break;
            if (wantValue) {
                if (matched == stack.size() && best[matched] == std::string::npos)
                    best[matched] = i;
                if (matched == target.size() && stack.size() == target.size())
                    break; // found
                const char c = t[i];
                if (c == '{' || c == '[') {
                    stack.push_back({c == '{', {}, 0});
                    ++i;
                    skipSpace();
                    if (i < t.size() && (t[i] == '}' || t[i] == ']')) {
                        ++i;
                        pop();
                        wantValue = false;
                        continue;
                    }
                    if (c == '{' && !readKey())
                        break;
                    entered();
                    continue;
                }
                if (c == '"')
                    skipString();
                else
                    while (i < t.size() && !std::isspace(static_cast<unsigned char>(t[i])) && t[i] != ',' && t[i] != ']'
                           && t[i] != '}')
                        ++i;
                wantValue = false;
                continue;
            }
            if (stack.empty())
                break;
            const char c = t[i];
            if (c == ',') {
                ++i;
                if (stack.back().object) {
                    if (!readKey())
                        break;
                } else {
                    ++stack.back().index;
                }
                entered();
                wantValue = true;
            } else if (c == '}' || c == ']') {
                ++i;
                pop();
            } else {
                break; // not JSON after all
            }
        }
        // The document's root alone says nothing about where the fault is.
        for (std::size_t k = best.size(); k-- > 1;)
            if (best[k] != std::string::npos) {
                if (exact)
                    *exact = k == target.size();
                return best[k];
            }
        return std::nullopt;
    }

private:
    void skipSpace()
    {
        while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i])))
            ++i;
    }
    void skipString()
    {
        for (++i; i < t.size() && t[i] != '"'; ++i)
            if (t[i] == '\\')
                ++i;
        ++i;
    }
    bool readKey()
    {
        skipSpace();
        if (i >= t.size() || t[i] != '"')
            return false;
        const std::size_t start = i + 1;
        skipString();
        stack.back().key = t.substr(start, i - 1 - start);
        skipSpace();
        if (i >= t.size() || t[i] != ':')
            return false;
        ++i;
        return true;
    }
    // The top frame's key or index changed.
    void entered()
    {
        const std::size_t d = stack.size() - 1;
        if (matched > d)
            matched = d;
        if (matched == d && d < target.size() && matches(stack.back(), target[d]))
            matched = d + 1;
    }
    void pop()
    {
        stack.pop_back();
        if (matched > stack.size())
            matched = stack.size();
    }

    const std::string &t;
    std::vector<Step> target;
    std::vector<std::size_t> best; // per matched depth: the first value there
    std::vector<Frame> stack;
    std::size_t matched = 0; // leading frames that match the target
    std::size_t i = 0;
};

} // namespace

std::string JsonLocator::pathPart(const std::string &place)
{
    std::size_t end = 0;
    while (end < place.size() && (nameChar(place[end]) || place[end] == '.' || place[end] == '[' || place[end] == ']'))
        ++end;
    const std::string path = place.substr(0, end);
    return parsePath(path).empty() ? std::string() : path;
}

std::optional<std::size_t> JsonLocator::find(const std::string &text, const std::string &path, bool *exact)
{
    auto steps = parsePath(path);
    if (steps.empty())
        return std::nullopt;
    return Scanner(text, std::move(steps)).run(exact);
}

std::pair<int, int> JsonLocator::lineColumn(const std::string &text, std::size_t offset)
{
    int line = 1, column = 1;
    for (std::size_t k = 0; k < offset && k < text.size(); ++k) {
        if (text[k] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) {
            ++column; // UTF-8 continuation bytes do not start a character
        }
    }
    return {line, column};
}

} // namespace se::tool
