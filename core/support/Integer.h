// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace se {

/// An integer of any size, as isl computed it: its decimal text. A schedule
/// may hold constants beyond 64 bits (`[10^23]`), and isl's times then
/// are too; reading them through `long` printed 0. Only printed and compared
/// for equality, so the text is the value (isl writes it canonically: no
/// leading zeros, `-` only for negatives).
class Integer {
public:
    Integer() : m_text("0") { }
    Integer(std::int64_t v) : m_text(std::to_string(v)) { } // NOLINT: implicit, like an int
    /// `text` must be canonical decimal (as isl_val_to_str prints an integer).
    static Integer fromDecimal(std::string text)
    {
        Integer i;
        i.m_text = std::move(text);
        return i;
    }

    const std::string &text() const { return m_text; }
    /// The value when it fits in 64 bits.
    std::optional<std::int64_t> toInt64() const
    {
        try {
            std::size_t used = 0;
            const long long v = std::stoll(m_text, &used);
            if (used == m_text.size())
                return static_cast<std::int64_t>(v);
        } catch (const std::exception &) { // out of range
        }
        return std::nullopt;
    }

    friend bool operator==(const Integer &a, const Integer &b) { return a.m_text == b.m_text; }
    friend bool operator!=(const Integer &a, const Integer &b) { return a.m_text != b.m_text; }

private:
    std::string m_text;
};

/// `[3, 100000000000000000000000]`
inline std::string integersText(const std::vector<Integer> &v)
{
    std::string out = "[";
    for (std::size_t k = 0; k < v.size(); ++k)
        out += (k ? ", " : "") + v[k].text();
    return out + "]";
}

} // namespace se
