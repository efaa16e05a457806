// SPDX-License-Identifier: MIT
// check, deps, tree: the analysis subcommands.
#include "Commands.h"

#include "Diagnostic.h"
#include "FigureDot.h"
#include "JsonOutput.h"
#include "OutputFile.h"
#include "ReportText.h"
#include "ToolSession.h"
#include "core/report/ReportJson.h"
#include "core/layout/GraphvizLayout.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/schedule/ScheduleTreeSnapshot.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <sstream>

namespace se::tool {

namespace {

// --format dot|svg: a picture, which --json cannot wrap.
bool picture(const ToolOptions &o)
{
    const bool yes = o.format == "dot" || o.format == "svg";
    if (yes && o.json)
        throw UsageError("--json does not apply to --format " + o.format + " (a picture)", o.command);
    return yes;
}

std::string pictureText(const ToolOptions &o, const std::string &dot)
{
    return o.format == "svg" ? GraphvizLayout::render(dot, "svg") : dot;
}

// check --schedule A --schedule B ...: the dependences once, one verdict
// per schedule; a schedule that cannot be read gets its error and the
// others still run. Exit: 2 if any was bad input, else 1 if any illegal.
int batchCheck(ToolSession &s)
{
    const auto o = s.options();
    s.overrides(); // a bad --assume-no-dep file stops the batch before it starts
    int status = Ok;
    for (const auto &path : o.schedules) {
        const std::string name = path == "-" ? "<stdin>" : path;
        try {
            s.selectSchedule(path);
            const PipelineResultPtr result = s.analyse(s.request());
            const CheckReport &r = result->report;
            if (!r.legal && status == Ok)
                status = Violations;
            if (o.json && o.detail != CheckDetail::All) {
                nlohmann::json j = ReportJson::check(r, o.detail);
                j["schedule"] = name;
                std::cout << versionedJson(std::move(j), -1);
            } else if (o.json) {
                nlohmann::json j = ReportJson::check(r, false);
                j["schedule"] = name;
                writeVersionedJson(std::cout, std::move(j), r, -1);
            } else {
                std::cout << name << ": " << (r.legal ? "legal" : "illegal") << " (" << r.violations.size()
                          << " violated edge" << (r.violations.size() == 1 ? "" : "s") << ")\n";
            }
        } catch (const InputError &e) {
            const Diagnostic d = Diagnostic::fromInputError(e);
            std::cerr << d.text() << "\n";
            if (o.json) {
                nlohmann::json j = d.json();
                j["schedule"] = name;
                std::cout << j.dump() << "\n";
            } else {
                std::cout << name << ": error\n";
            }
            status = BadInput;
        }
        std::cout.flush();
    }
    return status;
}

// The kernel's warnings on stderr, as `FILE:LINE:COL: warning: ...` at the
// place each names: editors and CI read them there, and stdout stays the
// report.
void printWarnings(const ToolOptions &o, const CheckReport &r)
{
    const std::string file = o.kernel == "-" ? "<stdin>" : o.kernel;
    for (const auto &w : r.warnings)
        std::cerr << Diagnostic::warning(file, w).text() << "\n";
}

} // namespace

int checkCommand(ToolSession &s)
{
    const auto &o = s.options();
    if (o.schedules.size() > 1 || !o.schedulesFile.empty())
        return batchCheck(s);
    const PipelineResultPtr result = s.analyse(s.request());
    const CheckReport &r = result->report;
    if (!o.json)
        printWarnings(o, r);
    if (o.json && o.detail != CheckDetail::All) {
        std::cout << versionedJson(ReportJson::check(r, o.detail));
    } else if (o.json) {
        writeVersionedJson(std::cout, ReportJson::check(r, false), r);
    } else if (o.detail != CheckDetail::All) {
        // The first violation's sentence (it names the witness), and the verdict.
        if (o.detail == CheckDetail::First && !r.violations.empty())
            std::cout << "first violation: " << r.violations.front().message << "\n";
        std::cout << ReportText::verdict(r);
    } else {
        std::cout << ReportText::header(r) << "schedule: " << s.scheduleSource() << "\n"
                  << s.statementSources() << ReportText::edges(r) << ReportText::violations(r)
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
    r.bounds = s.analyzer().bounds();
    if (!o.json)
        printWarnings(o, r);
    if (picture(o)) {
        OutputFile::write(o.out, pictureText(o, FigureDot::dependenceGraph(s.model(), r)));
        return Ok;
    }
    std::ostringstream out;
    if (o.json) {
        writeVersionedJson(out, ReportJson::deps(r, false), r);
    } else {
        out << ReportText::header(r) << s.statementSources() << ReportText::edges(r);
        for (const auto &e : r.edges)
            out << "\n"
                << e.type << " " << e.src << " -> " << e.dst << " on " << e.allocation << ":\n  " << e.relation << "\n";
    }
    OutputFile::write(o.out, out.str());
    return Ok;
}

int treeCommand(ToolSession &s)
{
    const auto &o = s.options();
    const std::string format = o.format.empty() ? "block" : o.format;
    if (picture(o)) {
        const ScheduleTreeSnapshot tree = ScheduleTreeSnapshot::build(s.model(), s.schedule());
        OutputFile::write(o.out, pictureText(o, FigureDot::scheduleTree(s.model(), tree)));
        return Ok;
    }
    std::string text;
    if (format == "block" || format == "yaml")
        text = s.exported().yaml(true);
    else if (format == "flow")
        text = s.exported().yaml(false);
    else if (format == "map")
        text = SchedulePrinter::flatMap(s.model(), s.schedule());
    else
        throw UsageError("tree --format takes block, flow or map, got '" + format + "'");
    if (o.json)
        text = versionedJson({{"kernel", s.model().kernel()->name}, {"form", format}, {"schedule", text}});
    else if (text.empty() || text.back() != '\n')
        text += "\n";
    OutputFile::write(o.out, text);
    return Ok;
}

} // namespace se::tool
