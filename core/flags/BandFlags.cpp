// SPDX-License-Identifier: MIT
#include "BandFlags.h"

namespace se {

bool BandFlags::stale() const
{
    if (permutableDeclared && !permutableComputed)
        return true;
    for (std::size_t k = 0; k < coincidentDeclared.size() && k < coincidentComputed.size(); ++k)
        if (coincidentDeclared[k] && !coincidentComputed[k])
            return true;
    return false;
}

std::string BandFlags::summary() const
{
    auto yn = [](bool b) { return b ? "yes" : "no"; };
    std::string out =
        std::string("permutable ") + yn(permutableDeclared) + "/" + yn(permutableComputed) + ", coincident [";
    for (std::size_t k = 0; k < coincidentComputed.size(); ++k)
        out += std::string(k ? ", " : "") + yn(k < coincidentDeclared.size() && coincidentDeclared[k]) + "/"
            + yn(coincidentComputed[k]);
    return out + "] (declared/computed)" + (stale() ? ", STALE" : "");
}

bool FlagReport::anyStale() const
{
    for (const auto &b : bands)
        if (b.stale())
            return true;
    return false;
}

const BandFlags *FlagReport::find(const std::vector<int> &path) const
{
    for (const auto &b : bands)
        if (b.path == path)
            return &b;
    return nullptr;
}

} // namespace se
