// SPDX-License-Identifier: MIT
#include "ViolationNodes.h"

#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/schedule_node.h>
#include <isl/set.h>

#include <map>
#include <utility>

namespace se {

namespace {

// The statement's instances in `domain` (empty when it has none).
isl::union_set instancesOf(const isl::union_set &domain, const std::string &statement)
{
    isl::union_set out = isl::union_set::empty(domain.ctx());
    domain.foreach_set([&](isl::set s) {
        const char *name = isl_set_get_tuple_name(s.get()); // cpp.h has no tuple name of a set
        if (name && statement == name)
            out = out.unite(isl::union_set(s));
    });
    return out;
}

} // namespace

std::string ViolationNodes::nodeFor(const isl::schedule &schedule, const std::string &statement, int level)
{
    if (level < 0)
        return {};
    isl::schedule_node n = schedule.root();
    if (!n.isa<isl::schedule_node_domain>())
        return {};
    // Tracked top-down, as the snapshot's reach: a filter lets through part of it.
    isl::union_set reach = instancesOf(n.as<isl::schedule_node_domain>().domain(), statement);
    if (reach.is_empty())
        return {};
    std::vector<int> path;
    int depth = 0;
    while (true) {
        if (n.isa<isl::schedule_node_band>()) {
            depth += static_cast<int>(n.as<isl::schedule_node_band>().n_member());
            if (level < depth)
                return ScheduleTreeWalk::pathText(path);
        } else if (n.isa<isl::schedule_node_sequence>() || n.isa<isl::schedule_node_set>()) {
            if (level == depth)
                return ScheduleTreeWalk::pathText(path);
            ++depth;
        }
        int next = -1;
        for (int c = 0; c < static_cast<int>(n.n_children()) && next < 0; ++c) {
            const isl::schedule_node child = n.child(c);
            if (!child.isa<isl::schedule_node_filter>()) {
                next = c;
                continue;
            }
            const isl::union_set inside = child.as<isl::schedule_node_filter>().filter().intersect(reach);
            if (!inside.is_empty()) {
                reach = inside;
                next = c;
            }
        }
        if (next < 0)
            return {};
        n = n.child(next);
        path.push_back(next);
    }
}

void ViolationNodes::name(const isl::schedule &schedule, std::vector<ViolationReport> &violations)
{
    // Violations of one statement at one level share their node.
    std::map<std::pair<std::string, int>, std::string> found;
    for (auto &v : violations) {
        if (!v.node.empty() || v.level < 0)
            continue;
        const auto key = std::make_pair(v.src, v.level);
        auto it = found.find(key);
        if (it == found.end())
            it = found.emplace(key, nodeFor(schedule, v.src, v.level)).first;
        v.node = it->second;
    }
}

} // namespace se
