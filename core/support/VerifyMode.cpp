// SPDX-License-Identifier: MIT
#include "VerifyMode.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace se {

bool VerifyMode::on()
{
    static const bool value = [] {
        const char *v = std::getenv("SE_VERIFY_CACHES");
        return v && std::strcmp(v, "1") == 0;
    }();
    return value;
}

void VerifyMode::check(bool agree, const char *shortcut)
{
    if (!agree)
        throw std::logic_error(std::string("verify mode: the shortcut '") + shortcut
                               + "' disagrees with its reference path");
}

} // namespace se
