// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "Commands.h"
#include "Diagnostic.h"
#include "HardDeadline.h"
#include "ToolSession.h"
#include "VersionText.h"
#include "core/support/InputError.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <new>
#include <sys/resource.h>

namespace se::tool {

namespace {

using Command = std::function<int(ToolSession &)>;

const std::map<std::string, Command> &commands()
{
    static const std::map<std::string, Command> table = {
        {"check", checkCommand},     {"deps", depsCommand},       {"tree", treeCommand},
        {"codegen", codegenCommand}, {"apply", applyCommand},     {"suggest", suggestCommand},
        {"moves", movesCommand},     {"export-jscop", exportJscopCommand},
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

void applyMemoryLimit(const ToolOptions &o)
{
    if (!o.maxMemory || *o.maxMemory == 0)
        return;
    struct rlimit r {};
    r.rlim_cur = r.rlim_max = static_cast<rlim_t>(*o.maxMemory);
    setrlimit(RLIMIT_AS, &r);
}

} // namespace

int run(int argc, char **argv)
{
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
    applyMemoryLimit(options);
    try {
        ToolSession session(options);
        const int status = it->second(session);
        return checkedExit(status, options.json);
    } catch (const InputError &e) {
        return fail(Diagnostic::fromInputError(e), options.json);
    } catch (const UsageError &e) {
        return fail(Diagnostic::plain("usage", e.what(), BadInput), options.json,
                    ToolOptions::shortUsage(e.command.empty() ? options.command : e.command));
    } catch (const ResourceLimitError &e) {
        return fail(Diagnostic::plain("resource",
                                      std::string("stopped: ") + e.what()
                                          + (e.limit() == ResourceLimitError::Limit::Time
                                                 ? " (raise it with --time-limit)"
                                                 : " (raise the limit with --max-ops)"),
                                      ResourceLimit),
                    options.json);
    } catch (const std::bad_alloc &) {
        return fail(Diagnostic::plain("resource",
                                      "stopped: out of memory"
                                          + std::string(options.maxMemory ? " (raise it with --max-memory)" : ""),
                                      ResourceLimit),
                    options.json);
    } catch (const std::exception &e) {
        // Never let a failed analysis read as "no dependence".
        return fail(Diagnostic::plain("internal", std::string("analysis failed: ") + e.what(), BadInput),
                    options.json);
    }
}

} // namespace se::tool
