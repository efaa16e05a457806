// SPDX-License-Identifier: MIT
#include "InputError.h"

#include "Utf8.h"

namespace se {

InputError::InputError(std::string file, std::string place, std::string fault)
    : std::runtime_error(format(file, place, fault)), m_file(std::move(file)), m_place(std::move(place)),
      m_fault(std::move(fault))
{
}

std::string InputError::format(const std::string &file, const std::string &place, const std::string &fault)
{
    std::string out;
    if (!file.empty())
        out += file + ": ";
    if (!place.empty())
        out += place + ": ";
    // Input text reaches the message: never a byte of a character alone.
    return Utf8::sanitized(out + fault);
}

InputError InputError::inFile(const std::string &file) const
{
    return InputError(file, m_place, m_fault);
}

InputError InputError::under(const std::string &prefix) const
{
    if (prefix.empty())
        return *this;
    if (m_place.empty())
        return InputError(m_file, prefix, m_fault);
    // "index[0]" + ", column 4" reads as one place.
    const bool column = m_place.rfind("column", 0) == 0;
    return InputError(m_file, prefix + (column ? ", " : ".") + m_place, m_fault);
}

} // namespace se
