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
