// SPDX-License-Identifier: MIT
#include "PrefixForms.h"

#include "core/schedule/PrefixTimes.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleFlattener.h"

#include <string>
#include <unordered_map>

namespace se {

std::optional<PrefixForms> PrefixForms::of(const isl::schedule_node &node, const isl::union_set &reach)
{
    const auto bands = PrefixTimes::bandsFrom(node.parent()); // (`node`, a sequence or set, adds none)
    if (!bands)
        return std::nullopt;
    const std::size_t dims = PrefixTimes::dims(*bands);
    PrefixForms out;
    std::unordered_map<std::string, std::size_t> byText;
    bool ok = true;
    reach.foreach_set([&](const isl::set &instances) {
        if (!ok)
            return;
        const auto times = ScheduleFlattener::functionOf(instances, PrefixTimes::timeOf(*bands, instances), dims);
        ok = times.has_value();
        if (!ok)
            return;
        const std::string form =
            islutil::str(islutil::anonymous(instances)) + " | " + islutil::str(islutil::anonymous(*times));
        const auto [it, fresh] = byText.try_emplace(form, out.forms.size());
        if (fresh)
            out.forms.push_back({instances, *times});
        out.statements.emplace_back(instances, it->second);
    });
    if (!ok)
        return std::nullopt;
    return out;
}

} // namespace se
