// SPDX-License-Identifier: MIT
#include "CheckReport.h"

namespace se {

std::string EdgeReport::directionText() const
{
    std::string out = "(";
    for (std::size_t k = 0; k < direction.size(); ++k)
        out += (k ? ", " : "") + direction[k];
    return out + ")";
}

} // namespace se

namespace se {

std::string AssumptionReport::text() const
{
    return type + " " + src + " -> " + dst + " on " + allocation + " (" + reason + ")";
}

std::string CheckReport::verdict() const
{
    if (!legal)
        return "illegal: " + std::to_string(violations.size()) + " violated edge" + (violations.size() == 1 ? "" : "s");
    std::string needed;
    for (const auto &a : assumptions)
        if (a.needed)
            needed += (needed.empty() ? "" : "; ") + a.text();
    return needed.empty() ? "legal" : "legal, assuming: " + needed;
}

} // namespace se
