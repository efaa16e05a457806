// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace se {

/// Messages quote input text; input is bytes. These keep a message from
/// quoting one byte of a multi-byte character (writing invalid UTF-8 to the
/// terminal) and say which character it was: a U+2212 MINUS SIGN pasted
/// from a paper looks exactly like '-'.
class Utf8 {
public:
    /// The length of the well-formed UTF-8 sequence starting at `byte`
    /// (1 to 4), or 0 if the bytes there are not one.
    static std::size_t sequenceLength(const std::string &text, std::size_t byte);

    /// The code point starting at `byte`, or -1 if not well-formed.
    static std::int32_t codePointAt(const std::string &text, std::size_t byte);

    /// The character at `byte`, quoted and named for a message:
    /// `'−' (U+2212 MINUS SIGN, use '-')`, `'x'`, `byte 0xE2 (not UTF-8)`.
    static std::string describeAt(const std::string &text, std::size_t byte);

    /// The Unicode name of the characters people paste by mistake, or "".
    static std::string name(std::int32_t codePoint);

    /// `text` with every byte that is not part of well-formed UTF-8, and
    /// every control character but newline and tab, written as `\xNN`
    /// (C1 controls as `\u0085`), so a message can go to a terminal as it
    /// is. Every message passes here.
    static std::string sanitized(const std::string &text);

    /// The 1-based column of `byte` in its line, counted in characters.
    static std::size_t column(const std::string &text, std::size_t byte);

    /// The first byte outside 7-bit ASCII, or npos.
    static std::size_t firstNonAscii(const std::string &text, std::size_t from = 0);
};

} // namespace se
