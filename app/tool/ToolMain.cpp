// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "Commands.h"
#include "Completions.h"
#include "Diagnostic.h"
#include "HardDeadline.h"
#include "ToolSession.h"
#include "VersionText.h"
#include "core/support/InputError.h"
#include "core/support/MemoryLimit.h"
#include "core/support/MemoryLimitError.h"
#include "core/support/Utf8.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <new>
#include <optional>

namespace se::tool {

namespace {

using Command = std::function<int(ToolSession &)>;

const std::map<std::string, Command> &commands()
{
    static const std::map<std::string, Command> table = {
        {"check", checkCommand},     {"deps", depsCommand},     {"tree", treeCommand},
        {"codegen", codegenCommand}, {"apply", applyCommand},   {"suggest", suggestCommand},
        {"moves", movesCommand},     {"repair", repairCommand}, {"export-jscop", exportJscopCommand},
        {"serve", serveCommand},
    };
    return table;
}

// --json is looked for before parsing, so that a usage error under --json
// is a JSON object too.
bool wantsJson(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--json")
            return true;
    return false;
}

// The one way every error leaves: text on stderr, and under --json the
// same as an object on stdout.
int fail(const Diagnostic &d, bool json, const std::string &usage = {})
{
    std::cerr << d.text() << "\n";
    if (!usage.empty())
        std::cerr << usage << "\n";
    if (json)
        std::cout << d.json().dump() << "\n";
    std::cout.flush();
    return d.exitStatus;
}

// stdout may be a full device (`tree > /dev/full`): a lost result is an
// error, not a success.
int checkedExit(int status, bool json)
{
    std::cout.flush();
    if (std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout))
        return status;
    const int err = errno;
    std::cerr << "schedule-tool: error: cannot write the output: " << (err ? std::strerror(err) : "write failed")
              << "\n";
    (void)json;
    return BadInput;
}

// The memory limit's last resort: memory kept growing past the limit in a
// step that does not stop for it (or GMP failed to allocate). Exit status 3
// with a message, never a signal or std::bad_alloc.
void memoryHardStop(std::uint64_t resident, bool allocationFailed)
{
    // No heap here: this may run because an allocation failed (the size
    // fits std::string's in-place buffer; the limit's text is made ahead).
    const std::string used = MemoryLimit::text(resident);
    char msg[512];
    const int n = allocationFailed
        ? std::snprintf(msg, sizeof msg,
                        "schedule-tool: stopped: an allocation failed with %s resident; the memory limit is %s "
                        "(lower it with --max-memory to stop earlier, or raise the process's own limits)\n",
                        used.c_str(), MemoryLimit::described())
        : std::snprintf(msg, sizeof msg,
                        "schedule-tool: stopped: the memory limit of %s was passed (%s in use) in a step "
                        "that cannot be interrupted (raise it with --max-memory)\n",
                        MemoryLimit::described(), used.c_str());
    if (n > 0)
        std::fwrite(msg, 1, std::min(sizeof msg - 1, static_cast<std::size_t>(n)), stderr);
    std::fflush(stderr);
    std::_Exit(ResourceLimit);
}

int stopped(const std::string &what, const char *option)
{
    std::cerr << "schedule-tool: stopped: " << Utf8::sanitized(what) << " (raise it with " << option << ")\n";
    return ResourceLimit;
}

} // namespace

int run(int argc, char **argv)
{
    // `completions SHELL` is for the build and packagers, not a user's
    // command: the overview does not list it.
    if (argc >= 2 && std::string(argv[1]) == "completions") {
        const auto script = argc == 3 ? Completions::script(argv[2]) : std::nullopt;
        if (!script) {
            std::string shells;
            for (const auto &s : Completions::shells())
                shells += (shells.empty() ? "" : "|") + s;
            std::cerr << "schedule-tool: error: completions takes one shell\nusage: schedule-tool completions "
                      << shells << "\n";
            return BadInput;
        }
        std::cout << *script;
        return checkedExit(Ok, false);
    }
    const bool jsonOut = wantsJson(argc, argv);
    ToolOptions options;
    try {
        options = ToolOptions::parse(argc, argv);
    } catch (const HelpRequest &h) {
        std::cout << h.text;
        return checkedExit(Ok, false);
    } catch (const UsageError &e) {
        Diagnostic d = Diagnostic::plain("usage", e.what(), BadInput);
        return fail(d, jsonOut, ToolOptions::shortUsage(e.command));
    }
    if (options.version) {
        std::cout << VersionText::text();
        return checkedExit(Ok, false);
    }
    const auto it = commands().find(options.command);
    // serve applies --time-limit to each request (a session has no end).
    const HardDeadline deadline(options.command == "serve" ? 0 : options.timeLimit);
    if (options.maxMemory)
        MemoryLimit::set(*options.maxMemory);
    MemoryLimit::setHardStop(memoryHardStop);
    const MemoryLimit::Watch memory(nullptr); // watched from the first byte read
    // isl is aborted only by the time and memory limits here: an abort that
    // surfaces as some other error is still a limit, not bad input.
    auto limitHit = [](const std::string &what) { return what.find("execution aborted") != std::string::npos; };
    auto aborted = [&options](const std::string &what) {
        if (MemoryLimit::passed())
            return stopped(what + " at the memory limit of " + MemoryLimit::described(), "--max-memory");
        char limit[32];
        std::snprintf(limit, sizeof limit, "%g", options.timeLimit);
        return stopped(what + " at the time limit of " + limit + " s", "--time-limit");
    };
    try {
        ToolSession session(options);
        const int status = it->second(session);
        return checkedExit(status, options.json);
    } catch (const InputError &e) {
        if (limitHit(e.what()))
            return aborted(e.what());
        return fail(Diagnostic::fromInputError(e), options.json);
    } catch (const UsageError &e) {
        return fail(Diagnostic::plain("usage", e.what(), BadInput), options.json,
                    ToolOptions::shortUsage(e.command.empty() ? options.command : e.command));
    } catch (const MemoryLimitError &e) {
        return stopped(e.what(), "--max-memory");
    } catch (const ResourceLimitError &e) {
        return fail(Diagnostic::plain("resource",
                                      std::string("stopped: ") + e.what()
                                          + (e.limit() == ResourceLimitError::Limit::Time
                                                 ? " (raise it with --time-limit)"
                                                 : " (raise the limit with --max-ops)"),
                                      ResourceLimit),
                    options.json);
    } catch (const CancelledError &) {
        return aborted("isl was aborted");
    } catch (const std::bad_alloc &) {
        return stopped("out of memory", "--max-memory");
    } catch (const std::exception &e) {
        if (limitHit(e.what()))
            return aborted(e.what());
        // Never let a failed analysis read as "no dependence".
        return fail(
            Diagnostic::plain("internal", std::string("analysis failed: ") + Utf8::sanitized(e.what()), BadInput),
            options.json);
    }
}

} // namespace se::tool
