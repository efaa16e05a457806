// SPDX-License-Identifier: MIT
#include "ToolMain.h"

#include "Commands.h"
#include "ToolSession.h"
#include "core/support/InputError.h"

#include <functional>
#include <iostream>
#include <map>

namespace se::tool {

namespace {

using Command = std::function<int(ToolSession &)>;

const std::map<std::string, Command> &commands()
{
    static const std::map<std::string, Command> table = {
        {"check", checkCommand},     {"deps", depsCommand},       {"tree", treeCommand},
        {"codegen", codegenCommand}, {"apply", applyCommand},     {"suggest", suggestCommand},
        {"moves", movesCommand},     {"export-jscop", exportJscopCommand},
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
