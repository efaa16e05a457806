// SPDX-License-Identifier: MIT
#include "ScheduleList.h"

#include "ToolOptions.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace se::tool {

std::vector<std::string> ScheduleList::parse(const std::string &text, const std::string &folder)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos)
            continue;
        const auto last = line.find_last_not_of(" \t\r");
        const std::filesystem::path name = line.substr(first, last - first + 1);
        out.push_back(name.is_absolute() || folder.empty() ? name.string()
                                                           : (std::filesystem::path(folder) / name).string());
    }
    return out;
}

std::vector<std::string> ScheduleList::read(const std::string &file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in || std::filesystem::is_directory(file))
        throw UsageError("--schedules: cannot read '" + file + "'"
                             + (errno ? ": " + std::string(std::strerror(errno)) : ""),
                         "check");
    std::ostringstream text;
    text << in.rdbuf();
    auto names = parse(text.str(), std::filesystem::path(file).parent_path().string());
    if (names.empty())
        throw UsageError("--schedules: '" + file + "' names no schedule file", "check");
    return names;
}

} // namespace se::tool
