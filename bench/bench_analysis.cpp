// SPDX-License-Identifier: MIT
// bench_analysis: times the in-process phases of `schedule-tool check` on one
// kernel and schedule, median of N runs. Not a test: it prints figures.
//
//   bench_analysis KERNEL [--schedule FILE] [--edit FILE] [--param N=V ...]
//                  [--symbolic] [--deps may|flow] [--runs N] [--no-count] [--json]
//
// Every run starts from a fresh Analyzer (a fresh isl context), as a new
// process would. Phases, in the order the tool runs them:
//   load      read and validate the kernel JSON
//   build     the polyhedral model (domains, accesses), and the original
//             schedule when no --schedule is given
//   schedule  read the --schedule file
//   deps      the dependence edges (Analyzer::dependences)
//   edges     the edge reports the tool prints: relation text, distance,
//             direction and, unless --no-count, the pair counts
//   count     the pair counts alone, once per edge shape as the analyzer
//             counts (already inside `edges`; shown to tell counting apart,
//             not added to the total)
//   warnings  out-of-shape access warnings
//   check     the analysis pipeline on the schedule (legality, each
//             violation's tree node), dependences already computed
//   recheck   the same schedule checked again (every cache warm)
//   edit1     one statement's schedule edited (the last statement in
//             program order, its last time dimension shifted by one) and
//             checked with the dependences cached: what the app does after
//             one edit
//   edit      a second schedule (--edit FILE) checked with the dependences
//             cached
// Then what the app's views need after an edit, each on its own (v.*):
//   v.tree, v.tree.memo, v.flags   the tree snapshot (afresh, with its memo), band flags
//   v.apply, v.tile                a shift and a tile applied as the app applies them
//   v.tile.flags                   the band flags of the tiled tree
//   a.tile.verdict, a.tile.views   that tile as the app runs it (the pipeline holding
//                                  the schedule): its verdict, then tree and flags
//   v.nest, v.nest.edit            the loop nest's AST of the schedule, then of it after
//   v.nest.undo                    the shift with the AstMemo of the first (the app's),
//                                  then of the schedule again (an undo)
//   v.flatten, v.flatmap, v.yaml   the flat schedule, its union map text, the tree's YAML
//   v.nest.ast .. v.nest.json      the loop nest's steps (AST, C, translation, order
//                                  check, text, kernel JSON) for the rebuilt schedule of edit1
// `total` is load + build + schedule + deps + edges + warnings + check: the
// work of one `schedule-tool check --json`, without start-up and printing.
#include "core/analysis/SchedulePipeline.h"
#include "core/codegen/AstBuilder.h"
#include "core/codegen/AstCPrinter.h"
#include "core/codegen/AstMemo.h"
#include "core/codegen/AstTranslator.h"
#include "core/codegen/NestKernelWriter.h"
#include "core/codegen/NestOrderCheck.h"
#include "core/codegen/NestTextPrinter.h"
#include "core/codegen/RegeneratedNest.h"
#include "core/deps/DependenceSummary.h"
#include "core/model/KernelLoader.h"
#include "core/interop/ScheduleInput.h"
#include "core/edit/EditScript.h"
#include "core/flags/FlagAnalysis.h"
#include "core/flags/FlagCache.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/schedule/ScheduleReader.h"
#include "core/schedule/ScheduleTreeMemo.h"
#include "core/schedule/ScheduleTreeSnapshot.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
    std::string kernel, schedule, edit;
    se::ParamValues params;
    bool symbolic = false;
    se::DepMode mode = se::DepMode::May;
    int runs = 5;
    bool counts = true;
    bool json = false;
};

[[noreturn]] void usage(const std::string &why)
{
    std::cerr << "bench_analysis: " << why << "\n"
              << "usage: bench_analysis KERNEL [--schedule FILE] [--edit FILE] [--param NAME=VALUE ...]\n"
                 "                      [--symbolic] [--deps may|flow] [--runs N] [--no-count] [--json]\n";
    std::exit(2);
}

