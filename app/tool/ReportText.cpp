// SPDX-License-Identifier: MIT
#include "ReportText.h"

#include "core/support/TextTable.h"

namespace se::tool {

namespace {

std::string vec(const std::vector<std::int64_t> &v)
{
    std::string out = "[";
    for (std::size_t k = 0; k < v.size(); ++k)
        out += (k ? ", " : "") + std::to_string(v[k]);
    return out + "]";
}

} // namespace

std::string ReportText::header(const CheckReport &r)
{
    std::string out = "kernel " + r.kernel + "  (" + r.deps + " dependences";
    if (!r.fixedParams.empty()) {
        out += "; ";
        for (std::size_t k = 0; k < r.fixedParams.size(); ++k)
            out += (k ? ", " : "") + r.fixedParams[k].first + " = " + std::to_string(r.fixedParams[k].second);
    }
    return out + ")\n";
}

std::string ReportText::edges(const CheckReport &r)
{
    std::string out = "\ndependences (" + std::to_string(r.edges.size()) + ")\n";
    if (r.edges.empty())
        return out + "  none\n";
    TextTable t({"type", "src", "dst", "allocation", "pairs", "direction", "distance"});
    std::string stopped; // the parts a limit stopped, with the reason
    for (const auto &e : r.edges) {
        std::string pairs = e.count ? std::to_string(*e.count) : "-", direction = e.directionText(),
                    distance = e.distance;
        for (const auto &[part, reason] : e.stopped) {
            (part == "count" ? pairs : distance) = "stopped";
            if (part != "count")
                direction = "stopped";
            stopped += "  - " + e.type + " " + e.src + " -> " + e.dst + " on " + e.allocation + ": " + part + " "
                + reason + "\n";
        }
        t.add({e.type, e.src, e.dst, e.allocation, pairs, direction, distance});
    }
    return out + t.str() + stopped;
}

std::string ReportText::violations(const CheckReport &r)
{
    std::string out = "\nviolations (" + std::to_string(r.violations.size()) + ")\n";
    if (r.violations.empty())
        return out + "  none\n";
    TextTable t({"type", "src -> dst", "allocation", "pairs", "witness", "times", "breaks at"});
    for (const auto &v : r.violations)
        t.add({v.type, v.src + " -> " + v.dst, v.allocation, v.count ? std::to_string(*v.count) : "-",
               v.src + vec(v.witness.src) + " -> " + v.dst + vec(v.witness.dst),
               integersText(v.witness.srcTime) + " / " + integersText(v.witness.dstTime),
               v.level < 0 ? "same time" : "dimension " + std::to_string(v.level)});
    out += t.str();
    for (const auto &v : r.violations)
        out += "  - " + v.message + "\n";
    return out;
}

std::string ReportText::verdict(const CheckReport &r)
{
    std::string out;
    for (const auto &a : r.assumptions) {
        if (!a.matched)
            out += "\nnote: the assumption " + a.text() + " matches no dependence edge";
        else if (!a.needed)
            out += "\nnote: the assumption " + a.text() + " is not needed: that edge is respected";
    }
    if (!out.empty())
        out += "\n";
    if (r.legal)
        return out + "\nverdict: " + r.verdict() + " (" + std::to_string(r.edges.size()) + " dependence edges)\n";
    return out + "\nverdict: ILLEGAL (" + std::to_string(r.violations.size()) + " of " + std::to_string(r.edges.size())
        + " dependence edges violated)\n";
}

} // namespace se::tool
