// SPDX-License-Identifier: MIT
#include "JscopMerge.h"

#include "JscopCoordinates.h"
#include "JscopWriter.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/InputError.h"
#include "core/support/JsonText.h"

#include <nlohmann/json.hpp>

#include <isl/map.h>
#include <isl/set.h>

namespace se {

namespace {

using ojson = nlohmann::ordered_json;

std::string stringAt(const ojson &st, const char *key, const std::string &file, const std::string &place)
{
    const auto it = st.find(key);
    if (it == st.end() || !it->is_string())
        throw InputError(file, place + "." + key, "a JSCoP statement needs a string \"" + std::string(key) + "\"");
    return it->get<std::string>();
}

// The tuple name of an isl set's text ("[n] -> { Stmt_for_body4[i0] : ... }").
std::string tupleOf(isl_ctx *ctx, const std::string &text, const std::string &file, const std::string &place)
{
    isl_set *set = isl_set_read_from_str(ctx, text.c_str());
    if (!set) {
        const char *msg = isl_ctx_last_error_msg(ctx);
        throw InputError(file, place, "not an isl set: " + std::string(msg ? msg : "syntax error"));
    }
    const char *name = isl_set_get_tuple_name(set);
    std::string out = name ? name : "";
    isl_set_free(set);
    if (out.empty())
        throw InputError(file, place, "the domain's tuple has no name (Polly names it after the statement)");
    return out;
}

} // namespace

std::string JscopMerge::into(const PolyhedralModel &model, const isl::schedule &schedule,
                             const std::string &pollyText, const std::string &pollyFile)
{
    // Parsed ordered: every key Polly wrote stays where it was.
    JsonText::parse(pollyText, pollyFile); // the project's messages for broken JSON
    ojson root = ojson::parse(pollyText);
    if (!root.is_object() || !root.contains("statements") || !root["statements"].is_array())
        throw InputError(pollyFile, "statements", "not a JSCoP: it needs an array \"statements\"");
    auto &sts = root["statements"];
    const auto &kernelSts = model.statements();
    IslContext &ctx = model.islContext();

    // By name when every file statement is a kernel statement, else by
    // position: the project's kernels name statements s0, s1, ...
    bool byName = !sts.empty();
    for (std::size_t j = 0; j < sts.size() && byName; ++j)
        byName = sts[j].is_object() && sts[j].contains("name") && sts[j]["name"].is_string()
                 && model.statementIndex(sts[j]["name"].get<std::string>()) >= 0;
    if (!byName && sts.size() != kernelSts.size())
        throw InputError(pollyFile, "statements",
                         "the file has " + std::to_string(sts.size()) + " statements and the kernel "
                             + std::to_string(kernelSts.size())
                             + ": statements are matched by name, or by position when the counts agree");

    // Polly binds parameters by position: its context's order is the file's.
    const std::string contextText = root.contains("context") && root["context"].is_string()
                                        ? root["context"].get<std::string>()
                                        : std::string("{ : }");
    isl_set *rawContext = isl_set_read_from_str(ctx.get(), contextText.c_str());
    if (!rawContext)
        throw InputError(pollyFile, "context", "not an isl set of the parameters");
    const isl::space fileParams = isl::manage(isl_set_get_space(rawContext));
    isl_set_free(rawContext);

    QuotaScope::run(ctx, "exporting into a JSCoP", [&] {
        const FlatSchedule flat(model, schedule);
        for (std::size_t j = 0; j < sts.size(); ++j) {
            QuotaScope::nextStep(ctx);
            const std::string place = "statements[" + std::to_string(j) + "]";
            if (!sts[j].is_object())
                throw InputError(pollyFile, place, "a JSCoP statement is an object");
            const std::string domain = stringAt(sts[j], "domain", pollyFile, place);
            const std::string tuple = tupleOf(ctx.get(), domain, pollyFile, place + ".domain");
            const std::size_t k = byName ? static_cast<std::size_t>(
                                               model.statementIndex(sts[j]["name"].get<std::string>()))
                                         : j;
            const StatementModel &st = kernelSts[k];
            // { s0[t, i] -> Stmt[i0, i1] }; refuses a domain that differs.
            const JscopCoordinates::Mapping m =
                JscopCoordinates::map(model, st, domain, tuple, pollyFile, place + ".domain");
            // { Stmt[i0, i1] -> [t0, ...] }, simplified on the file's domain
            isl::map times = m.toFile.reverse().apply_range(flat.of(k));
            times = times.gist_domain(m.toFile.range());
            times = isl::manage(isl_map_align_params(times.release(), fileParams.copy()));
            sts[j]["schedule"] = JscopWriter::functionText(times);
        }
        return 0;
    });
    return root.dump(3) + "\n"; // Polly indents by three
}

} // namespace se