Options parse(int argc, char **argv)
{
    Options o;
    auto value = [&](int &i, const std::string &flag) -> std::string {
        const std::string a = argv[i];
        if (a.size() > flag.size() && a[flag.size()] == '=')
            return a.substr(flag.size() + 1);
        if (i + 1 >= argc)
            usage(flag + " needs a value");
        return argv[++i];
    };
    auto is = [](const std::string &a, const std::string &flag) { return a == flag || a.rfind(flag + "=", 0) == 0; };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (is(a, "--schedule")) {
            o.schedule = value(i, "--schedule");
        } else if (is(a, "--edit")) {
            o.edit = value(i, "--edit");
        } else if (is(a, "--param")) {
            const std::string p = value(i, "--param");
            const auto eq = p.find('=');
            if (eq == std::string::npos)
                usage("--param takes NAME=VALUE, got '" + p + "'");
            o.params[p.substr(0, eq)] = std::stoll(p.substr(eq + 1));
        } else if (is(a, "--deps")) {
            const std::string m = value(i, "--deps");
            if (m != "may" && m != "flow")
                usage("--deps takes may or flow");
            o.mode = m == "may" ? se::DepMode::May : se::DepMode::Flow;
        } else if (is(a, "--runs")) {
            o.runs = std::max(1, std::atoi(value(i, "--runs").c_str()));
        } else if (a == "--symbolic") {
            o.symbolic = true;
        } else if (a == "--no-count") {
            o.counts = false;
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "-h" || a == "--help") {
            usage("times the analysis phases of one kernel");
        } else if (!a.empty() && a[0] == '-') {
            usage("unknown option " + a);
        } else if (o.kernel.empty()) {
            o.kernel = a;
        } else {
            usage("one kernel only");
        }
    }
    if (o.kernel.empty())
        usage("no kernel given");
    return o;
}

