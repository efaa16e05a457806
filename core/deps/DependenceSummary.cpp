// SPDX-License-Identifier: MIT
#include "DependenceSummary.h"

#include "ProgramOrder.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>
#include <isl/set.h>

namespace se {

std::optional<std::int64_t> DependenceSummary::countPairs(const PolyhedralModel &model, const isl::map &relation)
{
    if (!model.allParamsFixed())
        return std::nullopt;
    // Fixed parameters are pinned by equalities: projecting them out is exact.
    return islutil::count(relation.wrap().project_out_all_params());
}

EdgeReport DependenceSummary::describe(const PolyhedralModel &model, const Dependence &dep, bool count)
{
    return QuotaScope::run(model.islContext(), "summarizing dependences", [&] {
        EdgeReport r;
        const auto &s = model.statements()[dep.src];
        const auto &t = model.statements()[dep.dst];
        r.type = depTypeName(dep.type);
        r.src = s.name;
        r.dst = t.name;
        r.allocation = dep.allocation;
        r.relation = model.text(dep.relation);
        if (count)
            r.count = countPairs(model, dep.relation);
        const unsigned k = ProgramOrder::sharedLoops(model, dep.src, dep.dst);
        r.sharedLoops = k;
        // { [i0..ik-1] -> [j0..jk-1] } over the shared loops, then j - i.
        const isl::set deltas = dep.relation.apply_domain(islutil::prefixProjection(s.domain, k))
                                    .apply_range(islutil::prefixProjection(t.domain, k))
                                    .deltas()
                                    .coalesce();
        r.distance = model.text(deltas);
        for (unsigned d = 0; d < k; ++d) {
            auto part = [&](int sign) {
                isl_set *x = isl_set_copy(deltas.get());
                x = sign > 0   ? isl_set_lower_bound_si(x, isl_dim_set, d, 1)
                    : sign < 0 ? isl_set_upper_bound_si(x, isl_dim_set, d, -1)
                               : isl_set_fix_si(x, isl_dim_set, d, 0);
                return !isl::manage(x).is_empty();
            };
            const bool pos = part(1), neg = part(-1), zero = part(0);
            r.direction.push_back(pos && neg ? "*" : pos && zero ? "0+" : neg && zero ? "0-" : pos ? "+" : neg ? "-" : "0");
        }
        return r;
    });
}

} // namespace se
