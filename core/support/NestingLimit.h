// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>

namespace se {

/// How deep input may nest. The readers behind the input recurse (isl's
/// YAML and isl-text readers, copies of a JSON value, the walks over a
/// schedule tree), so input nested deeper than these limits is refused
/// with an InputError before any of them sees it: no depth ends in a stack
/// overflow. Each limit is far above any real input (a kernel's loops nest
/// at most 64 deep, a real schedule tree a few dozen).
class NestingLimit {
public:
    /// JSON documents (kernels, edit scripts, overrides, JSCoP, sessions):
    /// arrays and objects inside one another.
    static constexpr int Json = 1000;
    /// isl text (schedule files, union maps and YAML trees, and JSCoP's
    /// sets and maps): brackets inside one another, and in a YAML tree each
    /// node and block indentation level too.
    static constexpr int IslText = 1000;

    /// The byte where brackets `(`, `[`, `{` first nest deeper than
    /// `limit`, or npos. With `skipStrings`, text in double quotes (JSON
    /// strings) does not count.
    static std::size_t tooDeepAt(const std::string &text, int limit, bool skipStrings)
    {
        int depth = 0;
        bool quoted = false;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (quoted) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    quoted = false;
            } else if (c == '"' && skipStrings) {
                quoted = true;
            } else if (c == '(' || c == '[' || c == '{') {
                if (++depth > limit)
                    return i;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                --depth;
            }
        }
        return std::string::npos;
    }

    /// The fault of an InputError: "WHAT nested deeper than 1000 levels
    /// (the limit; ...)".
    static std::string fault(int limit, const std::string &what)
    {
        return what + " nested deeper than " + std::to_string(limit)
            + " levels (the limit; no real input nests so deep)";
    }
};

} // namespace se
