// SPDX-License-Identifier: MIT
// The grammar of schedule-tool, with CLI11 (Debian's libcli11-dev): it is
// maintained, header-only, and has subcommands with their own options and
// help. What it lacks is added here: "did you mean" suggestions, refusing
// an option with the name of the command that does take it, and messages in
// the tool's own words.
#include "ToolOptions.h"

#include "ScheduleList.h"
#include "Suggestion.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <regex>
#include <set>

namespace se::tool {

namespace {

// Which options a command uses (beyond the kernel-input ones every command takes).
enum Use : unsigned {
    Schedule = 1u << 0,
    Edits = 1u << 1,
    Deps = 1u << 2,
    Counts = 1u << 3,
    Format = 1u << 4,
    Out = 1u << 5,
    Node = 1u << 6,
    AssumeNoDep = 1u << 7,
    Json = 1u << 8,
    Fixed = 1u << 9,
    Into = 1u << 10,
    Jobs = 1u << 11,
    Ranges = 1u << 12,
    Goal = 1u << 13,
    Detail = 1u << 14,
};

struct CommandSpec {
    const char *name;
    const char *summary;
    unsigned uses;
    std::vector<std::string> formats; // the first is the default
};

const std::vector<CommandSpec> &commandSpecs()
{
    static const std::vector<CommandSpec> specs = {
        {"check",
         "legality of a schedule (the original one by default; one verdict per --schedule)",
         Schedule | Edits | Deps | Counts | AssumeNoDep | Detail | Json,
         {}},
        {"deps",
         "the dependence edges, as a table or a picture of the graph",
         Deps | Counts | Format | Out | Json,
         {"text", "dot", "svg"}},
        {"tree",
         "the schedule tree as isl YAML, a flat union map, or a picture",
         Schedule | Edits | Format | Out | Json | Fixed,
         {"block", "flow", "map", "dot", "svg"}},
        {"codegen",
         "the regenerated loop nest",
         Schedule | Edits | Format | Out | Json | Fixed,
         {"text", "kernel", "c"}},
        {"apply",
         "apply an edit script (--edits FILE) and print the schedule",
         Schedule | Edits | Deps | Counts | Format | Out | AssumeNoDep | Json | Fixed,
         {"block", "flow", "map"}},
        {"suggest",
         "run isl's scheduler and report the legality of its schedule",
         Deps | Counts | Format | Out | AssumeNoDep | Json,
         {"block", "flow", "map"}},
        {"moves",
         "the edits that apply at a node (--node PATH) and their verdicts (--ranges: their exact legal arguments)",
         Schedule | Edits | Deps | Counts | Node | Ranges | Json,
         {}},
        {"repair",
         "proposals that make a schedule legal (or a band permutable or parallel: --node PATH --goal), best first",
         Schedule | Edits | Deps | Node | Goal | Json,
         {}},
        {"export-jscop", "a JSCoP (Polly) description of the kernel and schedule", Schedule | Edits | Out | Into, {}},
        {"serve",
         "check schedules sent as JSON lines on stdin, one JSON verdict per line (dependences once)",
         Deps | Counts | Jobs | Detail,
         {}},
    };
    return specs;
}

const CommandSpec *findSpec(const std::string &name)
{
    for (const auto &s : commandSpecs())
        if (name == s.name)
            return &s;
    return nullptr;
}

std::string joinOr(const std::vector<std::string> &words)
{
    std::string out;
    for (std::size_t k = 0; k < words.size(); ++k)
        out += (k == 0 ? "" : k + 1 == words.size() ? " or " : ", ") + words[k];
    return out;
}

// Option values as the user wrote them; converted after parsing, with the
// tool's messages.
struct RawValues {
    std::vector<std::string> params;
    std::string deps, maxOps, timeLimit, scop, maxMemory, jobs, goal, count, detail;
    bool noCount = false;
};

// Every option of `spec`'s command, one line each. A new option is one
// line here (and a field in ToolOptions).
void addOptions(CLI::App &sub, const CommandSpec &spec, ToolOptions &o, RawValues &raw)
{
    const unsigned u = spec.uses;
    sub.add_option("KERNEL", o.kernel,
                   "the kernel: JSON, a JSCoP, a C/C++ source (through clang-14 and Polly), or '-' for stdin")
        ->required()
        ->type_name("");
    sub.add_option("--param", raw.params, "fix a parameter (repeatable)")->type_name("NAME=VALUE");
    sub.add_option("--max-ops", raw.maxOps, "isl operation quota per unit of work (default 1000000; 0 = none)")
        ->type_name("N");
    sub.add_option("--time-limit", raw.timeLimit, "stop after S seconds (default 60; 0 = none)")->type_name("S");
    sub.add_option("--max-memory", raw.maxMemory,
                   "stop at this much memory, e.g. 2G (default half the machine's memory; 0 = none)")
        ->type_name("SIZE");
    sub.add_option("--function", o.function, "the function of a C source KERNEL")->type_name("NAME");
    sub.add_option("--scop", raw.scop, "the N-th SCoP (from 1) of a C source KERNEL")->type_name("N");
    if (u & Schedule)
        sub.add_option("--schedule", o.schedules,
                       std::string("an isl schedule tree (YAML), union map or JSCoP; '-' for stdin")
                           + (spec.name == std::string("check") ? " (repeatable: one verdict each)" : ""))
            ->type_name("FILE");
    if (spec.name == std::string("check"))
        sub.add_option("--schedules", o.schedulesFile,
                       "a file of schedule file names, one per line (with any --schedule: one verdict each)")
            ->type_name("FILE");
    if (u & Edits)
        sub.add_option("--edits", o.edits, "an edit script applied to the schedule")->type_name("FILE");
    if (u & AssumeNoDep)
        sub.add_option("--assume-no-dep", o.assumeNoDep, "audited dependence overrides to ignore")->type_name("FILE");
    if (u & Deps)
        sub.add_option("--deps", raw.deps, "may dependences (default) or exact flow dependences")
            ->type_name("may|flow");
    if (u & Counts)
        sub.add_flag("--no-count", raw.noCount, "skip pair counts")->disable_flag_override();
    if (u & Format)
        sub.add_option("--format", o.format, "output form (default " + spec.formats.front() + ")")->type_name([&] {
            std::string t;
            for (const auto &f : spec.formats)
                t += (t.empty() ? "" : "|") + f;
            return t;
        }());
    if (u & Out)
        sub.add_option("--out", o.out, "write the result to FILE ('-': stdout)")->type_name("FILE");
    if (u & Into)
        sub.add_option("--into", o.into,
                       "put the schedule into POLLY.jscop, a file Polly exported for the same code "
                       "(its names, loop counters and parameter order)")
            ->type_name("POLLY.jscop");
    if (u & Node)
        sub.add_option("--node", o.node, "a schedule tree node as child indices, e.g. 0.1, or root")->type_name("PATH");
    if (u & Ranges)
        sub.add_flag("--ranges", o.ranges,
                     "the exact legal arguments of each edit of a band (shift offsets, skew and scale factors, "
                     "permutations, permutable members), and why each illegal move is illegal")
            ->disable_flag_override();
    if (u & Goal) {
        sub.add_option("--goal", raw.goal,
                       "legal (default), permutable (the band at --node and the loops below it made one permutable "
                       "band) or parallel (its outer member made parallel)")
            ->type_name("legal|permutable|parallel");
        sub.add_option("--count", raw.count, "at most N proposals (default 3)")->type_name("N");
    }
    if (u & Detail)
        sub.add_option("--detail", raw.detail,
                       "how much of each verdict: verdict (legal and the number of violated edges), first (and the "
                       "first violation with its witness) or all (default: every violation and edge)")
            ->type_name("verdict|first|all");
    if (u & Jobs)
        sub.add_option("--jobs", raw.jobs,
                       "answer up to N waiting requests at once, each thread with its own copy of the analysis "
                       "(default: the machine's cores, at most 4; answers keep the request order)")
            ->type_name("N");
    if (u & Fixed)
        sub.add_flag("--fixed", o.fixed, "YAML and C keep the --param values (by default they stay parametric)")
            ->disable_flag_override();
    if (u & Json)
        sub.add_flag("--json", o.json, "machine-readable output (a JSON object with \"format\": 1)")
            ->disable_flag_override();
}

std::int64_t parseInt(const std::string &text, const std::string &what, const std::string &command)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw UsageError(what + ": '" + text + "' is not an integer" + (errno == ERANGE ? " (beyond 64 bits)" : ""),
                         command);
    return v;
}

// SIZE: bytes, or with a K, M or G suffix (binary units).
std::uint64_t parseSize(const std::string &text, const std::string &command)
{
    std::string digits = text;
    std::uint64_t unit = 1;
    if (!digits.empty()) {
        const char s = static_cast<char>(std::toupper(static_cast<unsigned char>(digits.back())));
        unit = s == 'K' ? 1u << 10 : s == 'M' ? 1u << 20 : s == 'G' ? 1u << 30 : 1;
        if (unit != 1)
            digits.pop_back();
    }
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(digits.c_str(), &end, 10);
    if (digits.empty() || *end != '\0' || errno == ERANGE || v < 0 || static_cast<std::uint64_t>(v) > UINT64_MAX / unit)
        throw UsageError("--max-memory takes a size such as 512M or 2G, got '" + text + "'", command);
    return static_cast<std::uint64_t>(v) * unit;
}

void convert(ToolOptions &o, const RawValues &raw)
{
    const std::string &c = o.command;
    for (const auto &v : raw.params) {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError("--param takes NAME=VALUE, got '" + v + "'", c);
        const std::string name = v.substr(0, eq);
        const auto value = parseInt(v.substr(eq + 1), "--param " + name, c);
        // Two values for one parameter: neither may silently win.
        if (const auto it = o.params.find(name); it != o.params.end() && it->second != value)
            throw UsageError("--param " + name + " is given twice, as " + std::to_string(it->second) + " and "
                                 + std::to_string(value),
                             c);
        o.params[name] = value;
    }
    if (!raw.deps.empty()) {
        if (raw.deps == "may")
            o.deps = DepMode::May;
        else if (raw.deps == "flow")
            o.deps = DepMode::Flow;
        else
            throw UsageError(
                "--deps takes may or flow, got '" + raw.deps + "'" + Suggestion::hint(raw.deps, {"may", "flow"}), c);
    }
    if (!raw.timeLimit.empty()) {
        char *end = nullptr;
        const double t = std::strtod(raw.timeLimit.c_str(), &end);
        if (*end != '\0' || std::isnan(t) || t < 0)
            throw UsageError("--time-limit takes a number of seconds, got '" + raw.timeLimit + "'", c);
        // Beyond a year is no limit: the clock arithmetic of a deadline
        // 10^20 s away overflows and would stop the run at once.
        o.timeLimit = t > 365.0 * 24 * 3600 ? 0 : t;
    }
    if (!raw.maxOps.empty()) {
        const auto v = parseInt(raw.maxOps, "--max-ops", c);
        if (v < 0)
            throw UsageError("--max-ops must be non-negative, got " + raw.maxOps, c);
        o.maxOps = static_cast<unsigned long>(v);
    }
    if (!raw.scop.empty()) {
        const auto v = parseInt(raw.scop, "--scop", c);
        if (v < 1 || v > 1000000)
            throw UsageError("--scop takes a SCoP's number from 1, got " + raw.scop, c);
        o.scop = static_cast<unsigned>(v);
    }
    if (!raw.jobs.empty()) {
        const auto v = parseInt(raw.jobs, "--jobs", c);
        if (v < 1 || v > 256)
            throw UsageError("--jobs takes a number of threads from 1 to 256, got " + raw.jobs, c);
        o.jobs = static_cast<unsigned>(v);
    }
    if (!raw.maxMemory.empty())
        o.maxMemory = parseSize(raw.maxMemory, c);
    if (!raw.detail.empty()) {
        const auto d = checkDetailFromName(raw.detail);
        if (!d)
            throw UsageError("--detail takes verdict, first or all, got '" + raw.detail + "'"
                                 + Suggestion::hint(raw.detail, {"verdict", "first", "all"}),
                             c);
        o.detail = *d;
    }
    if (!raw.goal.empty()) {
        const std::vector<std::string> goals = {"legal", "permutable", "parallel"};
        if (std::find(goals.begin(), goals.end(), raw.goal) == goals.end())
            throw UsageError("--goal takes legal, permutable or parallel, got '" + raw.goal + "'"
                                 + Suggestion::hint(raw.goal, goals),
                             c);
        o.goal = raw.goal;
    }
    if (!raw.count.empty()) {
        const auto v = parseInt(raw.count, "--count", c);
        if (v < 1 || v > 100)
            throw UsageError("--count takes a number of proposals from 1 to 100, got " + raw.count, c);
        o.count = static_cast<unsigned>(v);
    }
    o.counts = !raw.noCount;
    if (const auto *spec = findSpec(c); spec && !o.format.empty()) {
        const auto &fs = spec->formats;
        if (std::find(fs.begin(), fs.end(), o.format) == fs.end())
            throw UsageError(
                c + " --format takes " + joinOr(fs) + ", got '" + o.format + "'" + Suggestion::hint(o.format, fs), c);
    }
    if (c == "serve" && o.kernel == "-")
        throw UsageError("serve reads its requests from stdin: KERNEL cannot be '-'", c);
    if (!o.schedulesFile.empty())
        for (auto &path : ScheduleList::read(o.schedulesFile))
            o.schedules.push_back(std::move(path));
    if (!o.schedules.empty())
        o.schedule = o.schedules.front();
    if (o.schedules.size() > 1 && c != "check")
        throw UsageError(c + " takes one --schedule (only check takes several)", c);
}

// Every option name of every command, and which commands take it.
std::map<std::string, std::vector<std::string>> optionOwners(const CLI::App &app)
{
    std::map<std::string, std::vector<std::string>> owners;
    for (const auto *sub : app.get_subcommands([](const CLI::App *) { return true; }))
        for (const auto *opt : sub->get_options())
            for (const auto &n : opt->get_lnames())
                owners["--" + n].push_back(sub->get_name());
    return owners;
}

// The first thing CLI11 left over: an option the command does not take, or
// a second positional argument.
[[noreturn]] void refuseExtra(const CLI::App &app, const CLI::App &sub, const std::vector<std::string> &extra)
{
    const std::string c = sub.get_name();
    const std::string arg = extra.front();
    if (arg.size() < 2 || arg[0] != '-')
        throw UsageError("unexpected argument '" + arg + "': " + c + " takes one KERNEL", c);
    const std::string name = arg.substr(0, arg.find('='));
    const auto owners = optionOwners(app);
    if (const auto it = owners.find(name); it != owners.end())
        throw UsageError(c + " does not take " + name + " (" + joinOr(it->second) + " do"
                             + (it->second.size() == 1 ? "es" : "") + ")",
                         c);
    std::vector<std::string> mine;
    for (const auto *opt : sub.get_options())
        for (const auto &n : opt->get_lnames())
            mine.push_back("--" + n);
    mine.push_back("--help");
    throw UsageError("unknown option '" + name + "' for " + c + Suggestion::hint(name, mine), c);
}

struct Grammar {
    CLI::App app{"", "schedule-tool"};
    RawValues raw;
    std::string helpTopic;
    std::vector<std::string> helpExtra;

