// SPDX-License-Identifier: MIT
#include "UnionMapPieces.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/union_map.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace se {

namespace {

// Bounds the memory of a long search: the pieces of the last few schedules
// (a search changes a few statements at a time; what it left long ago is
// read again).
constexpr std::size_t MinKept = 4096;
constexpr std::size_t SchedulesKept = 8;

std::string trimmed(const std::string &s, std::size_t from, std::size_t to)
{
    while (from < to && std::isspace(static_cast<unsigned char>(s[from])))
        ++from;
    while (to > from && std::isspace(static_cast<unsigned char>(s[to - 1])))
        --to;
    return s.substr(from, to - from);
}

// `[N, M] -> ` (or nothing) and the pieces of `{ ... }`; false when the
// text is not that plain shape.
bool split(const std::string &text, std::string &prefix, std::vector<std::string> &pieces)
{
    const std::string t = trimmed(text, 0, text.size());
    const std::size_t open = t.find('{');
    if (open == std::string::npos || t.back() != '}' || t.find('{', open + 1) != std::string::npos
        || t.find('}') != t.size() - 1)
        return false;
    prefix = trimmed(t, 0, open);
    if (!prefix.empty()) {
        // Parameters only: `[A, B] ->`.
        if (prefix.front() != '[' || prefix.size() < 4 || prefix.compare(prefix.size() - 2, 2, "->") != 0)
            return false;
        for (char c : prefix)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ',' || c == ' ' || c == '['
                  || c == ']' || c == '-' || c == '>'))
                return false;
    }
    for (std::size_t k = open + 1; k + 1 < t.size(); ++k)
        if (t[k] == '#' || t[k] == '"' || t[k] == '\0')
            return false;
    std::size_t from = open + 1;
    while (from < t.size() - 1) {
        std::size_t end = t.find(';', from);
        if (end == std::string::npos || end > t.size() - 1)
            end = t.size() - 1;
        std::string piece = trimmed(t, from, end);
        if (piece.empty())
            return false; // `{ }` or `;;`: isl's reader decides
        pieces.push_back(std::move(piece));
        from = end + 1;
    }
    return !pieces.empty();
}

} // namespace

std::optional<isl::union_map> UnionMapPieces::read(isl::ctx ctx, const std::string &text)
{
    std::string prefix;
    std::vector<std::string> pieces;
    if (!split(text, prefix, pieces))
        return std::nullopt;
    if (m_maps.size() + pieces.size() > std::max(MinKept, SchedulesKept * pieces.size()))
        m_maps.clear();
    std::vector<std::string> keys;
    keys.reserve(pieces.size());
    for (const std::string &piece : pieces)
        keys.push_back(prefix + "\n" + piece);
    // The pieces not read before, read together (isl's reader is no faster
    // piece by piece), then told apart by their statement: a statement
    // named in two of them leaves the whole text to the caller.
    std::vector<std::size_t> missing;
    std::unordered_map<std::string, std::size_t> byTuple;
    for (std::size_t k = 0; k < pieces.size(); ++k)
        if (!m_maps.count(keys[k])) {
            const std::string tuple = pieces[k].substr(0, pieces[k].find_first_of("[ "));
            if (tuple.empty() || !byTuple.emplace(tuple, k).second)
                return std::nullopt;
            missing.push_back(k);
        }
    if (!missing.empty()) {
        std::string some = prefix + " { ";
        for (std::size_t k = 0; k < missing.size(); ++k)
            some += (k ? "; " : "") + pieces[missing[k]];
        some += " }";
        // raw isl begin: parse without throwing (null on a syntax error, which the whole read reports)
        isl_union_map *read = isl_union_map_read_from_str(ctx.get(), some.c_str());
        if (!read) {
            isl_ctx_reset_error(ctx.get());
            return std::nullopt;
        }
        // raw isl end
        std::size_t found = 0;
        bool known = true;
        isl::manage(read).foreach_map([&](isl::map m) {
            const char *name =
                isl_map_get_tuple_name(m.get(), isl_dim_in); // raw isl: cpp.h 0.25 has no tuple name here
            const auto it = byTuple.find(name ? name : "");
            if (it == byTuple.end()) {
                known = false;
                return;
            }
            m_maps.emplace(keys[it->second], m);
            ++found;
        });
        if (!known || found != missing.size())
            return std::nullopt;
    }
    // Grown in place: a union map held once is added to, not copied.
    isl_union_map *out = nullptr; // raw isl begin: accumulate without copying the growing union
    for (const std::string &key : keys) {
        isl_map *m = m_maps.at(key).copy();
        out = out ? isl_union_map_add_map(out, m) : isl_union_map_from_map(m);
    }
    // raw isl end
    return isl::manage(out);
}

} // namespace se
