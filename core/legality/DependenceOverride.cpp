// SPDX-License-Identifier: MIT
#include "DependenceOverride.h"

#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

namespace se {

using nlohmann::json;

std::string DependenceOverride::edgeText() const
{
    return type + " " + src + " -> " + dst + " on " + allocation;
}

json DependenceOverride::toJson() const
{
    return {{"type", type}, {"src", src}, {"dst", dst}, {"tensor", allocation}, {"reason", reason}};
}

std::vector<DependenceOverride> DependenceOverride::readList(const json &doc, const std::string &file)
{
    const json *list = &doc;
    std::string base;
    if (doc.is_object()) {
        if (!doc.contains("assume_no_dep"))
            return {};
        list = &doc.at("assume_no_dep");
        base = "assume_no_dep";
    }
    if (!list->is_array())
        throw InputError(file, base, "the dependence overrides are a list of {type, src, dst, tensor, reason}");
    std::vector<DependenceOverride> out;
    for (std::size_t k = 0; k < list->size(); ++k) {
        const std::string place = base + "[" + std::to_string(k) + "]";
        const json &o = (*list)[k];
        if (!o.is_object())
            throw InputError(file, place, "an override is an object {type, src, dst, tensor, reason}");
        auto field = [&](const char *key) {
            if (!o.contains(key) || !o.at(key).is_string())
                throw InputError(file, place, std::string("missing string \"") + key + "\"");
            return o.at(key).get<std::string>();
        };
        DependenceOverride d{field("type"), field("src"), field("dst"), field("tensor"), field("reason")};
        if (d.type != "RAW" && d.type != "WAR" && d.type != "WAW")
            throw InputError(file, place + ".type", "'" + d.type + "' is not RAW, WAR or WAW");
        if (d.reason.find_first_not_of(" \t\n") == std::string::npos)
            throw InputError(file, place + ".reason", "an assumption needs a reason (it is the audit trail)");
        out.push_back(std::move(d));
    }
    return out;
}

std::vector<DependenceOverride> DependenceOverride::readFile(const std::string &path)
{
    return readList(KernelLoader::parseJson(KernelLoader::readFile(path), path), path);
}

} // namespace se
