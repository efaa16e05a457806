// SPDX-License-Identifier: MIT
#include "JscopMerge.h"

#include "JscopCoordinates.h"
#include "JscopReader.h"
#include "JscopWriter.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/InputError.h"

#include <nlohmann/json.hpp>

#include <isl/map.h>
#include <isl/set.h>

namespace se {

namespace {

// The tuple name of an isl set's text ("[n] -> { Stmt_for_body4[i0] : ... }").
std::string tupleOf(const isl::ctx &ctx, const std::string &text, const std::string &file, const std::string &place)
{
    std::string error;
    const isl::set set = islutil::readSet(ctx, text, error);
    if (set.is_null())
        throw InputError(file, place, "not an isl set: " + error);
    std::string out = islutil::tupleName(set);
    if (out.empty())
        throw InputError(file, place, "the domain's tuple has no name (Polly names it after the statement)");
    return out;
}

} // namespace

std::string JscopMerge::into(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &pollyText,
                             const std::string &pollyFile)
{
    // Read and checked as any JSCoP; edited in a second, ordered copy so
    // every key Polly wrote stays where it was.
    const JscopDocument doc = JscopReader::parse(pollyText, pollyFile);
    nlohmann::ordered_json root = nlohmann::ordered_json::parse(pollyText);
    auto &sts = root["statements"];
    const auto &kernelSts = model.statements();
    IslContext &ctx = model.islContext();

    // By name when every file statement is a kernel statement, else by
    // position: the project's kernels name statements s0, s1, ...
    bool byName = !doc.statements.empty();
    for (const auto &js : doc.statements)
        byName = byName && model.statementIndex(js.name) >= 0;
    if (!byName && doc.statements.size() != kernelSts.size())
        throw InputError(pollyFile, "statements",
                         "the file has " + std::to_string(doc.statements.size()) + " statements and the kernel "
                             + std::to_string(kernelSts.size())
                             + ": statements are matched by name, or by position when the counts agree");

    // Polly binds parameters by position: its context's order is the file's.
    std::string error;
    const isl::set fileContext = islutil::readSet(ctx.ctx(), doc.context.empty() ? "{ : }" : doc.context, error);
    if (fileContext.is_null())
        throw InputError(pollyFile, "context", "not an isl set of the parameters: " + error);
    const isl::space fileParams = fileContext.space();

    QuotaScope::run(ctx, "exporting into a JSCoP", [&] {
        const FlatSchedule flat(model, schedule);
        for (std::size_t j = 0; j < doc.statements.size(); ++j) {
            QuotaScope::nextStep(ctx);
            const JscopStatement &js = doc.statements[j];
            const std::string place = "statements[" + std::to_string(j) + "]";
            const std::string tuple = tupleOf(ctx.ctx(), js.domain, pollyFile, place + ".domain");
            const std::size_t k = byName ? static_cast<std::size_t>(model.statementIndex(js.name)) : j;
            const StatementModel &st = kernelSts[k];
            // { s0[t, i] -> Stmt[i0, i1] }; refuses a domain that differs.
            const JscopCoordinates::Mapping m =
                JscopCoordinates::map(model, st, js.domain, tuple, pollyFile, place + ".domain");
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
