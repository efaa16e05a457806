// SPDX-License-Identifier: MIT
#include "RouteJson.h"

#include "core/report/ReportJson.h"
#include "core/support/TextTable.h"

namespace se::tool {

using json = nlohmann::json;

json RouteJson::range(const ArgumentRange &r)
{
    json j = {{"range", r.set}, {"range_text", r.text}, {"empty", r.empty}};
    if (!r.exact)
        j["exact"] = false;
    if (!r.symbolic) {
        j["min"] = r.min ? json(*r.min) : json(nullptr);
        j["max"] = r.max ? json(*r.max) : json(nullptr);
    }
    return j;
}

json RouteJson::ranges(const BandRanges &r)
{
    json shifts = json::array(), sets = json::array(), skews = json::array(), scales = json::array(),
         reverses = json::array(), perms = json::array(), permutable = json::array();
    for (const auto &x : r.shifts) {
        json j = range(x.range);
        j["member"] = x.member;
        j["statement"] = x.statement;
        shifts.push_back(j);
    }
    for (const auto &x : r.shiftSets) {
        json j = range(x.range);
        j.erase("min");
        j.erase("max");
        j["member"] = x.member;
        j["statements"] = x.statements;
        j["sample"] = x.sample ? json(*x.sample) : json(nullptr);
        sets.push_back(j);
    }
    for (const auto &x : r.skews) {
        json j = range(x.range);
        j["member"] = x.member;
        j["source"] = x.source;
        skews.push_back(j);
    }
    for (const auto &x : r.scales) {
        json j = range(x.range);
        j["member"] = x.member;
        scales.push_back(j);
    }
    for (const auto &x : r.reverses)
        reverses.push_back({{"member", x.member}, {"legal", x.legal}});
    for (const auto &x : r.permutations)
        perms.push_back({{"order", x.order}, {"legal", x.legal}});
    for (const auto &x : r.permutable) {
        std::vector<int> members;
        for (int k = x.first; k <= x.last; ++k)
            members.push_back(k);
        permutable.push_back({{"members", members}, {"permutable", x.permutable}});
    }
    json j = {{"node", nodePathText(r.node)},
              {"members", r.members},
              {"statements", r.statements},
              {"legal", r.legal},
              {"shift", shifts},
              {"shift_sets", sets},
              {"skew", skews},
              {"scale", scales},
              {"reverse", reverses},
              {"permutations", perms},
              {"permutable", permutable}};
    if (!r.blocked.empty())
        j["blocked"] = r.blocked;
    return j;
}

std::string RouteJson::reasonText(const ViolationReport &v)
{
    return v.type + " " + v.src + " -> " + v.dst + " on " + v.allocation + " breaks at dimension "
        + std::to_string(v.level) + ": " + v.message;
}

std::string RouteJson::rangesText(const BandRanges &r)
{
    std::string out = "\nlegal ranges at band " + nodePathText(r.node) + " (" + std::to_string(r.members) + " member"
        + (r.members == 1 ? "" : "s") + "; the schedule is " + (r.legal ? "legal" : "illegal") + ")\n";
    if (!r.blocked.empty())
        out += "  no edit of this band makes the schedule legal: " + r.blocked + "\n";
    TextTable t({"edit", "arguments", "legal values"});
    for (const auto &x : r.shiftSets)
        t.add({"shift", "member " + std::to_string(x.member), x.range.text});
    for (const auto &x : r.shifts)
        t.add({"shift", "member " + std::to_string(x.member) + ", " + x.statement + " alone", x.range.text});
    for (const auto &x : r.skews)
        t.add({"skew", "member " + std::to_string(x.member) + " += k * member " + std::to_string(x.source),
               x.range.text});
    for (const auto &x : r.scales)
        t.add({"scale", "member " + std::to_string(x.member), x.range.text});
    for (const auto &x : r.reverses)
        t.add({"reverse", "member " + std::to_string(x.member), x.legal ? "legal" : "illegal"});
    for (const auto &x : r.permutations) {
        std::string order;
        for (int k : x.order)
            order += (order.empty() ? "" : ", ") + std::to_string(k);
        t.add({"permute", "[" + order + "]", x.legal ? "legal" : "illegal"});
    }
    for (const auto &x : r.permutable)
        t.add({"tile", "members " + std::to_string(x.first) + ".." + std::to_string(x.last),
               x.permutable ? "permutable: legal for every tile size" : "not permutable"});
    return out + t.str();
}

json RouteJson::moves(const MovesReport &r, const std::optional<BandRanges> &ranges, const std::string &kernel,
                      const std::string &deps)
{
    json moves = json::array();
    for (const auto &m : r.moves) {
        json j = {{"edit", m.edit.toJson()}, {"description", m.description}, {"verdict", verdictName(m.verdict)}};
        if (m.verdict == MoveVerdict::Verdict::Illegal) {
            j["violated_edges"] = m.violatedEdges;
            j["violating_pairs"] = m.violatingPairs ? json(*m.violatingPairs) : json(nullptr);
            if (m.firstViolation) {
                j["reason"] = reasonText(*m.firstViolation);
                j["first_violation"] = ReportJson::violation(*m.firstViolation);
            }
            if (m.enabledBy)
                j["enabled_by"] = {{"edits", m.enabledBy->edits},
                                   {"schedule", m.enabledBy->schedule},
                                   {"summary", m.enabledBy->summary}};
        }
        if (m.verdict == MoveVerdict::Verdict::DoesNotApply)
            j["reason"] = m.reason;
        if (const ArgumentRange *own = ranges ? ranges->of(m.edit) : nullptr) {
            const json rj = range(*own);
            for (const auto &[k, v] : rj.items())
                j[k] = v;
        }
        moves.push_back(j);
    }
    json doc = {
        {"kernel", kernel}, {"deps", deps}, {"node", nodePathText(r.node)}, {"kind", r.nodeKind}, {"moves", moves}};
    if (ranges)
        doc["ranges"] = RouteJson::ranges(*ranges);
    return doc;
}

json RouteJson::repair(const RepairReport &r, const std::string &kernel, const std::string &deps)
{
    json repairs = json::array();
    for (const auto &p : r.repairs)
        repairs.push_back({{"edits", p.edits}, {"schedule", p.schedule}, {"legal", p.legal}, {"summary", p.summary}});
    json doc = {{"kernel", kernel},
                {"deps", deps},
                {"goal", repairGoalName(r.goal)},
                {"repairs", repairs},
                {"reason", r.reason}};
    if (!r.node.empty() || r.goal != RepairGoal::Legal)
        doc["node"] = nodePathText(r.node);
    doc["first_violation"] = r.firstViolation ? ReportJson::violation(*r.firstViolation) : json(nullptr);
    return doc;
}

} // namespace se::tool
