// SPDX-License-Identifier: MIT
#include "Utf8.h"

#include <cstdio>

namespace se {

namespace {

struct Named {
    std::int32_t code;
    const char *name;
    const char *ascii; ///< what was probably meant, or nullptr
};

// Characters that look like the ASCII a kernel or schedule is written in:
// pasted from papers, word processors and East Asian input methods.
constexpr Named Table[] = {
    {0x00A0, "NO-BREAK SPACE", " "},
    {0x00AD, "SOFT HYPHEN", nullptr},
    {0x00D7, "MULTIPLICATION SIGN", "*"},
    {0x00F7, "DIVISION SIGN", "/"},
    {0x2002, "EN SPACE", " "},
    {0x2003, "EM SPACE", " "},
    {0x2009, "THIN SPACE", " "},
    {0x200B, "ZERO WIDTH SPACE", nullptr},
    {0x2010, "HYPHEN", "-"},
    {0x2011, "NON-BREAKING HYPHEN", "-"},
    {0x2012, "FIGURE DASH", "-"},
    {0x2013, "EN DASH", "-"},
    {0x2014, "EM DASH", "-"},
    {0x2018, "LEFT SINGLE QUOTATION MARK", "'"},
    {0x2019, "RIGHT SINGLE QUOTATION MARK", "'"},
    {0x201C, "LEFT DOUBLE QUOTATION MARK", "\""},
    {0x201D, "RIGHT DOUBLE QUOTATION MARK", "\""},
    {0x2026, "HORIZONTAL ELLIPSIS", nullptr},
    {0x202F, "NARROW NO-BREAK SPACE", " "},
    {0x2212, "MINUS SIGN", "-"},
    {0x2215, "DIVISION SLASH", "/"},
    {0x2217, "ASTERISK OPERATOR", "*"},
    {0x2260, "NOT EQUAL TO", nullptr},
    {0x2264, "LESS-THAN OR EQUAL TO", "<="},
    {0x2265, "GREATER-THAN OR EQUAL TO", ">="},
    {0x3000, "IDEOGRAPHIC SPACE", " "},
    {0xFEFF, "ZERO WIDTH NO-BREAK SPACE (byte order mark)", nullptr},
    {0xFF08, "FULLWIDTH LEFT PARENTHESIS", "("},
    {0xFF09, "FULLWIDTH RIGHT PARENTHESIS", ")"},
    {0xFF0A, "FULLWIDTH ASTERISK", "*"},
    {0xFF0B, "FULLWIDTH PLUS SIGN", "+"},
    {0xFF0C, "FULLWIDTH COMMA", ","},
    {0xFF0D, "FULLWIDTH HYPHEN-MINUS", "-"},
    {0xFF0F, "FULLWIDTH SOLIDUS", "/"},
    {0xFF1A, "FULLWIDTH COLON", ":"},
    {0xFF1C, "FULLWIDTH LESS-THAN SIGN", "<"},
    {0xFF1D, "FULLWIDTH EQUALS SIGN", "="},
    {0xFF1E, "FULLWIDTH GREATER-THAN SIGN", ">"},
    {0xFF3B, "FULLWIDTH LEFT SQUARE BRACKET", "["},
    {0xFF3D, "FULLWIDTH RIGHT SQUARE BRACKET", "]"},
    {0xFF5B, "FULLWIDTH LEFT CURLY BRACKET", "{"},
    {0xFF5D, "FULLWIDTH RIGHT CURLY BRACKET", "}"},
};

const char *const Digits[] = {"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};

// The ASCII a look-alike stands for ("" when there is none).
std::string asciiFor(std::int32_t cp)
{
    for (const Named &n : Table)
        if (n.code == cp)
            return n.ascii ? n.ascii : "";
    if (cp >= 0xFF10 && cp <= 0xFF19)
        return std::string(1, static_cast<char>('0' + (cp - 0xFF10)));
    if (cp >= 0xFF21 && cp <= 0xFF3A)
        return std::string(1, static_cast<char>('A' + (cp - 0xFF21)));
    if (cp >= 0xFF41 && cp <= 0xFF5A)
        return std::string(1, static_cast<char>('a' + (cp - 0xFF41)));
    return "";
}

std::string hex(std::int32_t cp, int width)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%0*X", width, static_cast<unsigned>(cp));
    return buf;
}

} // namespace

std::size_t Utf8::sequenceLength(const std::string &text, std::size_t byte)
{
    if (byte >= text.size())
        return 0;
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[byte + k]); };
    const unsigned char c = b(0);
    if (c < 0x80)
        return 1;
    std::size_t n;
    std::int32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (byte + n > text.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(k) & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (b(k) & 0x3F);
    }
    // Overlong forms, surrogates and values beyond U+10FFFF are not UTF-8.
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

