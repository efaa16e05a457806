// SPDX-License-Identifier: MIT
#include "PrefixTimes.h"

#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/ScheduleFlattener.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>

#include <optional>

namespace se {

std::optional<std::vector<isl::multi_union_pw_aff>> PrefixTimes::bandsFrom(const isl::schedule_node &band)
{
    std::vector<isl::multi_union_pw_aff> bands; // outermost first
    for (isl::schedule_node at = band;; at = at.parent()) {
        // raw isl: one switch over the node type; cpp.h has only isa<> per class
        switch (isl_schedule_node_get_type(at.get())) {
        case isl_schedule_node_band:
            bands.insert(bands.begin(), at.as<isl::schedule_node_band>().partial_schedule());
            break;
        case isl_schedule_node_domain:
        case isl_schedule_node_filter:
        case isl_schedule_node_mark:
        case isl_schedule_node_sequence:
        case isl_schedule_node_set: break;
        default: return std::nullopt; // (expansion, extension, context, guard: isl's prefix)
        }
        if (!at.has_parent())
            break;
    }
    return bands;
}

std::vector<isl::pw_aff> PrefixTimes::timeOf(const std::vector<isl::multi_union_pw_aff> &bands,
                                             const isl::set &instances)
{
    std::vector<isl::pw_aff> time;
    for (const auto &mupa : bands) {
        const isl::multi_pw_aff mpa = islutil::statementPart(mupa, instances.get_space());
        for (unsigned d = 0; d < mpa.size(); ++d)
            time.push_back(mpa.at(static_cast<int>(d)));
    }
    return time;
}

std::size_t PrefixTimes::dims(const std::vector<isl::multi_union_pw_aff> &bands)
{
    std::size_t n = 0;
    for (const auto &mupa : bands)
        n += mupa.size();
    return n;
}

bool PrefixTimes::build(const PolyhedralModel &model, const isl::schedule_node &band,
                        const std::vector<isl::set> &reach, std::vector<isl::map> &times,
                        std::vector<isl::multi_aff> &fn)
{
    const auto bands = bandsFrom(band);
    if (!bands)
        return false;
    const std::size_t n = dims(*bands);
    for (std::size_t k = 0; k < reach.size(); ++k) {
        if (reach[k].is_null())
            continue;
        QuotaScope::nextStep(model.islContext());
        const std::vector<isl::pw_aff> time = timeOf(*bands, reach[k]);
        // The map only where there is no function: making it is most of this.
        if (auto function = ScheduleFlattener::functionOf(reach[k], time, n))
            fn[k] = std::move(*function);
        else
            times[k] = ScheduleFlattener::timesOf(reach[k], time, n);
    }
    return true;
}

} // namespace se
