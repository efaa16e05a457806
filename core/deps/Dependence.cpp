// SPDX-License-Identifier: MIT
#include "Dependence.h"

#include <isl/map.h>

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

isl::map Dependence::relation() const
{
    // raw isl: tuple names by string (cpp.h 0.25 sets tuple ids only)
    isl_map *m = isl_map_set_tuple_name(shapeRelation.copy(), isl_dim_in, srcName.c_str());
    return isl::manage(isl_map_set_tuple_name(m, isl_dim_out, dstName.c_str())); // raw isl: see above
}

} // namespace se
