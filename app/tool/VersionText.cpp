// SPDX-License-Identifier: MIT
#include "VersionText.h"

#include "ToolVersion.h"
#include "core/layout/GraphvizLayout.h"

#include "core/isl/IslContext.h"

#include <cctype>

namespace se::tool {

std::string VersionText::libraries()
{
    // isl names itself "isl-0.25-GMP".
    std::string isl = IslContext::islVersion();
    while (!isl.empty() && std::isspace(static_cast<unsigned char>(isl.back())))
        isl.pop_back();
    if (isl.rfind("isl-", 0) == 0)
        isl = isl.substr(4);
    if (const auto dash = isl.find('-'); dash != std::string::npos)
        isl = isl.substr(0, dash) + " (" + isl.substr(dash + 1) + ")";
    return "isl " + isl + ", Graphviz " + GraphvizLayout::version();
}

std::string VersionText::text()
{
    return std::string("schedule-tool ") + SE_PROJECT_VERSION + "\n" + libraries() + "\n";
}

} // namespace se::tool
