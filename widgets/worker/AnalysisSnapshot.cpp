// SPDX-License-Identifier: MIT
#include "AnalysisSnapshot.h"

namespace se {

int AnalysisSnapshot::statementIndex(const std::string &name) const
{
    if (!kernel)
        return -1;
    const auto &places = kernel->statements();
    for (std::size_t k = 0; k < places.size(); ++k)
        if (places[k].statement->tupleName() == name)
            return static_cast<int>(k);
    return -1;
}

} // namespace se
