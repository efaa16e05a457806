// SPDX-License-Identifier: MIT
// check, deps, tree: the analysis subcommands.
#include "Commands.h"

#include "ReportText.h"
#include "ToolSession.h"
#include "core/analysis/ReportJson.h"
#include "core/schedule/SchedulePrinter.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace se::tool {

int checkCommand(ToolSession &s)
{
    const auto &o = s.options();
    const Analyzer::CheckOptions co{o.counts, true, s.overrides()};
    const CheckReport r = s.analyzer().check(s.schedule(), o.deps, co);
    if (o.json) {
        std::cout << ReportJson::check(r).dump(1) << "\n";
    } else {
        std::cout << ReportText::header(r) << "schedule: " << s.scheduleSource() << "\n" << s.statementSources()
                  << ReportText::edges(r) << ReportText::violations(r) << ReportText::warnings(r)
                  << ReportText::verdict(r);
    }
    return r.legal ? Ok : Violations;
}

int depsCommand(ToolSession &s)
{
    const auto &o = s.options();
    CheckReport r;
    r.kernel = s.model().kernel()->name;
    r.deps = depModeName(o.deps);
    for (const auto &[n, v] : s.model().fixedParams())
        r.fixedParams.emplace_back(n, v);
    r.edges = s.analyzer().edgeReports(o.deps, o.counts);
    r.warnings = s.analyzer().warnings();
    if (o.json) {
        std::cout << ReportJson::deps(r).dump(1) << "\n";
    } else {
        std::cout << ReportText::header(r) << s.statementSources() << ReportText::edges(r) << ReportText::warnings(r);
        for (const auto &e : r.edges)
            std::cout << "\n" << e.type << " " << e.src << " -> " << e.dst << " on " << e.allocation << ":\n  "
                      << e.relation << "\n";
    }
    return Ok;
}

int treeCommand(ToolSession &s)
{
    const auto &o = s.options();
    const std::string format = o.format.empty() ? "block" : o.format;
    std::string text;
    if (format == "block" || format == "yaml")
        text = SchedulePrinter::blockYaml(s.schedule());
    else if (format == "flow")
        text = SchedulePrinter::flowYaml(s.schedule());
    else if (format == "map")
        text = SchedulePrinter::flatMap(s.model(), s.schedule());
    else
        throw UsageError("tree --format takes block, flow or map, got '" + format + "'");
    if (o.json)
        std::cout << nlohmann::json{{"kernel", s.model().kernel()->name}, {"format", format}, {"schedule", text}}.dump(1)
                  << "\n";
    else
        std::cout << text << (text.empty() || text.back() != '\n' ? "\n" : "");
    return Ok;
}

} // namespace se::tool