    explicit Grammar(ToolOptions &o)
    {
        app.set_help_flag();
        app.add_flag("-h,--help", o.help)->disable_flag_override();
        app.add_flag("--version", o.version)->disable_flag_override();
        app.require_subcommand(0, 1);
        app.allow_extras(); // refused below, in the tool's words
        for (const auto &spec : commandSpecs()) {
            CLI::App *sub = app.add_subcommand(spec.name, spec.summary);
            sub->set_help_flag("-h,--help", "this command's options");
            sub->allow_extras();
            addOptions(*sub, spec, o, raw);
        }
        CLI::App *help = app.add_subcommand("help", "the options of a command");
        help->add_option("COMMAND", helpTopic, "a command");
        help->allow_extras();
    }
};

} // namespace

std::vector<std::string> ToolOptions::commandNames()
{
    std::vector<std::string> out;
    for (const auto &s : commandSpecs())
        out.emplace_back(s.name);
    return out;
}

std::vector<CommandInfo> ToolOptions::grammar()
{
    ToolOptions o;
    Grammar g(o);
    std::vector<CommandInfo> out;
    for (const auto &spec : commandSpecs()) {
        const CLI::App *sub = g.app.get_subcommand_ptr(spec.name).get();
        CommandInfo c{spec.name, spec.summary, {}};
        for (const CLI::Option *opt : sub->get_options()) {
            if (opt->get_positional() || opt == sub->get_help_ptr())
                continue;
            for (const auto &n : opt->get_lnames())
                c.options.push_back({"--" + n, opt->get_expected_min() == 0 ? std::string() : opt->get_type_name(),
                                     opt->get_description(),
                                     opt->get_items_expected_max() >= CLI::detail::expected_max_vector_size});
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::string ToolOptions::shortUsage(const std::string &command)
{
    const CommandSpec *spec = findSpec(command);
    if (!spec)
        return "usage: schedule-tool COMMAND KERNEL [options]  ('schedule-tool --help' lists the commands)";
    return "usage: schedule-tool " + command + " KERNEL [options]  ('schedule-tool help " + command
        + "' lists its options)";
}

std::string ToolOptions::usage()
{
    std::string out = "usage: schedule-tool COMMAND KERNEL [options]\n"
                      "       schedule-tool help COMMAND\n\n"
                      "Polyhedral schedule legality, dependences, loop-nest generation and schedule edits.\n"
                      "KERNEL is a kernel JSON file; '-' reads it from stdin.\n\ncommands:\n";
    for (const auto &s : commandSpecs()) {
        std::string name = "  " + std::string(s.name);
        name.resize(16, ' ');
        out += name + s.summary + "\n";
    }
    return out
        + "\noptions:\n"
          "  -h, --help      this text ('schedule-tool COMMAND --help': the command's options)\n"
          "  --version       the version, with the isl and Graphviz versions in use\n"
          "\nerrors read 'FILE:LINE:COLUMN: error: PLACE: FAULT' when they are in a file.\n"
          "exit status: 0 success (check: legal), 1 check found violations,\n"
          "             2 bad input or usage, 3 a resource limit was hit\n";
}

std::string ToolOptions::commandHelp(const std::string &command)
{
    if (command.empty())
        return usage();
    ToolOptions o;
    Grammar g(o);
    CLI::App *sub = g.app.get_subcommand_ptr(command).get();
    std::string text = sub->help();
    // CLI11 says "Usage: schedule-tool check [OPTIONS] KERNEL".
    if (const auto p = text.find("[OPTIONS] KERNEL"); p != std::string::npos)
        text.replace(p, 16, "KERNEL [options]");
    if (const auto p = text.find("Usage: " + command); p != std::string::npos)
        text.replace(p, 7 + command.size(), "usage: schedule-tool " + command);
    return text;
}

ToolOptions ToolOptions::parse(int argc, char **argv)
{
    // An unknown command is found before CLI11 sees it: CLI11 would call it
    // an unexpected argument.
    const auto names = commandNames();
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.empty() || a[0] == '-')
            continue;
        if (a != "help" && !findSpec(a))
            throw UsageError("unknown command '" + a + "'" + Suggestion::hint(a, names));
        break;
    }
    ToolOptions o;
    Grammar g(o);
    try {
        g.app.parse(argc, argv);
    } catch (const CLI::CallForHelp &) {
        for (const auto *sub : g.app.get_subcommands())
            throw HelpRequest{commandHelp(sub->get_name())};
        throw HelpRequest{usage()};
    } catch (const CLI::ParseError &e) {
        const auto subs = g.app.get_subcommands();
        const std::string c = subs.empty() ? std::string() : subs.front()->get_name();
        std::string what = e.what();
        static const std::regex missingValue(R"(^(-[-\w]+): \d+ required (\S+) missing$)");
        std::smatch m;
        if (what == "KERNEL is required")
            what = c + " needs a KERNEL file";
        else if (std::regex_match(what, m, missingValue))
            what = m.str(1) + " needs a value (" + m.str(2) + ")";
        else if (e.get_name() == "ArgumentMismatch" && what.find("flag override") != std::string::npos)
            what = what.substr(0, what.find(' ')) + " takes no value (it is a flag)";
        else if (what.find("is required") == std::string::npos && !what.empty() && what.front() != '-')
            what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
        if (what.rfind("json ", 0) == 0 || what.rfind("no-count ", 0) == 0 || what.rfind("help ", 0) == 0
            || what.rfind("version ", 0) == 0)
            what = "--" + what;
        throw UsageError(what, c);
    }
    if (!g.app.remaining().empty()) {
        const std::string a = g.app.remaining().front();
        throw UsageError(a.rfind("-", 0) == 0 && a != "-"
                             ? "unknown option '" + a + "' before the command (options go after COMMAND KERNEL)"
                             : "unexpected argument '" + a + "'");
    }
    if (o.help)
        throw HelpRequest{usage()};
    if (o.version)
        return o;
    const auto subs = g.app.get_subcommands();
    if (subs.empty())
        throw UsageError("missing COMMAND");
    CLI::App &sub = *subs.front();
    o.command = sub.get_name();
    if (o.command == "help") {
        if (!sub.remaining().empty())
            throw UsageError("help takes one COMMAND, got also '" + sub.remaining().front() + "'");
        if (!g.helpTopic.empty() && !findSpec(g.helpTopic))
            throw UsageError("unknown command '" + g.helpTopic + "'" + Suggestion::hint(g.helpTopic, names));
        throw HelpRequest{commandHelp(g.helpTopic)};
    }
    if (!sub.remaining().empty())
        refuseExtra(g.app, sub, sub.remaining());
    convert(o, g.raw);
    return o;
}

} // namespace se::tool
