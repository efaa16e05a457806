// SPDX-License-Identifier: MIT
#include "IterationSpace.h"

namespace se {

int IterationSpace::find(int statement, const std::vector<std::int64_t> &point) const
{
    for (std::size_t k = 0; k < instances.size(); ++k)
        if (instances[k].statement == statement && instances[k].point == point)
            return static_cast<int>(k);
    return -1;
}

} // namespace se
