// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "ReportText.h"
#include "ToolSession.h"
#include "core/analysis/ReportJson.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <iostream>
#include <map>

namespace se::tool {

namespace {

enum Exit { Ok = 0, Violations = 1, BadInput = 2, ResourceLimit = 3 };

int check(ToolSession &s)
{
    const auto &o = s.options();
    const CheckReport r = s.analyzer().check(s.schedule(), o.deps, {o.counts, true});
    if (o.json) {
        std::cout << ReportJson::check(r).dump(1) << "\n";
    } else {
        std::cout << ReportText::header(r) << "schedule: " << s.scheduleSource() << "\n"
                  << ReportText::edges(r) << ReportText::violations(r) << ReportText::warnings(r)
                  << ReportText::verdict(r);
    }
    return r.legal ? Ok : Violations;
}

int deps(ToolSession &s)
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
        std::cout << ReportText::header(r) << ReportText::edges(r) << ReportText::warnings(r);
        for (const auto &e : r.edges)
            std::cout << "\n" << e.type << " " << e.src << " -> " << e.dst << " on " << e.allocation << ":\n  "
                      << e.relation << "\n";
    }
    return Ok;
}

int tree(ToolSession &s)
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

using Command = std::function<int(ToolSession &)>;

const std::map<std::string, Command> &commands()
{
    static const std::map<std::string, Command> table = {
        {"check", check},
        {"deps", deps},
        {"tree", tree},
    };
    return table;
}

} // namespace

int run(int argc, char **argv)
{
    ToolOptions options;
    try {
        options = ToolOptions::parse(argc, argv);
    } catch (const UsageError &e) {
        std::cerr << "schedule-tool: " << e.what() << "\n\n" << ToolOptions::usage();
        return BadInput;
    }
    if (options.help) {
        std::cout << ToolOptions::usage();
        return Ok;
    }
    if (options.version) {
        std::cout << "schedule-tool 0.1.0\n";
        return Ok;
    }
    const auto it = commands().find(options.command);
    if (it == commands().end()) {
        std::cerr << "schedule-tool: unknown command '" << options.command << "'\n\n" << ToolOptions::usage();
        return BadInput;
    }
    try {
        ToolSession session(options);
        return it->second(session);
    } catch (const InputError &e) {
        std::cerr << "schedule-tool: error: " << e.what() << "\n";
        return BadInput;
    } catch (const UsageError &e) {
        std::cerr << "schedule-tool: " << e.what() << "\n";
        return BadInput;
    } catch (const ResourceLimitError &e) {
        std::cerr << "schedule-tool: stopped: " << e.what() << "\n";
        return ResourceLimit;
    } catch (const std::exception &e) {
        // Never let a failed analysis read as "no dependence".
        std::cerr << "schedule-tool: analysis failed: " << e.what() << "\n";
        return BadInput;
    }
}

} // namespace se::tool
