// SPDX-License-Identifier: MIT
#include "PrefixTimes.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/ScheduleFlattener.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>

#include <optional>

namespace se {

bool PrefixTimes::build(const PolyhedralModel &model, const isl::schedule_node &band,
                        const std::vector<isl::set> &reach, std::vector<isl::map> &times,
                        std::vector<isl::multi_aff> &fn)
{
    std::vector<isl::multi_union_pw_aff> bands; // outermost first
    std::size_t dims = 0;
    for (isl::schedule_node at = band;; at = at.parent()) {
        // raw isl: one switch over the node type; cpp.h has only isa<> per class
        switch (isl_schedule_node_get_type(at.get())) {
        case isl_schedule_node_band:
            bands.insert(bands.begin(), at.as<isl::schedule_node_band>().partial_schedule());
            dims += bands.front().size();
            break;
        case isl_schedule_node_domain:
        case isl_schedule_node_filter:
        case isl_schedule_node_mark:
        case isl_schedule_node_sequence:
        case isl_schedule_node_set: break;
        default: return false; // (expansion, extension, context, guard: isl's prefix)
        }
        if (!at.has_parent())
            break;
    }
    for (std::size_t k = 0; k < reach.size(); ++k) {
        if (reach[k].is_null())
            continue;
        QuotaScope::nextStep(model.islContext());
        std::vector<isl::pw_aff> time;
        for (const auto &mupa : bands) {
            // raw isl: one statement's part of a partial schedule (no cpp.h method in 0.25)
            const isl::multi_pw_aff mpa =
                isl::manage(isl_multi_union_pw_aff_extract_multi_pw_aff(mupa.get(), reach[k].get_space().release()));
            for (unsigned d = 0; d < mpa.size(); ++d)
                time.push_back(mpa.at(static_cast<int>(d)));
        }
        // The map only where there is no function: making it is most of this.
        if (auto function = ScheduleFlattener::functionOf(reach[k], time, dims))
            fn[k] = std::move(*function);
        else
            times[k] = ScheduleFlattener::timesOf(reach[k], time, dims);
    }
    return true;
}

} // namespace se
