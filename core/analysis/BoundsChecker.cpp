// SPDX-License-Identifier: MIT
#include "BoundsChecker.h"

#include "core/isl/ExprToIsl.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"
#include "core/support/MemoryLimitError.h"
#include "core/support/VerifyMode.h"

#include <isl/map.h>
#include <isl/space.h>

#include <map>
#include <optional>
#include <set>

namespace se {

namespace {

// For each dimension d of T: { T[d0, ...] : d_d < 0 or d_d >= extent_d }.
std::vector<isl::set> outsideByDim(const PolyhedralModel &model, const Tensor &t)
{
    isl_space *sp = isl_space_set_from_params(model.paramSpace().copy());
    sp = isl_space_add_dims(sp, isl_dim_set, static_cast<unsigned>(t.shape.size()));
    for (std::size_t d = 0; d < t.shape.size(); ++d)
        sp = isl_space_set_dim_name(sp, isl_dim_set, static_cast<unsigned>(d), ("d" + std::to_string(d)).c_str());
    sp = isl_space_set_tuple_name(sp, isl_dim_set, t.name.c_str());
    const isl::space space = isl::manage(sp);
    ExprToIsl conv(space);
    std::vector<isl::set> out;
    for (std::size_t d = 0; d < t.shape.size(); ++d) {
        const isl::pw_aff v = conv.convert(Expr::variable("d" + std::to_string(d)));
        out.push_back(v.lt_set(conv.constant(0)).unite(v.ge_set(conv.convert(t.shape[d]))));
    }
    return out;
}

std::string shapeText(const Tensor &t)
{
    std::string out;
    for (std::size_t d = 0; d < t.shape.size(); ++d)
        out += (d ? ", " : "") + t.shape[d]->str();
    return "[" + out + "]";
}

// ` when N >= 9`, ` for every parameter value`, or nothing with every
// parameter fixed: the parameter values where it happens, beyond the context.
std::string whenText(const PolyhedralModel &model, const isl::set &params)
{
    if (model.allParamsFixed() || model.paramNames().empty())
        return "";
    const isl::set extra = islutil::coalesce(params.gist(model.context()));
    if (extra.is_equal(isl::set::universe(extra.get_space())))
        return " for every parameter value";
    std::string text = islutil::str(extra);
    const auto colon = text.find(": ");
    const auto close = text.rfind(" }");
    if (colon != std::string::npos && close != std::string::npos && close > colon)
        text = text.substr(colon + 2, close - colon - 2);
    return " when " + text;
}

// The report of one access, or nothing when every instance is in shape.
std::optional<BoundsReport> checkAccess(const PolyhedralModel &model, const AccessModel &a,
                                        const std::vector<isl::set> &outside)
{
    // { s0[i, j] : some index of the access leaves the shape }
    isl::set leaves = isl::set::empty(a.tensorRelation.domain().get_space());
    for (const isl::set &o : outside)
        leaves = leaves.unite(a.tensorRelation.intersect_range(o).domain());
    if (leaves.is_empty())
        return std::nullopt;
    const isl::set at = model.allParamsFixed() ? leaves.lexmin() : leaves;
    const isl::point p = at.sample_point();
    if (p.is_null() || isl_point_is_void(p.get()) == isl_bool_true)
        return std::nullopt;
    // { A[...] }: the element the witness touches
    const isl::set element = a.tensorRelation.intersect_domain(isl::set(p)).range();
    const isl::point e = element.sample_point();
    const auto &s = model.statements()[a.statement];
    const Tensor &t = *model.kernel()->tensor(a.tensor);
    BoundsReport r;
    r.statement = s.name;
    r.tensor = t.name;
    r.write = a.write;
    r.path = a.path;
    // Any size: an index such as 2^62 * i leaves 64 bits at i = 2.
    r.instance = islutil::exactCoordinates(p);
    r.index = islutil::exactCoordinates(e);
    for (std::size_t d = 0; d < outside.size(); ++d)
        if (isl::set(e).is_subset(outside[d])) {
            r.dim = static_cast<unsigned>(d);
            break;
        }
    r.witnessParams = islutil::paramValues(p);
    const isl::set params = islutil::coalesce(leaves.params());
    r.params = islutil::str(params);
    std::string with;
    for (const auto &[name, v] : r.witnessParams)
        with += (with.empty() ? " (with " : ", ") + name + " = " + std::to_string(v);
    if (!with.empty())
        with += ")";
    // `s0 reads A outside its shape [N] when N >= 9: s0[8] reads A[9] (with N = 9)`
    const char *verb = a.write ? " writes " : " reads ";
    r.message = s.name + verb + t.name + " outside its shape " + shapeText(t) + whenText(model, params) + ": " + s.name
        + islutil::vec(r.instance) + verb + t.name + islutil::vec(r.index) + with;
    return r;
}

} // namespace

std::vector<BoundsReport> BoundsChecker::check(const PolyhedralModel &model, std::vector<std::string> *stopped)
{
    IslContext &ctx = model.islContext();
    std::vector<BoundsReport> out;
    std::map<std::string, std::vector<isl::set>> outside; // per tensor
    // Accesses that repeat a pattern (the same relation up to the tuples'
    // names, the same shape) and stay inside are checked once: pipelines
    // repeat a few patterns over hundreds of statements.
    std::set<std::string> inside;
    for (const AccessModel &a : model.accesses()) {
        if (!model.statements()[a.statement].statement().domainText.empty())
            continue; // a JSCoP's array sizes are Polly's, not expressions
        const Tensor &t = *model.kernel()->tensor(a.tensor);
        try {
            QuotaScope::run(ctx, "checking the bounds of " + a.path, [&] {
                std::string key = islutil::str(isl::manage(
                    isl_map_reset_tuple_id(isl_map_reset_tuple_id(a.tensorRelation.copy(), isl_dim_in), isl_dim_out)));
                for (const auto &e : t.shape)
                    key += "|" + e->str();
                const bool known = inside.count(key) > 0;
                if (known && !VerifyMode::on())
                    return 0;
                auto it = outside.find(t.name);
                if (it == outside.end())
                    it = outside.emplace(t.name, outsideByDim(model, t)).first;
                auto r = checkAccess(model, a, it->second);
                if (known) {
                    VerifyMode::check(!r, "bounds: an access pattern checked once");
                    return 0;
                }
                if (r)
                    out.push_back(std::move(*r));
                else
                    inside.insert(std::move(key));
                return 0;
            });
        } catch (const MemoryLimitError &) {
            throw;
        } catch (const ResourceLimitError &e) {
            if (e.limit() == ResourceLimitError::Limit::Time || !stopped)
                throw;
            stopped->push_back(a.path + ": bounds not checked: " + e.what());
        }
    }
    return out;
}

} // namespace se
