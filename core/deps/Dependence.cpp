// SPDX-License-Identifier: MIT
#include "Dependence.h"

namespace se {

const char *depTypeName(DepType t)
{
    switch (t) {
    case DepType::RAW: return "RAW";
    case DepType::WAR: return "WAR";
    case DepType::WAW: return "WAW";
    }
    return "?";
}

const char *depModeName(DepMode m)
{
    return m == DepMode::May ? "may" : "flow";
}

} // namespace se
