// SPDX-License-Identifier: MIT
#include "KernelLoader.h"

#include "KernelReader.h"

#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace se {

namespace {

using nlohmann::json;

// Names isl's parser or the expression grammar give a meaning to: a kernel
// that used them would print relations isl cannot read back.
const std::set<std::string> &reservedNames()
{
    static const std::set<std::string> names = {
        "floor", "ceil", "mod", "min", "max", "rank", "floordiv", "ceildiv", "cc_div", "cc_mod",
        "ceilmod", "exists", "and", "or", "not", "implies", "infty", "NaN", "true", "false",
        "rat", "domain", "range", "schedule", "sequence", "set", "filter", "mark", "child"};
    return names;
}

std::pair<std::size_t, std::size_t> lineColumn(const std::string &text, std::size_t byte)
{
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < text.size() && i + 1 < byte; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}

} // namespace

bool KernelLoader::isValidName(const std::string &name, std::string *why)
{
    auto no = [why](std::string w) {
        if (why)
            *why = std::move(w);
        return false;
    };
    if (name.empty())
        return no("must not be empty");
    if (!(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
        return no("'" + name + "' must start with a letter or '_'");
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
            return no("'" + name + "' may contain only letters, digits and '_'");
    if (reservedNames().count(name))
        return no("'" + name + "' is reserved (a function or isl keyword)");
    return true;
}

json KernelLoader::parseJson(const std::string &text, const std::string &file)
{
    try {
        return json::parse(text);
    } catch (const json::parse_error &e) {
        auto [line, col] = lineColumn(text, e.byte);
        std::string what = e.what();
        // nlohmann: "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..."
        if (auto p = what.find(": "); p != std::string::npos)
            what = what.substr(p + 2);
        if (what.rfind("syntax error while parsing ", 0) == 0)
            what = "JSON " + what;
        throw InputError(file, "line " + std::to_string(line) + ", column " + std::to_string(col), what);
    } catch (const json::out_of_range &e) {
        // A number beyond double (1e999): "... number overflow parsing '1e999'",
        // with no position; the literal's first occurrence gives one.
        std::string what = e.what();
        std::string place;
        if (const auto q = what.find("parsing '"); q != std::string::npos && what.back() == '\'') {
            const std::string literal = what.substr(q + 9, what.size() - q - 10);
            if (const auto at = text.find(literal); !literal.empty() && at != std::string::npos) {
                const auto [line, col] = lineColumn(text, at + 1);
                place = "line " + std::to_string(line) + ", column " + std::to_string(col);
            }
            what = "number " + literal + " is out of range";
        }
        throw InputError(file, place, what);
    }
}

std::string KernelLoader::readFile(const std::string &path)
{
    // A directory opens as an empty stream: say what it is instead of
    // reporting a syntax error at line 1.
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(status))
        throw InputError(path, "", "is a directory, not a file");
    constexpr std::uintmax_t MaxBytes = 256u << 20;
    if (!ec && std::filesystem::is_regular_file(status) && std::filesystem::file_size(path, ec) > MaxBytes && !ec)
        throw InputError(path, "", "the file is larger than 256 MB");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "", "cannot open the file");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        throw InputError(path, "", "cannot read the file");
    return ss.str();
}

KernelPtr KernelLoader::loadFile(const std::string &path)
{
    return loadText(readFile(path), path);
}

KernelPtr KernelLoader::loadText(const std::string &text, const std::string &file)
{
    return fromJson(parseJson(text, file), file);
}

KernelPtr KernelLoader::fromJson(const json &doc, const std::string &file)
{
    auto k = std::make_shared<Kernel>();
    try {
        KernelReader::read(*k, doc);
    } catch (const InputError &e) {
        throw e.inFile(file);
    } catch (const json::exception &e) {
        throw InputError(file, "", std::string("malformed kernel: ") + e.what());
    }
    k->sourcePath = file;
    k->index();
    return k;
}

} // namespace se
