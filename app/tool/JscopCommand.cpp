// SPDX-License-Identifier: MIT
#include "Commands.h"
#include "ToolOptions.h"

namespace se::tool {

int exportJscopCommand(ToolSession &)
{
    throw UsageError("this command is not implemented yet");
}

} // namespace se::tool