std::int32_t Utf8::codePointAt(const std::string &text, std::size_t byte)
{
    const std::size_t n = sequenceLength(text, byte);
    if (n == 0)
        return -1;
    const auto c = static_cast<unsigned char>(text[byte]);
    if (n == 1)
        return c;
    std::int32_t cp = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < n; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(text[byte + k]) & 0x3F);
    return cp;
}

std::string Utf8::name(std::int32_t cp)
{
    for (const Named &n : Table)
        if (n.code == cp)
            return n.name;
    if (cp >= 0xFF10 && cp <= 0xFF19)
        return std::string("FULLWIDTH DIGIT ") + Digits[cp - 0xFF10];
    if (cp >= 0xFF21 && cp <= 0xFF3A)
        return std::string("FULLWIDTH LATIN CAPITAL LETTER ") + static_cast<char>('A' + (cp - 0xFF21));
    if (cp >= 0xFF41 && cp <= 0xFF5A)
        return std::string("FULLWIDTH LATIN SMALL LETTER ") + static_cast<char>('A' + (cp - 0xFF41));
    return "";
}

std::string Utf8::describeAt(const std::string &text, std::size_t byte)
{
    if (byte >= text.size())
        return "the end of the text";
    const std::int32_t cp = codePointAt(text, byte);
    if (cp < 0)
        return "byte 0x" + hex(static_cast<unsigned char>(text[byte]), 2) + " (not UTF-8)";
    if (cp < 0x20 || cp == 0x7F)
        return "control character U+" + hex(cp, 4);
    if (cp < 0x80)
        return "'" + std::string(1, text[byte]) + "'";
    const std::string nm = name(cp);
    const std::string ascii = asciiFor(cp);
    std::string out = "'" + text.substr(byte, sequenceLength(text, byte)) + "' (U+" + hex(cp, 4);
    if (!nm.empty())
        out += " " + nm;
    if (!ascii.empty())
        out += ", use '" + ascii + "'";
    return out + ")";
}

std::string Utf8::sanitized(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i);
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::int32_t cp = n == 0 ? -1 : codePointAt(text, i);
        if (n == 0 || (byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F) {
            // Not a character, or a control character from the input that
            // would act on the terminal (a NUL, an escape, a carriage return).
            out += "\\x" + hex(byte, 2);
            ++i;
        } else if (cp >= 0x80 && cp <= 0x9F) {
            out += "\\u" + hex(cp, 4);
            i += n;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    return out;
}

std::size_t Utf8::column(const std::string &text, std::size_t byte)
{
    if (byte > text.size())
        byte = text.size();
    std::size_t start = byte;
    while (start > 0 && text[start - 1] != '\n')
        --start;
    std::size_t col = 1;
    for (std::size_t i = start; i < byte; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) // not a continuation byte
            ++col;
    return col;
}

std::size_t Utf8::firstNonAscii(const std::string &text, std::size_t from)
{
    for (std::size_t i = from; i < text.size(); ++i)
        if (static_cast<unsigned char>(text[i]) >= 0x80)
            return i;
    return std::string::npos;
}

} // namespace se
