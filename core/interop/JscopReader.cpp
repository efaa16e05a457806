// SPDX-License-Identifier: MIT
#include "JscopReader.h"

#include "JscopCoordinates.h"

#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/model/KernelLoader.h"
#include "core/schedule/ScheduleReader.h"
#include "core/support/InputError.h"
#include "core/support/NestingLimit.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>

namespace se {

namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string &file, const std::string &place, const std::string &fault)
{
    throw InputError(file, place, fault);
}

std::string indexed(const std::string &path, std::size_t k)
{
    return path + "[" + std::to_string(k) + "]";
}

std::string key(const std::string &path, const std::string &k)
{
    return path.empty() ? k : path + "." + k;
}

// An optional string member; `required` makes a missing one an error.
std::string stringAt(const json &obj, const std::string &name, const std::string &path, const std::string &file,
                     bool required = false)
{
    if (!obj.contains(name)) {
        if (required)
            fail(file, path, "missing \"" + name + "\"");
        return "";
    }
    const json &v = obj.at(name);
    if (!v.is_string())
        fail(file, key(path, name), "must be a string (isl text)");
    std::string text = v.get<std::string>();
    // isl's reader recurses on brackets.
    if (NestingLimit::tooDeepAt(text, NestingLimit::IslText, false) != std::string::npos)
        fail(file, key(path, name), NestingLimit::fault(NestingLimit::IslText, "brackets"));
    return text;
}

// The tuple names that open the pieces of isl text (`S` of
// `[N] -> { S[i] -> [i]; S[i] -> ... }`), read off the text: the
// statement each piece is about.
std::vector<std::string> statementTuples(const std::string &text)
{
    std::vector<std::string> out;
    int braces = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        braces += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (braces != 1 || (c != '{' && c != ';'))
            continue;
        std::size_t j = text.find_first_not_of(" \t\r\n", i + 1);
        const std::size_t start = j;
        while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
            ++j;
        const std::size_t after = text.find_first_not_of(" \t\r\n", j);
        if (start != std::string::npos && j > start && after != std::string::npos && text[after] == '[')
            out.push_back(text.substr(start, j - start));
    }
    return out;
}

// A statement's isl text is about that statement: a schedule written for
// another one (the JSCoP's statements were reordered or renamed) would be
// imported under this one's name.
void checkStatementNamed(const std::string &text, const std::string &name, const std::string &place,
                         const std::string &file)
{
    if (name.empty())
        return;
    for (const std::string &tuple : statementTuples(text))
        if (tuple != name)
            fail(file, place,
                 "names the statement '" + tuple + "', but this statement is '" + name
                     + "' (its \"name\"): isl text of a statement is about that statement");
}

const json *arrayAt(const json &obj, const std::string &name, const std::string &path, const std::string &file)
{
    if (!obj.contains(name))
        return nullptr;
    const json &v = obj.at(name);
    if (!v.is_array())
        fail(file, key(path, name), "must be an array");
    return &v;
}

std::string names(const PolyhedralModel &model)
{
    std::string out;
    for (const auto &s : model.statements())
        out += (out.empty() ? "" : ", ") + s.name;
    return out;
}

std::string dims(const StatementModel &s)
{
    std::string out;
    for (const auto &it : s.statement().iterators)
        out += (out.empty() ? "" : ", ") + it;
    return "[" + out + "]";
}

// How the JSCoP's statements map onto the kernel's: by name when every
// name is a distinct kernel statement, else by position (Polly's rule).
// Fills `target` (JSCoP index -> model index) and says why.
bool matchByName(const PolyhedralModel &model, const std::vector<std::string> &jnames, std::vector<std::size_t> &target,
                 std::string &why)
{
    std::set<int> seen;
    for (std::size_t k = 0; k < jnames.size(); ++k) {
        const int idx = jnames[k].empty() ? -1 : model.statementIndex(jnames[k]);
        if (jnames[k].empty())
            why = "statements[" + std::to_string(k) + "] has no name";
        else if (idx < 0)
            why = "'" + jnames[k] + "' is not a statement of the kernel";
        else if (!seen.insert(idx).second)
            why = "'" + jnames[k] + "' names two statements";
        if (!why.empty())
            break;
        target.push_back(static_cast<std::size_t>(idx));
    }
    if (why.empty())
        return true;
    target.clear();
    for (std::size_t k = 0; k < jnames.size(); ++k)
        target.push_back(k);
    return false;
}

} // namespace

