// SPDX-License-Identifier: MIT
// apply, suggest, moves, repair: the schedule-editing subcommands.
#include "Commands.h"
#include "InputFiles.h"

#include "JsonOutput.h"
#include "OutputFile.h"
#include "ReportText.h"
#include "ToolOptions.h"
#include "ToolSession.h"
#include "core/report/ReportJson.h"
#include "RouteJson.h"
#include "core/explore/LegalRanges.h"
#include "core/explore/MoveFinder.h"
#include "core/explore/Repair.h"
#include "core/explore/ScheduleSuggester.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/support/InputError.h"
#include "core/support/TextTable.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace se::tool {

namespace {

using json = nlohmann::json;

json flagsJson(const FlagReport &r)
{
    json out = json::array();
    for (const auto &b : r.bands) {
        json declared = json::array(), computed = json::array();
        for (unsigned k = 0; k < b.members; ++k) {
            declared.push_back(static_cast<bool>(b.coincidentDeclared[k]));
            computed.push_back(static_cast<bool>(b.coincidentComputed[k]));
        }
        out.push_back({{"node", nodePathText(b.path)},
                       {"path", b.path},
                       {"members", b.members},
                       {"permutable", {{"declared", b.permutableDeclared}, {"computed", b.permutableComputed}}},
                       {"coincident", {{"declared", declared}, {"computed", computed}}},
                       {"stale", b.stale()}});
    }
    return out;
}

std::string flagsText(const FlagReport &r)
{
    std::string out = "\nband flags (declared / computed from the dependences)\n";
    if (r.bands.empty())
        return out + "  no bands\n";
    TextTable t({"band", "members", "permutable", "coincident", ""});
    auto yn = [](bool b) { return std::string(b ? "yes" : "no"); };
    for (const auto &b : r.bands) {
        std::string co;
        for (unsigned k = 0; k < b.members; ++k)
            co += (k ? ", " : "") + yn(b.coincidentDeclared[k]) + "/" + yn(b.coincidentComputed[k]);
        t.add({nodePathText(b.path), std::to_string(b.members),
               yn(b.permutableDeclared) + "/" + yn(b.permutableComputed), co,
               b.stale() ? "stale: declared but not true" : ""});
    }
    return out + t.str();
}

std::string scheduleText(ToolSession &s, const isl::schedule &sched)
{
    const std::string format = s.options().format.empty() ? "block" : s.options().format;
    const bool block = format == "block" || format == "yaml";
    // The session's schedule can be rebuilt without fixed values; another
    // (isl's scheduler's, made from the fixed dependences) is what it is.
    if ((block || format == "flow") && sched.get() == s.schedule().get())
        return s.exported().yaml(block);
    const std::string heading = "# " + SchedulePrinter::paramsNote(s.model()) + "\n";
    if (block)
        return heading + SchedulePrinter::blockYaml(sched);
    if (format == "flow")
        return heading + SchedulePrinter::flowYaml(sched);
    if (format == "map")
        return SchedulePrinter::flatMap(s.model(), sched);
    throw UsageError("--format takes block, flow or map, got '" + format + "'");
}

// Writes the schedule to --out, or returns it for stdout.
std::string emitSchedule(ToolSession &s, const isl::schedule &sched)
{
    std::string text = scheduleText(s, sched);
    if (!text.empty() && text.back() != '\n')
        text += "\n";
    if (!OutputFile::isStdout(s.options().out)) {
        OutputFile::write(s.options().out, text);
        return {};
    }
    return text;
}

// The result's report on stdout (--json) or the schedule on stdout and
// the report on stderr.
int report(ToolSession &s, const PipelineResult &result, json extra, const std::string &preface)
{
    const auto &o = s.options();
    const CheckReport &r = result.report;
    const FlagReport &flags = result.flags;
    const std::string text = emitSchedule(s, result.schedule);
    if (o.json) {
        json j = ReportJson::check(r, false);
        for (auto &[k, v] : extra.items())
            j[k] = v;
        j["flags"] = flagsJson(flags);
        if (OutputFile::isStdout(o.out))
            j["schedule"] = text;
        else
            j["out"] = o.out;
        writeVersionedJson(std::cout, std::move(j), r);
    } else {
        std::cout << text;
        std::cerr << ReportText::header(r) << preface << ReportText::violations(r) << flagsText(flags)
                  << ReportText::verdict(r);
    }
    return r.legal ? Ok : Violations;
}

} // namespace

int applyCommand(ToolSession &s)
{
    const auto &o = s.options();
    if (o.edits.empty())
        throw UsageError("apply needs --edits FILE");
    PipelineRequest request = s.request();
    request.flags = PipelineRequest::Flags::Required;
    request.stepVerdicts = true;
    const PipelineResultPtr result = s.analyse(request);
    const std::vector<Edit> &edits = result->edits;
    json jsteps = json::array();
    std::string preface = "schedule: " + s.scheduleSource() + "\n\nedits (" + std::to_string(edits.size()) + ")\n";
    TextTable t({"#", "edit", "result", "flags"});
    for (std::size_t k = 0; k < edits.size(); ++k) {
        const CheckReport &r = result->stepReports[k];
        const FlagReport &f = result->stepFlags[k];
        std::size_t stale = 0;
        for (const auto &b : f.bands)
            stale += b.stale() ? 1 : 0;
        const std::string verdict = r.legal ? "legal"
                                            : "illegal (" + std::to_string(r.violations.size()) + " edge"
                + (r.violations.size() == 1 ? "" : "s") + " violated)";
        t.add({std::to_string(k), edits[k].describe(), verdict,
               stale ? std::to_string(stale) + " band" + (stale == 1 ? "" : "s") + " with stale flags" : "ok"});
        jsteps.push_back({{"index", k},
                          {"edit", edits[k].toJson()},
                          {"description", edits[k].describe()},
                          {"legal", r.legal},
                          {"violated_edges", r.violations.size()},
                          {"flags", flagsJson(f)}});
    }
    preface += edits.empty() ? "  none\n" : t.str();
    return report(s, *result, json{{"edits", jsteps}}, preface);
}

