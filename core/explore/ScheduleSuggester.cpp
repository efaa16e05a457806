// SPDX-License-Identifier: MIT
#include "ScheduleSuggester.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"

namespace se {

isl::schedule ScheduleSuggester::suggest(const PolyhedralModel &model, const std::vector<Dependence> &deps)
{
    return QuotaScope::run(model.islContext(), "computing a schedule with isl's scheduler", [&] {
        // { s0[t, i] -> s1[t', i'] } every dependence pair
        isl::union_map all = isl::union_map::empty(model.islContext().ctx());
        for (const auto &d : deps)
            all = all.unite(isl::union_map(d.relation));
        const isl::schedule_constraints sc = isl::schedule_constraints::on_domain(model.domain())
                                                 .set_context(model.context())
                                                 .set_validity(all)
                                                 .set_proximity(all)
                                                 .set_coincidence(all);
        return sc.compute_schedule();
    });
}

} // namespace se