bool JscopReader::looksLikeJscop(const std::string &text, const std::string &file)
{
    const auto slash = file.find_last_of("/\\");
    const std::string base = slash == std::string::npos ? file : file.substr(slash + 1);
    if (const auto p = base.find(".jscop"); p != std::string::npos && (p + 6 == base.size() || base[p + 6] == '.'))
        return true;
    // Cheap tests first: a union map also starts with '{'.
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || text[first] != '{' || text.find("\"statements\"") == std::string::npos)
        return false;
    // Too deep to look into: the JSCoP reader says so.
    if (NestingLimit::tooDeepAt(text, NestingLimit::Json, true) != std::string::npos)
        return true;
    const json doc = json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("statements") || !doc["statements"].is_array())
        return false;
    const json &sts = doc["statements"];
    return std::any_of(sts.begin(), sts.end(), [](const json &s) { return s.is_object() && s.contains("schedule"); });
}

JscopDocument JscopReader::parse(const std::string &text, const std::string &file)
{
    json root;
    try {
        root = KernelLoader::parseJson(text, file);
    } catch (const InputError &e) {
        throw InputError(file, e.place(), "a JSCoP is JSON: " + e.fault());
    }
    if (!root.is_object())
        fail(file, "", "a JSCoP is a JSON object with \"statements\"");
    JscopDocument doc;
    doc.name = stringAt(root, "name", "", file);
    doc.context = stringAt(root, "context", "", file);
    if (const json *arrays = arrayAt(root, "arrays", "", file)) {
        for (std::size_t k = 0; k < arrays->size(); ++k) {
            const std::string path = indexed("arrays", k);
            const json &a = (*arrays)[k];
            if (!a.is_object())
                fail(file, path, "an array is an object {\"name\": ..., \"sizes\": [...], \"type\": ...}");
            JscopArray ja;
            ja.name = stringAt(a, "name", path, file);
            ja.type = stringAt(a, "type", path, file);
            if (const json *sizes = arrayAt(a, "sizes", path, file)) {
                for (std::size_t d = 0; d < sizes->size(); ++d) {
                    const json &s = (*sizes)[d];
                    if (s.is_string())
                        ja.sizes.push_back(s.get<std::string>());
                    else if (s.is_number_integer())
                        ja.sizes.push_back(std::to_string(s.get<std::int64_t>()));
                    else
                        fail(file, indexed(key(path, "sizes"), d), "a size is a string or an integer");
                }
            }
            doc.arrays.push_back(std::move(ja));
        }
    }
    const json *sts = arrayAt(root, "statements", "", file);
    if (!sts)
        fail(file, "", "missing \"statements\"");
    for (std::size_t k = 0; k < sts->size(); ++k) {
        const std::string path = indexed("statements", k);
        const json &s = (*sts)[k];
        if (!s.is_object())
            fail(file, path, "a statement is an object {\"name\": ..., \"domain\": ..., \"schedule\": ...}");
        JscopStatement js;
        js.name = stringAt(s, "name", path, file);
        js.domain = stringAt(s, "domain", path, file);
        js.schedule = stringAt(s, "schedule", path, file, true);
        checkStatementNamed(js.domain, js.name, key(path, "domain"), file);
        checkStatementNamed(js.schedule, js.name, key(path, "schedule"), file);
        if (const json *accesses = arrayAt(s, "accesses", path, file)) {
            for (std::size_t i = 0; i < accesses->size(); ++i) {
                const std::string ap = indexed(key(path, "accesses"), i);
                const json &a = (*accesses)[i];
                if (!a.is_object())
                    fail(file, ap, "an access is an object {\"kind\": ..., \"relation\": ...}");
                const std::string kind = stringAt(a, "kind", ap, file, true);
                if (kind != "read" && kind != "write")
                    fail(file, key(ap, "kind"), "must be \"read\" or \"write\", not \"" + kind + "\"");
                js.accesses.push_back({kind == "write", stringAt(a, "relation", ap, file, true)});
                checkStatementNamed(js.accesses.back().relation, js.name, key(ap, "relation"), file);
            }
        }
        doc.statements.push_back(std::move(js));
    }
    return doc;
}

JscopDocument JscopReader::readFile(const std::string &path)
{
    return parse(KernelLoader::readFile(path), path);
}

