// SPDX-License-Identifier: MIT
#include "ServeBases.h"

#include "core/support/NestingLimit.h"

namespace se::tool {

using nlohmann::json;

std::string ServeBases::prepare(const std::string &text)
{
    // Most requests name no base: they go on unread.
    if (text.find("\"keep\"") == std::string::npos && text.find("\"base\"") == std::string::npos
        && text.find("\"drop\"") == std::string::npos)
        return text;
    if (NestingLimit::tooDeepAt(text, NestingLimit::Json, true) != std::string::npos)
        return text; // the worker refuses it
    json request = json::parse(text, nullptr, false);
    if (!request.is_object())
        return text; // the worker says what is wrong with it
    const auto unknown = [&](const std::string &key, const json &name) {
        std::string kept;
        for (const auto &[n, d] : m_bases)
            kept += (kept.empty() ? "" : ", ") + n;
        request["_error"] = {{"place", key},
                             {"fault",
                              "no base named " + name.dump() + " is kept ("
                                  + (kept.empty() ? std::string("none is") : "kept: " + kept) + ")"}};
    };
    if (request.contains("drop")) {
        const json &name = request.at("drop");
        if (!name.is_string() || !m_bases.count(name.get<std::string>()))
            unknown("drop", name);
        else {
            m_bases.erase(name.get<std::string>());
            request["_dropped"] = name;
        }
        return request.dump();
    }
    Definition def;
    if (request.contains("base")) {
        const json &name = request.at("base");
        const auto found = name.is_string() ? m_bases.find(name.get<std::string>()) : m_bases.end();
        if (found == m_bases.end()) {
            unknown("base", name);
            return request.dump();
        }
        def = found->second;
        request["_base"] = {{"generation", def.generation}, {"source", def.source}, {"edits", def.edits}};
    } else if (request.contains("schedule") && !request.contains("schedule_file")) {
        def.source = {{"schedule", request.at("schedule")}};
    } else if (request.contains("schedule_file") && !request.contains("schedule")) {
        def.source = {{"schedule_file", request.at("schedule_file")}};
    }
    if (request.contains("keep")) {
        const json &name = request.at("keep");
        if (name.is_string() && !name.get<std::string>().empty() && !def.source.is_null()) {
            if (request.contains("edits"))
                def.edits.push_back(request.at("edits"));
            def.generation = ++m_generation;
            m_bases[name.get<std::string>()] = std::move(def);
            request["_kept"] = name;
        } // otherwise the worker refuses the request as it is
    }
    return request.dump();
}

} // namespace se::tool
