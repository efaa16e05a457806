// SPDX-License-Identifier: MIT
#include "JscopCoordinates.h"

#include "core/isl/ExprToIsl.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include <algorithm>

namespace se {

namespace {

isl::map renameOut(isl::map m, const std::string &tuple)
{
    return isl::manage(isl_map_set_tuple_name(m.release(), isl_dim_out, tuple.c_str()));
}

} // namespace

isl::map JscopCoordinates::counters(const PolyhedralModel &model, const StatementModel &st)
{
    const isl::space space = st.domain.get_space();
    ExprToIsl conv(space);
    isl::pw_aff_list list(space.ctx(), static_cast<int>(st.depth()));
    for (const Loop *l : st.place->loops) {
        // A kernel opened from a JSCoP: its own coordinates only (its loops'
        // bounds, when it has any, are for people).
        if (l->lb.empty() || !st.statement().domainText.empty())
            return {};
        isl::pw_aff lb = conv.convert(l->lb.front());
        for (std::size_t k = 1; k < l->lb.size(); ++k)
            lb = lb.max(conv.convert(l->lb[k]));
        isl::pw_aff c = conv.convert(Expr::variable(l->iterator)).sub(lb);
        if (l->stride != 1)
            c = c.scale_down(isl::val(space.ctx(), l->stride)).floor();
        list = list.add(c);
    }
    isl::map m = isl::multi_pw_aff(space.map_from_set(), list).as_map();
    (void)model;
    return m.intersect_domain(st.domain);
}

JscopCoordinates::Mapping JscopCoordinates::map(const PolyhedralModel &model, const StatementModel &st,
                                                const std::string &jdomain, const std::string &tuple,
                                                const std::string &file, const std::string &place)
{
    // raw isl: the identity on a space; cpp.h 0.25 has only set::identity, which builds it from the set
    const isl::map identity = isl::manage(isl_map_identity(isl_space_map_from_set(st.domain.get_space().release())))
                                  .intersect_domain(st.domain);
    if (jdomain.empty())
        return {renameOut(identity, tuple), Kind::Iterators};

    // raw isl begin: parse without throwing, so that isl's message becomes an InputError at the JSON place
    isl_set *raw = isl_set_read_from_str(model.islContext().get(), jdomain.c_str());
    if (!raw) {
        const char *msg = isl_ctx_last_error_msg(model.islContext().get());
        // raw isl end
        throw InputError(file, place, "not an isl set: " + std::string(msg ? msg : "syntax error"));
    }
    isl::set jd = isl::manage(raw);
    const auto dims = static_cast<unsigned>(isl_set_dim(jd.get(), isl_dim_set));
    if (dims != st.depth())
        throw InputError(file, place,
                         "the domain has " + std::to_string(dims) + " dimension" + (dims == 1 ? "" : "s") + "; "
                             + st.name + " has " + std::to_string(st.depth()));
    const auto &params = model.paramNames();
    for (int p = 0; p < isl_set_dim(jd.get(), isl_dim_param); ++p) {
        const char *pn = isl_set_get_dim_name(jd.get(), isl_dim_param, static_cast<unsigned>(p));
        if (!pn || std::find(params.begin(), params.end(), pn) == params.end())
            throw InputError(file, place,
                             std::string("the domain uses parameter '") + (pn ? pn : "?")
                                 + "', which the kernel does not have (parameters are matched by name)");
    }
    jd = isl::manage(isl_set_set_tuple_name(jd.release(), tuple.c_str()));

    return QuotaScope::run(model.islContext(), "matching a JSCoP domain", [&] {
        // Compared under the kernel's context: Polly's only bounds the
        // parameters by their C types.
        const isl::set want = jd.intersect_params(model.context());
        const isl::map byIterator = renameOut(identity, tuple);
        if (byIterator.range().is_equal(want))
            return Mapping{byIterator, Kind::Iterators};
        const isl::map c = counters(model, st);
        if (c.is_null())
            throw InputError(file, place,
                             "the domain of " + tuple + ", " + model.text(want) + ", is not " + st.name + "'s domain, "
                                 + model.text(st.domain));
        const isl::map byCounter = renameOut(c, tuple);
        if (byCounter.range().is_equal(want) && byCounter.is_injective())
            return Mapping{byCounter, Kind::Counters};
        throw InputError(file, place,
                         "the domain of " + tuple + ", " + model.text(want) + ", is not " + st.name
                             + "'s domain in its iterators, " + model.text(st.domain) + ", nor in loop counters "
                             + "from 0 as Polly numbers them, " + model.text(byCounter.range())
                             + " (statements are matched " + st.name + " <- " + tuple + ")");
    });
}

} // namespace se