JscopReader::Import JscopReader::importSchedule(const PolyhedralModel &model, const JscopDocument &doc,
                                                const std::string &file)
{
    const auto &stmts = model.statements();
    const std::size_t n = doc.statements.size();
    if (n != stmts.size())
        fail(file, "statements",
             "has " + std::to_string(n) + " statement" + (n == 1 ? "" : "s") + "; the kernel has "
                 + std::to_string(stmts.size()) + " (" + names(model) + "), matched by position");

    // Parse every map first, outside any quota (a quota hit while parsing
    // reads as a syntax error).
    isl_ctx *ctx = model.islContext().get();
    std::vector<isl::map> maps;
    std::vector<std::string> jnames;
    for (std::size_t k = 0; k < n; ++k) {
        const std::string place = indexed("statements", k) + ".schedule";
        // raw isl begin: parse without throwing, so that isl's message becomes an InputError at the JSON place
        isl_map *m = isl_map_read_from_str(ctx, doc.statements[k].schedule.c_str());
        if (!m) {
            const char *msg = isl_ctx_last_error_msg(ctx);
            // raw isl end
            fail(file, place, "not an isl map: " + std::string(msg ? msg : "syntax error"));
        }
        maps.push_back(isl::manage(m));
        std::string name = doc.statements[k].name;
        if (name.empty() && isl_map_has_tuple_name(m, isl_dim_in) == isl_bool_true)
            name = isl_map_get_tuple_name(m, isl_dim_in);
        jnames.push_back(name);
    }

    Import out;
    std::vector<std::size_t> target;
    std::string why;
    out.byName = matchByName(model, jnames, target, why);
    if (out.byName) {
        out.note = file + ": JSCoP statements matched by name";
    } else {
        std::string pairs;
        for (std::size_t k = 0; k < n; ++k)
            pairs +=
                (k ? ", " : "") + (jnames[k].empty() ? indexed("statements", k) : jnames[k]) + " -> " + stmts[k].name;
        out.note = file + ": JSCoP statements matched by position, as Polly does (" + why + "): " + pairs;
    }

    isl::union_map times = isl::union_map::empty(model.islContext().ctx());
    const auto &params = model.paramNames();
    std::size_t counted = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::string place = indexed("statements", k) + ".schedule";
        const StatementModel &st = stmts[target[k]];
        isl::map m = maps[k];
        const unsigned in = static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_in));
        if (in != st.depth())
            fail(file, place,
                 "the map is over " + std::to_string(in) + " dimension" + (in == 1 ? "" : "s") + "; " + st.name
                     + " has " + std::to_string(st.depth()) + " " + dims(st));
        const int np = isl_map_dim(m.get(), isl_dim_param);
        for (int p = 0; p < np; ++p) {
            const char *pn = isl_map_get_dim_name(m.get(), isl_dim_param, static_cast<unsigned>(p));
            if (!pn || std::find(params.begin(), params.end(), pn) == params.end())
                fail(file, place,
                     std::string("the map uses parameter '") + (pn ? pn : "?")
                         + "', which the kernel does not have (parameters are matched by name)");
        }
        // The file's instances in the kernel's: Polly's loop counters (or
        // the kernel's own iterators) mapped through the domains.
        const std::string tuple = "J";
        m = isl::manage(isl_map_set_tuple_name(m.release(), isl_dim_in, tuple.c_str()));
        const auto coords = JscopCoordinates::map(model, st, doc.statements[k].domain, tuple, file,
                                                  indexed("statements", k) + ".domain");
        if (coords.kind == JscopCoordinates::Kind::Counters)
            ++counted;
        QuotaScope::run(model.islContext(), "importing a JSCoP", [&] {
            m = coords.toFile.apply_range(m);
            const isl::map on = m.intersect_domain(st.domain);
            const isl::set missing = st.domain.subtract(on.domain());
            if (!missing.is_empty())
                fail(file, place,
                     "leaves instances of " + st.name
                         + " unscheduled: " + islutil::str(missing.gist_params(model.context())));
            if (!on.is_single_valued())
                fail(file, place, "maps some instance of " + st.name + " to more than one time");
            return 0;
        });
        times = times.unite(isl::union_map(m));
    }
    if (counted)
        out.note += "; " + std::to_string(counted) + " of " + std::to_string(n)
            + " read in loop counters from 0 (Polly's numbering) and mapped to the kernel's iterators";
    try {
        out.schedule = ScheduleReader::fromUnionMap(model, times, file);
    } catch (const InputError &e) {
        throw e.under("statements");
    }
    return out;
}

JscopReader::Import JscopReader::readSchedule(const PolyhedralModel &model, const std::string &text,
                                              const std::string &file)
{
    return importSchedule(model, parse(text, file), file);
}

JscopReader::Import JscopReader::readScheduleFile(const PolyhedralModel &model, const std::string &path)
{
    return readSchedule(model, KernelLoader::readFile(path), path);
}

} // namespace se
