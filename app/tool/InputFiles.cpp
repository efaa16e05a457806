// SPDX-License-Identifier: MIT
#include "InputFiles.h"

#include "core/support/InputError.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace se::tool {

namespace {

constexpr std::size_t MaxBytes = std::size_t{256} << 20;

std::optional<std::string> &stdinCache()
{
    static std::optional<std::string> text;
    return text;
}

} // namespace

std::string InputFiles::displayName(const std::string &path)
{
    return path == "-" ? StdinName : path;
}

const std::string &InputFiles::stdinText()
{
    auto &cache = stdinCache();
    if (!cache) {
        std::string text;
        char buffer[1 << 16];
        while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
            text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
            if (text.size() > MaxBytes)
                throw InputError(StdinName, "", "the input is larger than 256 MB");
        }
        if (std::cin.bad())
            throw InputError(StdinName, "", "cannot read stdin");
        cache = std::move(text);
    }
    return *cache;
}

std::optional<std::string> InputFiles::textOf(const std::string &name)
{
    if (name == StdinName)
        return stdinCache();
    // Only regular files of a sane size: the error may be about the file
    // being a FIFO, a device or too large.
    std::error_code ec;
    if (name.empty() || !std::filesystem::is_regular_file(name, ec) || std::filesystem::file_size(name, ec) > MaxBytes
        || ec)
        return std::nullopt;
    std::ifstream in(name, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace se::tool