/// Milliseconds per phase, one entry per run: wall-clock time and the
/// process's CPU time (on a machine shared with other work the CPU time is
/// the steadier figure; the analysis runs on one thread).
class PhaseTimes {
public:
    template <typename F> auto time(const std::string &phase, F &&f) -> std::decay_t<decltype(f())>
    {
        if (std::find(m_order.begin(), m_order.end(), phase) == m_order.end())
            m_order.push_back(phase);
        const auto start = Clock::now();
        const double cpuStart = cpuMs();
        auto record = [&] {
            m_ms[phase].push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            m_cpu[phase].push_back(cpuMs() - cpuStart);
        };
        if constexpr (std::is_void_v<decltype(f())>) {
            f();
            record();
        } else {
            auto r = f();
            record();
            return r;
        }
    }
    /// A phase timed by the caller (a hook's moment inside another phase).
    void record(const std::string &phase, Clock::time_point start, double cpuStart)
    {
        if (std::find(m_order.begin(), m_order.end(), phase) == m_order.end())
            m_order.push_back(phase);
        m_ms[phase].push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        m_cpu[phase].push_back(cpuMs() - cpuStart);
    }
    const std::vector<std::string> &phases() const { return m_order; }
    std::vector<double> sorted(const std::string &phase, bool cpu = false) const
    {
        auto v = (cpu ? m_cpu : m_ms).at(phase);
        std::sort(v.begin(), v.end());
        return v;
    }
    double median(const std::string &phase, bool cpu = false) const
    {
        const auto v = sorted(phase, cpu);
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    static double cpuMs()
    {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    }

private:
    std::vector<std::string> m_order;
    std::map<std::string, std::vector<double>> m_ms, m_cpu;
};

struct Outcome {
    std::string kernel;
    std::size_t statements = 0, edges = 0, violations = 0, editViolations = 0;
    bool legal = true, editLegal = true;
};

se::ParamValues fixedParams(const Options &o, const se::Kernel &k)
{
    se::ParamValues p = o.params;
    if (!o.symbolic)
        for (const auto &param : k.params)
            if (param.value && !p.count(param.name))
                p[param.name] = *param.value;
    return p;
}

/// The schedule with one edit: the last statement's last time dimension
/// shifted by one, `{ sK[...] -> [t0, ..., tn] }` -> `[t0, ..., tn + 1]`.
isl::schedule editOne(se::Analyzer &analyzer, const isl::schedule &schedule)
{
    const auto &model = analyzer.model();
    const std::string target = model.statements().back().name;
    isl::union_map times = isl::union_map::empty(analyzer.context().ctx());
    const isl::map_list maps = schedule.get_map().map_list();
    for (int i = 0; i < static_cast<int>(maps.size()); ++i) {
        const isl::map m = maps.at(i);
        if (m.domain_tuple_id().name() != target) {
            times = times.unite(m);
            continue;
        }
        const unsigned n = m.range_tuple_dim();
        std::string in, out;
        for (unsigned k = 0; k < n; ++k) {
            in += (k ? ", t" : "t") + std::to_string(k);
            out += (k ? ", t" : "t") + std::to_string(k) + (k + 1 == n ? " + 1" : "");
        }
        times = times.unite(m.apply_range(isl::map(analyzer.context().ctx(), "{ [" + in + "] -> [" + out + "] }")));
    }
    return se::ScheduleReader::fromUnionMap(model, times, "(one edit)");
}

Outcome runOnce(const Options &o, PhaseTimes &t)
{
    Outcome out;
    const se::KernelPtr kernel = t.time("load", [&] { return se::KernelLoader::loadFile(o.kernel); });
    se::Analyzer::Options ao;
    ao.params = fixedParams(o, *kernel);
    ao.quota = 0; // time the work, not the quota
    auto pipeline = t.time("build", [&] {
        auto p = std::make_unique<se::SchedulePipeline>(kernel, ao);
        if (o.schedule.empty())
            p->analyzer().originalSchedule();
        return p;
    });
    se::Analyzer &analyzer = pipeline->analyzer();
    const isl::schedule schedule = t.time("schedule", [&] {
        return o.schedule.empty() ? analyzer.originalSchedule()
                                  : se::ScheduleInput::readFile(analyzer.model(), o.schedule);
    });
    // The pipeline's steps one by one (each cached for the check below).
    t.time("deps", [&] { analyzer.dependences(o.mode); });
    const auto &deps = analyzer.dependences(o.mode); // cached
    t.time("edges", [&] { analyzer.edgeReports(o.mode, o.counts); });
    if (o.counts)
        t.time("count", [&] {
            // Once per edge shape, as the analyzer counts (tiles repeat a few shapes).
            std::set<int> shapes;
            for (const auto &d : deps)
                if (d.shape < 0 || shapes.insert(d.shape).second)
                    se::DependenceSummary::countPairs(analyzer.model(), d.relation());
        });
    t.time("warnings", [&] { analyzer.warnings(); });
    se::PipelineRequest request;
    request.mode = o.mode;
    request.check = {o.counts, true, {}};
    auto check = [&](const isl::schedule &s) {
        request.base = se::PipelineRequest::Base::fromTree(s);
        return pipeline->run(request);
    };
    const se::PipelineResultPtr r = t.time("check", [&] { return check(schedule); });
    t.time("recheck", [&] { check(schedule); });
    {
        const isl::schedule edited = editOne(analyzer, schedule);
        t.time("edit1", [&] { check(edited); });
        // What the app's views need after the verdict, each on its own
        // (the flags with a cache filled by the schedule before the edit).
        const auto &model = analyzer.model();
        t.time("v.tree", [&] { se::ScheduleTreeSnapshot::build(model, edited); });
        // Read again with the memo of the same tree: every node known (an
        // edit in the app changes a few nodes; editOne rebuilds the tree).
        se::ScheduleTreeMemo memo;
        se::ScheduleTreeSnapshot::build(model, edited, &memo);
        t.time("v.tree.memo", [&] { se::ScheduleTreeSnapshot::build(model, edited, &memo); });
        se::FlagCache flags;
        se::FlagAnalysis::compute(model, deps, schedule, &flags);
        t.time("v.flags", [&] { se::FlagAnalysis::compute(model, deps, edited, &flags); });
        // One edit as the app applies it: a shift of the last band's first
        // statement, on the schedule's own tree.
        const se::ScheduleTreeSnapshot tree = se::ScheduleTreeSnapshot::build(model, schedule);
        for (auto n = tree.nodes.rbegin(); n != tree.nodes.rend(); ++n)
            if (n->kind == se::ScheduleTreeSnapshot::Kind::Band && !n->members.empty()
                && !n->members[0].parts.empty()) {
                const se::Edit shift = se::Edit::shift(n->path, 0, {{n->members[0].parts[0].statement, "1"}});
                const isl::schedule shifted = t.time(
                    "v.apply", [&] { return se::EditScript::apply(analyzer.context(), {shift}, schedule, "bench"); });
                // The loop nest of the schedule, then of it after the shift
                // with the parts the shift did not change kept (the app's).
                const std::string file = model.kernel()->sourcePath;
                se::AstMemo memo;
                t.time("v.nest",
                       [&] { se::AstBuilder::build(model, schedule, file, se::AstBuilder::From::Tree, &memo); });
                t.time("v.nest.edit",
                       [&] { se::AstBuilder::build(model, shifted, file, se::AstBuilder::From::Tree, &memo); });
                t.time("v.nest.undo",
                       [&] { se::AstBuilder::build(model, schedule, file, se::AstBuilder::From::Tree, &memo); });
                // An edit that changes the tree's shape: read and built whole,
                // then flattened and checked whole (its verdict in the app).
                const se::Edit tile = se::Edit::tile(n->path, std::vector<std::int64_t>(n->members.size(), 4));
                t.time("v.tile", [&] {
                    const isl::schedule tiled = se::EditScript::apply(analyzer.context(), {tile}, schedule, "bench");
                    check(tiled);
                });
                // The flags of the tiled tree (its new bands), the cache filled by the schedule's.
                const isl::schedule tiled = se::EditScript::apply(analyzer.context(), {tile}, schedule, "bench");
                t.time("v.tile.flags", [&] { se::FlagAnalysis::compute(model, deps, tiled, &flags); });
                // The tile as the app makes it: the pipeline holding the
                // schedule's result, then the tile with tree and flags; the
                // verdict is taken when its hook fires (a.tile.verdict), the
                // rest when the run ends (a.tile.views, the nest aside).
                se::PipelineRequest app;
                app.base = se::PipelineRequest::Base::fromTree(schedule);
                app.mode = o.mode;
                app.check = {o.counts, true, {}};
                app.tree = true;
                app.flags = se::PipelineRequest::Flags::Hint;
                pipeline->run(app);
                app.edits = {tile};
                se::SchedulePipeline::Hooks hooks;
                const auto start = Clock::now();
                const double cpuStart = PhaseTimes::cpuMs();
                hooks.verdict = [&](const se::CheckReport &) { t.record("a.tile.verdict", start, cpuStart); };
                pipeline->run(app, hooks);
                t.record("a.tile.views", start, cpuStart);
                break;
            }
        t.time("v.flatten", [&] { se::FlatSchedule(model, edited); });
        t.time("v.flatmap", [&] { se::SchedulePrinter::flatMap(model, edited); });
        t.time("v.yaml", [&] { se::SchedulePrinter::blockYaml(edited); });
        // The loop nest's steps (CodeGenerator::generateWithC, taken apart).
        const std::string file = model.kernel()->sourcePath;
        const isl::ast_node_list ast = t.time("v.nest.ast", [&] { return se::AstBuilder::build(model, edited, file); });
        t.time("v.nest.c", [&] { se::AstCPrinter::print(*model.kernel(), model.paramNames(), ast, "bench", "bench"); });
        se::RegeneratedNest nest;
        nest.source = model.kernel();
        nest.body = t.time("v.nest.trans", [&] { return se::AstTranslator(*model.kernel(), file).translate(ast); });
        t.time("v.nest.order", [&] { se::NestOrderCheck::wrongPair(model, edited, nest.body); });
        t.time("v.nest.text", [&] { se::NestTextPrinter::print(nest); });
        t.time("v.nest.json", [&] { se::NestKernelWriter::text(nest); });
    }
    if (!o.edit.empty()) {
        const isl::schedule edited = se::ScheduleInput::readFile(analyzer.model(), o.edit);
        const se::PipelineResultPtr e = t.time("edit", [&] { return check(edited); });
        out.editLegal = e->report.legal;
        out.editViolations = e->report.violations.size();
    }
    out.kernel = r->report.kernel;
    out.statements = analyzer.model().statements().size();
    out.edges = r->report.edges.size();
    out.violations = r->report.violations.size();
    out.legal = r->report.legal;
    // The isl objects go before the context (inside the pipeline).
    return out;
}

double total(const PhaseTimes &t, bool cpu = false)
{
    double sum = 0;
    for (const char *p : {"load", "build", "schedule", "deps", "edges", "warnings", "check"})
        sum += t.median(p, cpu);
    return sum;
}

void printText(const Options &o, const Outcome &out, const PhaseTimes &t)
{
    std::cout << out.kernel << ": " << out.statements << " statements, " << out.edges << " edges ("
              << se::depModeName(o.mode) << "), " << (out.legal ? "legal" : "illegal") << " (" << out.violations
              << " violated edges)";
    if (!o.edit.empty())
        std::cout << "; edit: " << (out.editLegal ? "legal" : "illegal") << " (" << out.editViolations << ")";
    std::cout << "\nmedian of " << o.runs << " runs, ms (wall; cpu = process CPU time)\n";
    std::cout << std::fixed << std::setprecision(2);
    std::cout << "  " << std::left << std::setw(10) << "phase" << std::right << std::setw(11) << "median"
              << std::setw(11) << "min" << std::setw(11) << "max" << std::setw(11) << "cpu"
              << "\n";
    for (const auto &p : t.phases()) {
        const auto v = t.sorted(p);
        std::cout << "  " << std::left << std::setw(10) << p << std::right << std::setw(11) << t.median(p)
                  << std::setw(11) << v.front() << std::setw(11) << v.back() << std::setw(11) << t.median(p, true)
                  << "\n";
    }
    std::cout << "  " << std::left << std::setw(10) << "total" << std::right << std::setw(11) << total(t)
              << std::setw(33) << total(t, true) << "\n";
}

void printJson(const Options &o, const Outcome &out, const PhaseTimes &t)
{
    nlohmann::json phases = nlohmann::json::object(), cpu = nlohmann::json::object();
    for (const auto &p : t.phases()) {
        phases[p] = t.median(p);
        cpu[p] = t.median(p, true);
    }
    nlohmann::json j{{"kernel", out.kernel},
                     {"file", o.kernel},
                     {"schedule", o.schedule},
                     {"deps", se::depModeName(o.mode)},
                     {"runs", o.runs},
                     {"statements", out.statements},
                     {"edges", out.edges},
                     {"legal", out.legal},
                     {"violations", out.violations},
                     {"median_ms", phases},
                     {"median_cpu_ms", cpu},
                     {"total_ms", total(t)},
                     {"total_cpu_ms", total(t, true)}};
    if (!o.edit.empty())
        j["edit"] = {{"schedule", o.edit}, {"legal", out.editLegal}, {"violations", out.editViolations}};
    std::cout << j.dump(1) << "\n";
}

} // namespace

int main(int argc, char **argv)
{
    const Options o = parse(argc, argv);
    PhaseTimes times;
    Outcome out;
    try {
        for (int r = 0; r < o.runs; ++r)
            out = runOnce(o, times);
    } catch (const std::exception &e) {
        std::cerr << "bench_analysis: " << e.what() << "\n";
        return 2;
    }
    if (o.json)
        printJson(o, out, times);
    else
        printText(o, out, times);
    return 0;
}
