// SPDX-License-Identifier: MIT
#pragma once

namespace se::tool {

class ToolSession;

/// Exit statuses of the command-line contract.
enum Exit { Ok = 0, Violations = 1, BadInput = 2, ResourceLimit = 3 };

/// One function per subcommand; each returns its exit status and throws
/// InputError, UsageError or ResourceLimitError for the others.
int checkCommand(ToolSession &s);
int depsCommand(ToolSession &s);
int treeCommand(ToolSession &s);
int codegenCommand(ToolSession &s);
int applyCommand(ToolSession &s);
int suggestCommand(ToolSession &s);
int movesCommand(ToolSession &s);
int repairCommand(ToolSession &s);
int exportJscopCommand(ToolSession &s);
int serveCommand(ToolSession &s);

} // namespace se::tool
