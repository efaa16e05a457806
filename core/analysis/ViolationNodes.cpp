// SPDX-License-Identifier: MIT
#include "ViolationNodes.h"

#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/schedule_node.h>
#include <isl/set.h>

#include <map>
#include <optional>
#include <utility>

namespace se {

namespace {

// Each statement's instances in the tree's domain, by name; one pass
// (a kernel of 400 statements has 400 sets to look through).
std::map<std::string, isl::union_set> instancesByName(const isl::schedule &schedule)
{
    std::map<std::string, isl::union_set> out;
    const isl::schedule_node root = schedule.root();
    if (!root.isa<isl::schedule_node_domain>())
        return out;
    root.as<isl::schedule_node_domain>().domain().foreach_set([&](isl::set s) {
        const char *name = isl_set_get_tuple_name(s.get()); // cpp.h has no tuple name of a set
        if (!name)
            return;
        const auto it = out.find(name);
        if (it == out.end())
            out.emplace(name, isl::union_set(s));
        else
            it->second = it->second.unite(isl::union_set(s));
    });
    return out;
}

// The node owning `level` on the branch of `reach` (a statement's instances).
std::string nodeOf(const isl::schedule &schedule, isl::union_set reach, int level)
{
    isl::schedule_node n = schedule.root();
    // Tracked top-down, as the snapshot's reach: a filter lets through part of it.
    if (reach.is_null() || reach.is_empty())
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

} // namespace

std::string ViolationNodes::nodeFor(const isl::schedule &schedule, const std::string &statement, int level)
{
    if (level < 0)
        return {};
    const auto instances = instancesByName(schedule);
    const auto it = instances.find(statement);
    return it == instances.end() ? std::string() : nodeOf(schedule, it->second, level);
}

void ViolationNodes::name(const isl::schedule &schedule, std::vector<ViolationReport> &violations)
{
    // Violations of one statement at one level share their node.
    std::map<std::pair<std::string, int>, std::string> found;
    std::optional<std::map<std::string, isl::union_set>> instances;
    for (auto &v : violations) {
        if (!v.node.empty() || v.level < 0)
            continue;
        const auto key = std::make_pair(v.src, v.level);
        auto it = found.find(key);
        if (it == found.end()) {
            if (!instances)
                instances = instancesByName(schedule);
            const auto at = instances->find(v.src);
            it = found.emplace(key, at == instances->end() ? std::string() : nodeOf(schedule, at->second, v.level))
                     .first;
        }
        v.node = it->second;
    }
}

} // namespace se
