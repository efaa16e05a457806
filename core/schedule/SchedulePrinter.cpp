// SPDX-License-Identifier: MIT
#include "SchedulePrinter.h"

#include "FlatSchedule.h"
#include "ScheduleYaml.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/aff.h>
#include <isl/printer.h>
#include <isl/schedule.h>
#include <isl/val.h>

#include <string>
#include <unordered_map>

namespace se {

std::string SchedulePrinter::blockYaml(const isl::schedule &schedule)
{
    isl_printer *p = isl_printer_to_str(schedule.ctx().get());
    p = isl_printer_set_yaml_style(p, ISL_YAML_STYLE_BLOCK);
    p = isl_printer_print_schedule(p, schedule.get());
    std::string out = islutil::take(isl_printer_get_str(p));
    isl_printer_free(p);
    // isl prints a mark over a leaf without the child its reader insists on.
    return ScheduleYaml::withExplicitLeaves(out);
}

std::string SchedulePrinter::flowYaml(const isl::schedule &schedule)
{
    // raw isl: isl's text of the schedule; cpp.h has no to_str, only operator<<
    return ScheduleYaml::withExplicitLeaves(islutil::take(isl_schedule_to_str(schedule.get())));
}

namespace {

// The gist with a strided domain can leave exact rational expressions such
// as `(-1 + i)/2` (for odd i); their floor has the same value there and is
// what the oracle's grammar reads.
isl::pw_multi_aff integral(const isl::pw_multi_aff &pma)
{
    isl::pw_multi_aff out;
    pma.foreach_piece([&](isl::set set, isl::multi_aff ma) {
        for (unsigned k = 0; k < ma.size(); ++k) {
            const isl::aff a = ma.at(static_cast<int>(k));
            const isl::val d = isl::manage(isl_aff_get_denominator_val(a.get()));
            if (!d.is_null() && !d.is_one())
                ma = ma.set_at(static_cast<int>(k), a.floor());
        }
        const isl::pw_multi_aff piece = isl::manage(isl_pw_multi_aff_alloc(set.release(), ma.release()));
        out = out.is_null() ? piece : out.union_add(piece);
    });
    return out.is_null() ? pma : out;
}

// `f` ({ S[...] -> [t...] } on the universe) gisted by `domain` (of S),
// then by the parameters' `context`, as isl_pw_multi_aff_gist and
// isl_pw_multi_aff_gist_params gist a one-piece function: each member by
// itself (isl_multi_aff_gist), taken from `memo` when a statement alike but
// for its name had it (a tile's stages: isl's gist computes the domain's
// hull per member, again for each of tiled_matmul_64's 257 statements; the
// parameters' gist per member was most of a pipeline_400 tile's flat map).
isl::multi_aff gisted(const isl::multi_aff &f, const isl::set &domain, const isl::set &context,
                      std::unordered_map<std::string, isl::aff> &memo)
{
    const std::string where = islutil::str(islutil::anonymous(domain)) + " | ";
    // raw isl: the statement's tuple id (C-only for a multi_aff's domain in cpp.h 0.25)
    const isl::id id = isl::manage(isl_multi_aff_get_tuple_id(f.get(), isl_dim_in));
    isl::multi_aff out = f;
    for (int k = 0, n = static_cast<int>(f.size()); k < n; ++k) {
        const isl::aff a = f.at(k);
        if (a.is_cst())
            continue; // nothing to simplify
        const std::string key = where + islutil::str(islutil::anonymous(isl::pw_aff(a)));
        auto it = memo.find(key);
        if (it == memo.end()) {
            // The member alone, through isl's gist of a one-piece function.
            isl::aff g;
            isl::pw_multi_aff(isl::multi_aff(a.gist(domain)))
                .gist_params(context)
                .foreach_piece([&](const isl::set &, const isl::multi_aff &ma) { g = ma.at(0); });
            // (no piece only under an empty context, which the model refuses)
            it = memo.emplace(key, g.is_null() ? a.gist(domain) : g).first;
        }
        // raw isl: the gist made for an alike statement, on this one (no tuple setter on aff in cpp.h 0.25)
        out = out.set_at(k, isl::manage(isl_aff_set_tuple_id(it->second.copy(), isl_dim_in, id.copy())));
    }
    return out;
}

} // namespace

std::string SchedulePrinter::flatMap(const PolyhedralModel &model, const isl::schedule &schedule)
{
    return QuotaScope::run(model.islContext(), "printing the schedule", [&] {
        const FlatSchedule flat(model, schedule);
        // Printed statement by statement, in program order: isl prints a
        // union in its hash table's order, which changes with how the union
        // was made; building one also copied the growing union per statement.
        const isl::space params = model.context().get_space();
        std::unordered_map<std::string, isl::aff> gists;
        std::string prefix, body;
        for (std::size_t k = 0; k < flat.size(); ++k) {
            const auto &st = model.statements()[k];
            // Gist with the domain so each statement prints as one piece: its
            // time expressions without the domain's constraints.
            // A statement's times read from a tree as one function need no
            // function made of their map (isl_map_as_pw_multi_aff solves for
            // each division, statement after statement: slow on a tile of
            // tiled_matmul_64).
            const isl::multi_aff *f = flat.function(k);
            isl::pw_multi_aff pma = f ? isl::pw_multi_aff(gisted(*f, st.domain, model.context(), gists))
                                      : flat.of(k).as_pw_multi_aff().gist(st.domain).gist_params(model.context());
            pma = integral(pma);
            // raw isl begin: cpp.h 0.25 has no align_params or to_str for a pw_multi_aff
            pma = isl::manage(isl_pw_multi_aff_align_params(pma.release(), params.copy()));
            const std::string text = islutil::take(isl_pw_multi_aff_to_str(pma.get()));
            // raw isl end
            // "[N] -> { s0[i] -> [(i)] }": the parameters, then the pieces.
            const std::size_t open = text.find('{'), close = text.rfind('}');
            if (open == std::string::npos || close == std::string::npos || close < open)
                continue;
            prefix = text.substr(0, open);
            const std::string pieces = text.substr(open + 1, close - open - 1);
            const std::size_t first = pieces.find_first_not_of(' '), last = pieces.find_last_not_of(' ');
            if (first != std::string::npos)
                body += (body.empty() ? "" : "; ") + pieces.substr(first, last - first + 1);
        }
        std::string text = prefix + (body.empty() ? "{ }" : "{ " + body + " }");
        if (text.rfind("[] -> ", 0) == 0)
            text = text.substr(6);
        return text;
    });
}

std::string SchedulePrinter::paramsNote(const PolyhedralModel &model)
{
    if (model.fixedParams().empty()) {
        std::string names;
        for (const auto &n : model.paramNames())
            names += (names.empty() ? "" : ", ") + n;
        return names.empty() ? "free of parameters" : "parametric in " + names;
    }
    std::string values;
    for (const auto &[n, v] : model.fixedParams())
        values += (values.empty() ? "" : ", ") + n + " = " + std::to_string(v);
    return "for the fixed parameter values " + values + " only";
}

} // namespace se
