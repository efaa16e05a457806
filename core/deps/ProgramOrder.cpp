// SPDX-License-Identifier: MIT
#include "ProgramOrder.h"

#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>

namespace se {

unsigned ProgramOrder::sharedLoops(const PolyhedralModel &model, std::size_t a, std::size_t b)
{
    const auto &la = model.statements()[a].place->loops;
    const auto &lb = model.statements()[b].place->loops;
    unsigned k = 0;
    while (k < la.size() && k < lb.size() && la[k] == lb[k])
        ++k;
    return k;
}

isl::map ProgramOrder::before(const PolyhedralModel &model, std::size_t src, std::size_t dst)
{
    const auto &s = model.statements()[src];
    const auto &t = model.statements()[dst];
    const unsigned k = sharedLoops(model, src, dst);
    // Same statement: the shared loops are all its loops, strictly lex-less.
    bool srcFirst = false;
    if (src != dst)
        srcFirst = s.place->positions[k] < t.place->positions[k];
    isl_map *ps = islutil::prefixProjection(s.domain, k).release();
    isl_map *pt = islutil::prefixProjection(t.domain, k).release();
    return isl::manage(srcFirst ? isl_map_lex_le_map(ps, pt) : isl_map_lex_lt_map(ps, pt));
}

} // namespace se
