// SPDX-License-Identifier: MIT
#include "ReportJson.h"

namespace se {

using nlohmann::json;

namespace {

json params(const ParamList &list)
{
    json out = json::object();
    for (const auto &[n, v] : list)
        out[n] = v;
    return out;
}

// A value beyond 64 bits is written as a string of its decimal digits:
// JSON readers that hold numbers in doubles or int64 would change it.
json integers(const std::vector<Integer> &v)
{
    json out = json::array();
    for (const Integer &x : v) {
        if (const auto i = x.toInt64())
            out.push_back(*i);
        else
            out.push_back(x.text());
    }
    return out;
}

} // namespace

json ReportJson::edge(const EdgeReport &e)
{
    json j = {{"type", e.type},         {"src", e.src},     {"dst", e.dst},           {"tensor", e.allocation},
              {"relation", e.relation}, {"count", nullptr}, {"distance", e.distance}, {"direction", e.direction}};
    if (e.count)
        j["count"] = *e.count;
    if (!e.assumedAbsent.empty())
        j["assumed_absent"] = e.assumedAbsent;
    if (!e.stopped.empty()) { // parts a limit stopped: the verdict did not wait on them
        json stopped = json::object();
        for (const auto &[part, reason] : e.stopped)
            stopped[part] = reason;
        j["stopped"] = std::move(stopped);
    }
    return j;
}

json ReportJson::violation(const ViolationReport &v)
{
    json j = {{"type", v.type},
              {"src", v.src},
              {"dst", v.dst},
              {"tensor", v.allocation},
              {"witness",
               {{"params", params(v.witness.params)},
                {"src", v.witness.src},
                {"dst", v.witness.dst},
                {"src_time", integers(v.witness.srcTime)},
                {"dst_time", integers(v.witness.dstTime)}}},
              {"level", v.level < 0 ? json(nullptr) : json(v.level)},
              {"same_time", v.level < 0},
              {"count", nullptr},
              {"message", v.message}};
    if (v.count)
        j["count"] = *v.count;
    if (!v.node.empty())
        j["node"] = v.node;
    if (v.acrossSet) // in different children of a set: the times may point either way
        j["across_set"] = true;
    return j;
}

json ReportJson::bounds(const BoundsReport &b)
{
    return {{"statement", b.statement},
            {"tensor", b.tensor},
            {"access", b.write ? "write" : "read"},
            {"path", b.path},
            {"dim", b.dim},
            {"instance", integers(b.instance)},
            {"index", integers(b.index)},
            {"witness_params", params(b.witnessParams)},
            {"params", b.params},
            {"message", b.message}};
}

json ReportJson::bounds(const std::vector<BoundsReport> &list)
{
    json out = json::array();
    for (const auto &b : list)
        out.push_back(bounds(b));
    return out;
}

json ReportJson::check(const CheckReport &r, bool edges)
{
    json deps = json::array();
    if (edges)
        for (const auto &e : r.edges)
            deps.push_back(edge(e));
    json viol = json::array();
    for (const auto &v : r.violations)
        viol.push_back(violation(v));
    json assumed = json::array();
    for (const auto &a : r.assumptions)
        assumed.push_back({{"type", a.type},
                           {"src", a.src},
                           {"dst", a.dst},
                           {"tensor", a.allocation},
                           {"reason", a.reason},
                           {"matched", a.matched},
                           {"needed", a.needed}});
    return {{"kernel", r.kernel},
            {"legal", r.legal},
            {"verdict", r.verdict()},
            {"deps", r.deps},
            {"params", params(r.fixedParams)},
            {"dependences", deps},
            {"violations", viol},
            {"assumptions", assumed},
            {"warnings", r.warnings},
            {"bounds", bounds(r.bounds)}};
}

json ReportJson::check(const CheckReport &r, CheckDetail detail)
{
    if (detail == CheckDetail::All)
        return check(r, true);
    json out = {{"kernel", r.kernel},
                {"legal", r.legal},
                {"verdict", r.verdict()},
                {"deps", r.deps},
                {"violated", r.violations.size()}};
    if (detail == CheckDetail::First) {
        json viol = json::array();
        if (!r.violations.empty())
            viol.push_back(violation(r.violations.front()));
        out["violations"] = std::move(viol);
    }
    return out;
}

json ReportJson::deps(const CheckReport &r, bool edges)
{
    json deps = json::array();
    if (edges)
        for (const auto &e : r.edges)
            deps.push_back(edge(e));
    return {{"kernel", r.kernel},  {"deps", r.deps},         {"params", params(r.fixedParams)},
            {"dependences", deps}, {"warnings", r.warnings}, {"bounds", bounds(r.bounds)}};
}

void ReportJson::write(std::ostream &out, json doc, const CheckReport &r, int indent)
{
    // The document is printed around a marker in place of the array; the
    // array is printed one edge at a time, indented as nlohmann's own
    // printer would (the array is a value at depth 1).
    static const std::string marker = "\x01se:dependences\x01";
    doc["dependences"] = marker;
    const std::string text = doc.dump(indent);
    const std::string quoted = json(marker).dump();
    const std::size_t at = text.find(quoted);
    out << text.substr(0, at);
    if (r.edges.empty()) {
        out << "[]";
    } else if (indent < 0) {
        out << '[';
        for (std::size_t k = 0; k < r.edges.size(); ++k)
            out << (k ? "," : "") << edge(r.edges[k]).dump();
        out << ']';
    } else {
        const std::string inner(2 * static_cast<std::size_t>(indent), ' ');
        out << "[\n";
        for (std::size_t k = 0; k < r.edges.size(); ++k) {
            std::string one = edge(r.edges[k]).dump(indent);
            for (std::size_t p = one.find('\n'); p != std::string::npos; p = one.find('\n', p + 1 + inner.size()))
                one.insert(p + 1, inner);
            out << inner << one << (k + 1 < r.edges.size() ? ",\n" : "\n");
        }
        out << std::string(static_cast<std::size_t>(indent), ' ') << ']';
    }
    out << text.substr(at + quoted.size());
}

} // namespace se
