// SPDX-License-Identifier: MIT
// serve: a checker that a search loop (an autotuner) calls many times. The
// kernel is loaded and its dependences computed once; each request on
// stdin (one JSON object per line) is one verdict on stdout, so a
// candidate costs a legality check instead of a process and a dependence
// analysis. Requests that wait are answered on more threads (ServePool),
// each with its own analysis; answers keep the request order.
#include "Commands.h"

#include "Diagnostic.h"
#include "core/support/NestingLimit.h"
#include "ServeBases.h"
#include "ServePool.h"
#include "JsonOutput.h"
#include "RouteJson.h"
#include "ToolSession.h"
#include "core/report/ReportJson.h"
#include "core/edit/EditScript.h"
#include "core/explore/LegalRanges.h"
#include "core/explore/MoveFinder.h"
#include "core/explore/Repair.h"
#include "core/isl/IslContext.h"
#include "core/legality/DependenceOverride.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"
#include "core/support/VerifyMode.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <new>
#include <sstream>
#include <string>

namespace se::tool {

namespace {

using nlohmann::json;

// What a request's errors call it: the request's place in the session.
std::string requestName(std::size_t line)
{
    return "<request line " + std::to_string(line) + ">";
}

// The node a route request names: `"0.1"`, `[0, 1]` or `"root"`.
std::optional<NodePath> requestNode(const json &args, const std::string &name, const std::string &key)
{
    if (!args.contains("node"))
        return std::nullopt;
    const json &n = args.at("node");
    if (n.is_string())
        if (auto p = parseNodePath(n.get<std::string>()))
            return p;
    if (n.is_array() && std::all_of(n.begin(), n.end(), [](const json &x) { return x.is_number_integer(); }))
        return n.get<NodePath>();
    throw InputError(name, key + ".node", "a node as child indices (\"0.1\" or [0, 1]) or \"root\"");
}

// A `moves` or `repair` request: the moves at a node with their exact
// ranges, or repairs, of the request's schedule after its edits.
json routeAnswer(const json &request, const std::string &name, ToolSession &s, const isl::schedule &read,
                 const std::vector<Edit> &edits)
{
    const ToolOptions &o = s.options();
    if (request.contains("moves") && request.contains("repair"))
        throw InputError(name, "", "a request asks for one of \"moves\" or \"repair\"");
    const std::string key = request.contains("moves") ? "moves" : "repair";
    const json &args = request.at(key);
    if (!args.is_object())
        throw InputError(name, key, "an object, such as {\"node\": \"0\"}");
    const std::vector<std::string> known =
        key == "moves" ? std::vector<std::string>{"node", "ranges"} : std::vector<std::string>{"node", "goal", "count"};
    for (const auto &[k, v] : args.items())
        if (std::find(known.begin(), known.end(), k) == known.end())
            throw InputError(
                name, key + "." + k, "unknown key (" + key + " takes " + [&] {
                    std::string t;
                    for (const auto &w : known)
                        t += (t.empty() ? "" : ", ") + w;
                    return t;
                }() + ")");
    isl::schedule schedule = read;
    for (std::size_t k = 0; k < edits.size(); ++k)
        schedule = QuotaScope::run(s.analyzer().context(), "applying edits[" + std::to_string(k) + "]",
                                   [&] { return edits[k].apply(schedule); });
    const auto node = requestNode(args, name, key);
    json j;
    if (key == "moves") {
        if (!node)
            throw InputError(name, "moves.node", "the node whose moves to list is missing");
        const bool ranges = args.value("ranges", true);
        const MovesReport r = MoveFinder::evaluate(s.analyzer(), schedule, *node, o.deps, o.counts, true, ranges);
        if (r.nodeKind.empty())
            throw InputError(name, "moves.node", "the schedule has no node " + nodePathText(*node));
        std::optional<BandRanges> b;
        if (ranges && r.nodeKind == "band")
            b = LegalRanges::compute(s.analyzer(), schedule, *node, o.deps);
        j = RouteJson::moves(r, b, s.model().kernel()->name, depModeName(o.deps));
    } else {
        const auto goal = repairGoalFromName(args.value("goal", std::string("legal")));
        if (!goal)
            throw InputError(name, "repair.goal", "legal, permutable or parallel");
        const auto count = args.value("count", 3);
        if (count < 1 || count > 100)
            throw InputError(name, "repair.count", "a number of proposals from 1 to 100");
        if (*goal != RepairGoal::Legal && !node)
            throw InputError(name, "repair.node", std::string("--goal ") + repairGoalName(*goal) + " needs a band");
        j = RouteJson::repair(Repair::find(s.analyzer(), schedule, *goal, node, static_cast<unsigned>(count), o.deps),
                              s.model().kernel()->name, depModeName(o.deps));
    }
    j["id"] = request.value("id", json());
    j["format"] = JsonFormatVersion;
    return j;
}

// A request's keys: anything else is refused, so that a misspelt key is
// not silently ignored. Keys from "_" on are ServeBases' rewriting.
void checkKeys(const json &request, const std::string &name)
{
    static const std::vector<std::string> known = {"id",    "schedule", "schedule_file", "edits", "assume_no_dep",
                                                   "moves", "repair",   "detail",        "keep",  "base",
                                                   "drop"};
    for (const auto &[k, v] : request.items())
        if (k.rfind('_', 0) != 0 && std::find(known.begin(), known.end(), k) == known.end())
            throw InputError(
                name, k, "unknown key (a request takes " + [] {
                    std::string t;
                    for (const auto &w : known)
                        t += (t.empty() ? "" : ", ") + w;
                    return t;
                }() + ")");
}

// The edit script object of a request or of a kept base.
EditScript editScript(const json &doc, const std::string &name, const std::string &place, const ToolSession &s)
{
    if (!doc.is_object())
        throw InputError(name, place, "an edit script object, as an --edits file holds");
    EditScript script = EditScript::fromJson(doc, name);
    script.checkKernel(s.model().kernel()->name, name);
    return script;
}

// isl's own text of a tree: equal texts, equal trees.
std::string treeText(const isl::schedule &tree)
{
    std::ostringstream out;
    out << tree;
    return out.str();
}

// The schedule a request names: its text or file, or a kept base's
// (ServeBases put its definition under "_base"; this worker reads it once).
isl::schedule requestSchedule(const json &request, const std::string &name, ToolSession &s)
{
    const json *from = &request;
    if (request.contains("_base")) {
        const json &base = request.at("_base");
        const auto generation = base.at("generation").get<std::uint64_t>();
        auto &kept = s.baseSchedules();
        if (const auto found = kept.find(generation); found != kept.end()) {
            const isl::schedule cached = found->second;
            // SE_VERIFY_CACHES: the base read again from its definition.
            if (VerifyMode::on()) {
                json fresh = request;
                fresh["_base"]["generation"] = ~std::uint64_t{0}; // not kept: read it
                kept.erase(~std::uint64_t{0});
                const isl::schedule again = requestSchedule(fresh, name, s);
                kept.erase(~std::uint64_t{0});
                VerifyMode::check(treeText(again) == treeText(cached), "a kept base read once per worker");
            }
            return cached;
        }
        from = &base.at("source");
    }
    const bool hasText = from->contains("schedule");
    const bool hasFile = from->contains("schedule_file");
    if (hasText == hasFile)
        throw InputError(name, "",
                         "a request has one of \"schedule\" (text), \"schedule_file\" (a path) or \"base\" (a kept "
                         "schedule's name)");
    const json &src = hasText ? from->at("schedule") : from->at("schedule_file");
    if (!src.is_string())
        throw InputError(name, hasText ? "schedule" : "schedule_file", "must be a string");
    std::vector<std::string> notes; // JSCoP statement matching: not needed in the answer
    const auto readText = [&] {
        return ScheduleInput::read(s.model(), src.get<std::string>(), name, &notes, &s.pieces());
    };
    isl::schedule read;
    // The same text as a recent request's is the same schedule: read once
    // (a file is read each time, as it may change). SE_VERIFY_CACHES reads
    // it again and compares.
    auto &recent = s.recentTexts();
    const auto seen = hasText
        ? std::find_if(recent.begin(), recent.end(), [&](const auto &r) { return r.first == src.get<std::string>(); })
        : recent.end();
    if (seen != recent.end()) {
        read = seen->second;
        if (VerifyMode::on())
            VerifyMode::check(treeText(readText()) == treeText(read), "a recent schedule text read once");
    } else if (hasText) {
        read = readText();
        constexpr std::size_t kMostRecent = 4;
        if (recent.size() == kMostRecent)
            recent.pop_front();
        recent.emplace_back(src.get<std::string>(), read);
    } else {
        read = ScheduleInput::readFile(s.model(), src.get<std::string>(), &notes, &s.pieces());
    }
    if (from == &request)
        return read;
    const json &base = request.at("_base");
    const auto &docs = base.at("edits");
    for (std::size_t k = 0; k < docs.size(); ++k)
        for (const Edit &e : editScript(docs[k], name, "base", s).edits)
            read = QuotaScope::run(s.analyzer().context(), "applying the base's edits", [&] { return e.apply(read); });
    // A worker keeps the bases it has read; a search keeps few at once,
    // so the oldest go first beyond that.
    constexpr std::size_t kMostKept = 256;
    auto &kept = s.baseSchedules();
    if (kept.size() >= kMostKept)
        kept.erase(kept.begin());
    kept.emplace(base.at("generation").get<std::uint64_t>(), read);
    return read;
}

json answer(const json &request, std::size_t line, ToolSession &s)
{
    const ToolOptions &o = s.options();
    const std::string name = requestName(line);
    checkKeys(request, name);
    if (request.contains("_error"))
        throw InputError(name, request.at("_error").at("place").get<std::string>(),
                         request.at("_error").at("fault").get<std::string>());
    if (request.contains("_dropped"))
        return {
            {"id", request.value("id", json())}, {"dropped", request.at("_dropped")}, {"format", JsonFormatVersion}};
    if (request.contains("drop"))
        throw InputError(name, "drop", "the name of a kept base (a string)");
    if (request.contains("keep") && !request.contains("_kept"))
        throw InputError(name, "keep", "a name (a non-empty string) for a request with a schedule or a base");
    if (request.contains("base") && (request.contains("schedule") || request.contains("schedule_file")))
        throw InputError(name, "base", "a request has one of \"schedule\", \"schedule_file\" or \"base\"");
    CheckDetail detail = o.detail;
    if (request.contains("detail")) {
        const json &d = request.at("detail");
        const auto parsed = d.is_string() ? checkDetailFromName(d.get<std::string>()) : std::nullopt;
        if (!parsed)
            throw InputError(name, "detail", "verdict, first or all");
        detail = *parsed;
    }
    // Read first: a schedule that does not read is the error, whatever the edits.
    PipelineRequest r;
    const isl::schedule read = requestSchedule(request, name, s);
    r.base = PipelineRequest::Base::fromTree(read);
    std::vector<DependenceOverride> overrides;
    if (request.contains("edits")) {
        EditScript script = editScript(request.at("edits"), name, "edits", s);
        r.edits = std::move(script.edits);
        overrides = std::move(script.assumeNoDep);
    }
    for (auto &d : DependenceOverride::readList(request, name))
        overrides.push_back(std::move(d));
    json j;
    if (request.contains("moves") || request.contains("repair")) {
        j = routeAnswer(request, name, s, read, r.edits);
    } else {
        r.editsFile = name;
        r.mode = o.deps;
        r.check = {o.counts, true, std::move(overrides)};
        // The verdict alone needs which edges break, not their witnesses.
        r.check.details = detail != CheckDetail::Verdict;
        j = ReportJson::check(s.analyse(r)->report, detail);
        j["id"] = request.value("id", json());
        j["format"] = JsonFormatVersion;
    }
    if (request.contains("_kept"))
        j["kept"] = request.at("_kept");
    return j;
}

json errorAnswer(const json &id, const std::string &kind, const std::string &message)
{
    return {{"id", id}, {"error", message}, {"kind", kind}, {"format", JsonFormatVersion}};
}

// One request line to its answer line, on `s`'s thread.
std::string answerLine(ToolSession &s, std::size_t line, const std::string &text)
{
    json id;
    json out;
    try {
        // A request nested too deep is refused before nlohmann recurses into it.
        if (const auto at = NestingLimit::tooDeepAt(text, NestingLimit::Json, true); at != std::string::npos)
            throw InputError(requestName(line), "byte " + std::to_string(at + 1),
                             NestingLimit::fault(NestingLimit::Json, "JSON arrays and objects"));
        const json request = json::parse(text);
        if (!request.is_object())
            throw InputError(requestName(line), "", "a request is a JSON object");
        id = request.value("id", json());
        // A request stopped at the time limit left the context aborted;
        // the next one starts afresh.
        s.analyzer().context().setTimeLimit(s.options().timeLimit);
        s.analyzer().context().resume();
        out = answer(request, line, s);
    } catch (const json::exception &e) {
        out = errorAnswer(id, "input", requestName(line) + ": not JSON: " + e.what());
    } catch (const InputError &e) {
        out = errorAnswer(id, "input", Diagnostic::fromInputError(e).text());
    } catch (const ResourceLimitError &e) {
        out = errorAnswer(id, "resource", std::string("stopped: ") + e.what());
    } catch (const std::bad_alloc &) {
        out = errorAnswer(id, "resource", "stopped: out of memory");
    } catch (const std::exception &e) {
        out = errorAnswer(id, "internal", std::string("analysis failed: ") + e.what());
    }
    s.analyzer().context().setTimeLimit(0); // an idle client is no timeout
    // A request line that is not UTF-8 is quoted in its error: replace what
    // JSON cannot hold rather than fail the answer.
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

int serveCommand(ToolSession &s)
{
    // --time-limit bounds each request, not the session: a search runs for
    // as long as it sends candidates.
    s.analyzer().context().setTimeLimit(0); // the loading's limit is spent
    const ToolOptions &o = s.options();
    const KernelPtr kernel = s.model().kernel();
    auto make = [&o, kernel] {
        auto extra = std::make_unique<ToolSession>(o, kernel);
        extra->analyzer().context().setTimeLimit(0);
        return extra;
    };
    // The answer of a request whose answer could not be made at all (out of memory).
    const std::string failure = errorAnswer(json(), "internal", "the answer could not be made").dump();
    ServePool pool(s, make, o.jobs ? o.jobs : ServePool::defaultJobs(), answerLine, failure, std::cout);
    ServeBases bases;
    std::string text;
    std::size_t line = 0;
    while (std::getline(std::cin, text)) {
        ++line;
        if (text.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        if (!pool.submit(line, bases.prepare(text)))
            break;
    }
    return pool.finish() ? Ok : BadInput; // BadInput: the client is gone
}

} // namespace se::tool