int suggestCommand(ToolSession &s)
{
    const auto &o = s.options();
    if (!o.schedule.empty() || !o.edits.empty())
        throw UsageError("suggest computes its own schedule: it takes no --schedule or --edits");
    PipelineRequest request = s.request();
    std::string note;
    request.base =
        PipelineRequest::Base::fromTree(ScheduleSuggester::suggest(s.model(), s.analyzer().dependences(o.deps), &note));
    request.flags = PipelineRequest::Flags::Required;
    json extra{{"source", "isl scheduler"}};
    std::string preface =
        "schedule: isl's scheduler (dependences as validity, proximity and coincidence constraints)\n";
    if (!note.empty()) {
        extra["scheduler_note"] = note;
        preface += "note: " + note + "\n";
    }
    return report(s, *s.analyse(request), extra, preface);
}

int movesCommand(ToolSession &s)
{
    const auto &o = s.options();
    if (o.node.empty())
        throw UsageError("moves needs --node PATH (child indices such as 0.1, or root)");
    const auto path = parseNodePath(o.node);
    if (!path)
        throw UsageError("--node takes child indices such as 0.1 (or root), got '" + o.node + "'");
    const MovesReport r = MoveFinder::evaluate(s.analyzer(), s.schedule(), *path, o.deps, o.counts, true, o.ranges);
    // The node is missing from the schedule of a file: named as every
    // other fault of an input is.
    if (r.nodeKind.empty())
        throw InputError(InputFiles::displayName(o.schedule.empty() ? o.kernel : o.schedule), "",
                         "the schedule has no node " + nodePathText(*path) + " (--node " + o.node + ")");
    std::optional<BandRanges> ranges;
    if (o.ranges && r.nodeKind == "band")
        ranges = LegalRanges::compute(s.analyzer(), s.schedule(), *path, o.deps);
    if (o.json) {
        std::cout << versionedJson(RouteJson::moves(r, ranges, s.model().kernel()->name, depModeName(o.deps)));
        return Ok;
    }
    std::cout << "moves at " << r.nodeKind << " " << nodePathText(r.node) << " of " << s.scheduleSource() << " ("
              << depModeName(o.deps) << " dependences)\n\n";
    TextTable t({"verdict", "edit", "detail"});
    for (const auto &m : r.moves) {
        std::string detail;
        if (m.verdict == MoveVerdict::Verdict::Illegal)
            detail = std::to_string(m.violatedEdges) + " edge" + (m.violatedEdges == 1 ? "" : "s") + " violated"
                + (m.violatingPairs ? ", " + std::to_string(*m.violatingPairs) + " pairs" : "");
        else if (m.verdict == MoveVerdict::Verdict::DoesNotApply)
            detail = m.reason;
        if (m.firstViolation)
            detail += ": " + m.firstViolation->type + " " + m.firstViolation->src + " -> " + m.firstViolation->dst
                + " on " + m.firstViolation->allocation + " at dimension " + std::to_string(m.firstViolation->level);
        if (m.enabledBy)
            detail += "; legal after: " + m.enabledBy->summary;
        if (const ArgumentRange *range = ranges ? ranges->of(m.edit) : nullptr)
            detail += std::string(detail.empty() ? "" : "; ") + "legal: " + range->text;
        t.add({verdictName(m.verdict), m.description, detail});
    }
    std::cout << (r.moves.empty() ? std::string("  no edits target this node\n") : t.str());
    if (ranges)
        std::cout << RouteJson::rangesText(*ranges);
    return Ok;
}

int repairCommand(ToolSession &s)
{
    const auto &o = s.options();
    const auto goal = repairGoalFromName(o.goal);
    std::optional<NodePath> node;
    if (!o.node.empty()) {
        node = parseNodePath(o.node);
        if (!node)
            throw UsageError("--node takes child indices such as 0.1 (or root), got '" + o.node + "'");
    }
    if (*goal != RepairGoal::Legal && !node)
        throw UsageError("repair --goal " + o.goal + " needs --node PATH (a band)", "repair");
    const RepairReport r = Repair::find(s.analyzer(), s.schedule(), *goal, node, o.count, o.deps);
    if (o.json) {
        std::cout << versionedJson(RouteJson::repair(r, s.model().kernel()->name, depModeName(o.deps)));
        return Ok;
    }
    std::cout << "repair (" << repairGoalName(r.goal) << (node ? " at node " + nodePathText(*node) : std::string())
              << ") of " << s.scheduleSource() << " (" << depModeName(o.deps) << " dependences)\n";
    if (r.firstViolation)
        std::cout << "first violation: " << RouteJson::reasonText(*r.firstViolation) << "\n";
    if (r.repairs.empty()) {
        std::cout << "\nno proposal: " << r.reason << "\n";
        return Ok;
    }
    std::cout << "\n";
    for (std::size_t k = 0; k < r.repairs.size(); ++k) {
        const RepairProposal &p = r.repairs[k];
        std::cout << k + 1 << ". " << p.summary << " (" << (p.legal ? "legal" : "illegal")
                  << ")\n   edits: " << json(p.edits).dump() << "\n   schedule: " << p.schedule << "\n";
    }
    return Ok;
}

} // namespace se::tool
