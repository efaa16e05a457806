// SPDX-License-Identifier: MIT
#include "KernelLoader.h"

#include "KernelReader.h"

#include "core/support/InputError.h"
#include "core/support/InputFile.h"
#include "core/support/JsonText.h"
#include "core/support/Utf8.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cctype>
#include <set>
#include <stdexcept>

namespace se {

namespace {

using nlohmann::json;

// Names the expression grammar or isl's schedule YAML gives a meaning to,
// spelt exactly so.
const std::set<std::string> &reservedNames()
{
    static const std::set<std::string> names = {"rank",    "floordiv", "ceildiv", "cc_div",   "cc_mod",
                                                "ceilmod", "domain",   "range",   "schedule", "sequence",
                                                "set",     "filter",   "mark",    "child"};
    return names;
}

// isl's tokenizer keywords (isl_stream.c, check_keywords), which it matches
// with strcasecmp: `AND`, `Floor` and `NaN` are keywords as much as `and`.
// A kernel naming an iterator or parameter so would print trees, maps and
// JSCoPs that isl cannot read back.
const std::set<std::string> &islKeywords()
{
    static const std::set<std::string> names = {"exists",   "and",   "or",     "implies", "not",  "infty",
                                                "infinity", "nan",   "min",    "max",     "rat",  "true",
                                                "false",    "ceild", "floord", "mod",     "ceil", "floor"};
    return names;
}

std::string lower(std::string s)
{
    for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
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
        return no("'" + name + "' must start with a letter or '_' (it starts with " + Utf8::describeAt(name, 0) + ")");
    for (std::size_t k = 0; k < name.size(); ++k)
        if (!(std::isalnum(static_cast<unsigned char>(name[k])) || name[k] == '_'))
            return no("'" + name + "' may contain only letters, digits and '_' (it has " + Utf8::describeAt(name, k)
                      + ")");
    if (const std::string l = lower(name); islKeywords().count(l))
        return no("'" + name + "' is reserved: isl reads it as its keyword '" + l
                  + "' (in any case), so the schedules and JSCoPs exported for this kernel would not read back");
    if (reservedNames().count(name))
        return no("'" + name + "' is reserved (a function or isl keyword)");
    return true;
}

json KernelLoader::parseJson(const std::string &text, const std::string &file)
{
    return JsonText::parse(text, file);
}

std::string KernelLoader::readFile(const std::string &path)
{
    return InputFile::read(path);
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
