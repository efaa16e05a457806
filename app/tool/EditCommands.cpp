// SPDX-License-Identifier: MIT
#include "Commands.h"
#include "ToolOptions.h"

namespace se::tool {

int applyCommand(ToolSession &)
{
    throw UsageError("this command is not implemented yet");
}

int suggestCommand(ToolSession &)
{
    throw UsageError("this command is not implemented yet");
}

int movesCommand(ToolSession &)
{
    throw UsageError("this command is not implemented yet");
}

} // namespace se::tool
