// SPDX-License-Identifier: MIT
#include "EditScript.h"

#include "core/isl/IslContext.h"
#include "core/model/KernelLoader.h"
#include "core/support/InputError.h"

#include <isl/cpp.h>
#include <nlohmann/json.hpp>

namespace se {

using json = nlohmann::json;

EditScript EditScript::fromJson(const json &doc, const std::string &file)
{
    if (!doc.is_object())
        throw InputError(file, "", "an edit script is an object {\"kernel\": ..., \"edits\": [...]}");
    for (const auto &[key, v] : doc.items())
        if (key != "kernel" && key != "edits" && key != "comment" && key != "version" && key != "assume_no_dep")
            throw InputError(file, key, "unknown key (an edit script has kernel, edits, assume_no_dep and comment)");
    EditScript s;
    if (doc.contains("kernel")) {
        if (!doc.at("kernel").is_string())
            throw InputError(file, "kernel", "must be the kernel's name, a string");
        s.kernel = doc.at("kernel").get<std::string>();
    }
    if (!doc.contains("edits") || !doc.at("edits").is_array())
        throw InputError(file, "edits", "missing or not an array of edits");
    const json &edits = doc.at("edits");
    for (std::size_t k = 0; k < edits.size(); ++k) {
        try {
            s.edits.push_back(Edit::fromJson(edits[k]));
        } catch (const InputError &e) {
            throw e.inFile(file).under("edits[" + std::to_string(k) + "]");
        }
    }
    s.assumeNoDep = DependenceOverride::readList(doc, file);
    return s;
}

EditScript EditScript::loadFile(const std::string &path)
{
    return fromJson(KernelLoader::parseJson(KernelLoader::readFile(path), path), path);
}

json EditScript::toJson() const
{
    json doc{{"kernel", kernel}, {"edits", json(edits)}};
    if (!assumeNoDep.empty()) {
        json a = json::array();
        for (const auto &o : assumeNoDep)
            a.push_back(o.toJson());
        doc["assume_no_dep"] = a;
    }
    return doc;
}

void EditScript::checkKernel(const std::string &kernelName, const std::string &file) const
{
    if (!kernel.empty() && kernel != kernelName)
        throw InputError(file, "kernel", "the script is for kernel '" + kernel + "', not '" + kernelName + "'");
}

isl::schedule EditScript::apply(IslContext &ctx, const isl::schedule &start, const std::string &file,
                                std::vector<isl::schedule> *steps, std::size_t from) const
{
    return apply(ctx, edits, start, file, steps, from);
}

isl::schedule EditScript::apply(IslContext &ctx, const std::vector<Edit> &edits, const isl::schedule &start,
                                const std::string &file, std::vector<isl::schedule> *steps, std::size_t from)
{
    isl::schedule s = start;
    for (std::size_t k = from; k < edits.size(); ++k) {
        const std::string place = "edits[" + std::to_string(k) + "]";
        try {
            s = QuotaScope::run(ctx, "applying " + place, [&] { return edits[k].apply(s); });
        } catch (const InputError &e) {
            const std::string where = e.place().empty() ? "" : e.place() + ": ";
            throw InputError(file, place, where + e.fault());
        }
        if (steps)
            steps->push_back(s);
    }
    return s;
}

} // namespace se
