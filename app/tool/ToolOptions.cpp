// SPDX-License-Identifier: MIT
#include "ToolOptions.h"

#include "core/support/MemoryLimit.h"

#include <cerrno>
#include <cstdlib>

namespace se::tool {

namespace {

std::int64_t parseInt(const std::string &text, const std::string &what)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw UsageError(what + ": '" + text + "' is not an integer");
    return v;
}

} // namespace

std::string ToolOptions::usage()
{
    return R"(usage: schedule-tool COMMAND KERNEL [options]

commands:
  check KERNEL        legality of a schedule (the original one by default)
  deps KERNEL         the dependence edges
  tree KERNEL         the schedule tree as isl YAML (--format block|flow|map)
  codegen KERNEL      the regenerated loop nest (--format text|kernel|c)
  apply KERNEL        apply an edit script (--edits FILE) and print the schedule
  suggest KERNEL      run isl's scheduler and report the legality of its schedule
  moves KERNEL        the edits that apply at a node (--node PATH) and their verdicts
  export-jscop KERNEL a JSCoP (Polly) description of the kernel and schedule (--out FILE)

options:
  --param NAME=VALUE  fix a parameter (repeatable)
  --deps may|flow     may dependences (default) or exact flow dependences
  --schedule FILE     an isl schedule tree (YAML), an isl union map, or a JSCoP
  --edits FILE        an edit script applied to the schedule
  --assume-no-dep FILE  audited dependence overrides to ignore
  --json              machine-readable output
  --format FORMAT     output form of tree/codegen
  --out FILE          write the result to FILE (apply, export-jscop)
  --node PATH         a schedule tree node as child indices, e.g. 0.1 (moves)
  --max-ops N         isl operation quota per unit of work (default 1000000; 0 = none)
  --time-limit S      stop the analysis after S seconds (default 60; 0 = none)
  --max-memory SIZE   stop when the process uses more memory, e.g. 512M, 4G
                      (default half the machine's memory; 0 = none)
  --no-count          skip pair counts
  -h, --help          this text
  --version           the version

exit status: 0 success (check: legal), 1 check found violations,
             2 bad input, 3 a resource limit was hit
)";
}

ToolOptions ToolOptions::parse(int argc, char **argv)
{
    ToolOptions o;
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        std::string value;
        bool hasValue = false;
        if (arg.rfind("--", 0) == 0) {
            if (auto eq = arg.find('='); eq != std::string::npos) {
                value = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
                hasValue = true;
            }
        }
        auto takeValue = [&]() -> std::string {
            if (hasValue)
                return value;
            if (i + 1 >= argc)
                throw UsageError(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "-h" || arg == "--help") {
            o.help = true;
        } else if (arg == "--version") {
            o.version = true;
        } else if (arg == "--json") {
            o.json = true;
        } else if (arg == "--no-count") {
            o.counts = false;
        } else if (arg == "--param") {
            const std::string v = takeValue();
            const auto eq = v.find('=');
            if (eq == std::string::npos || eq == 0)
                throw UsageError("--param takes NAME=VALUE, got '" + v + "'");
            const std::string name = v.substr(0, eq);
            const auto value = parseInt(v.substr(eq + 1), "--param " + name);
            // Two values for one parameter: neither may silently win.
            if (const auto it = o.params.find(name); it != o.params.end() && it->second != value)
                throw UsageError("--param " + name + " is given twice, as " + std::to_string(it->second) + " and "
                                 + std::to_string(value));
            o.params[name] = value;
        } else if (arg == "--deps") {
            const std::string v = takeValue();
            if (v == "may")
                o.deps = DepMode::May;
            else if (v == "flow")
                o.deps = DepMode::Flow;
            else
                throw UsageError("--deps takes may or flow, got '" + v + "'");
        } else if (arg == "--schedule") {
            o.schedule = takeValue();
        } else if (arg == "--edits") {
            o.edits = takeValue();
        } else if (arg == "--format") {
            o.format = takeValue();
        } else if (arg == "--out") {
            o.out = takeValue();
        } else if (arg == "--node") {
            o.node = takeValue();
        } else if (arg == "--assume-no-dep") {
            o.assumeNoDep = takeValue();
        } else if (arg == "--time-limit") {
            const std::string v = takeValue();
            char *end = nullptr;
            const double t = std::strtod(v.c_str(), &end);
            if (v.empty() || *end != '\0' || t < 0)
                throw UsageError("--time-limit takes a number of seconds, got '" + v + "'");
            o.timeLimit = t;
        } else if (arg == "--max-memory") {
            const std::string v = takeValue();
            const auto bytes = MemoryLimit::parse(v);
            if (!bytes)
                throw UsageError("--max-memory takes a size such as 512M or 4G (0 = none), got '" + v + "'");
            o.maxMemory = *bytes;
        } else if (arg == "--max-ops") {
            const auto v = parseInt(takeValue(), "--max-ops");
            if (v < 0)
                throw UsageError("--max-ops must be non-negative");
            o.maxOps = static_cast<unsigned long>(v);
        } else if (arg.size() > 1 && arg[0] == '-') {
            throw UsageError("unknown option '" + arg + "'");
        } else {
            positional.push_back(arg);
        }
    }
    if (o.help || o.version)
        return o;
    if (positional.empty())
        throw UsageError("missing COMMAND");
    o.command = positional[0];
    if (positional.size() < 2)
        throw UsageError("missing KERNEL file for '" + o.command + "'");
    o.kernel = positional[1];
    o.extra.assign(positional.begin() + 2, positional.end());
    return o;
}

} // namespace se::tool
