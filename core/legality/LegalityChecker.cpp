// SPDX-License-Identifier: MIT
#include "LegalityChecker.h"

#include "core/deps/DependenceSummary.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/val.h>

#include <algorithm>
#include <limits>

namespace se {

namespace {

// The least non-negative parameter values of a non-empty parameter set (the
// least from -2^31 up where none is non-negative), as a set: the same values
// however isl came to represent the set. A sample would depend on that, and
// an edge checked after another edit would name another witness than a
// fresh check does. Bounded below, the least point exists.
isl::set leastParams(const isl::set &params)
{
    // raw isl begin: parameters as set dimensions and back (cpp.h 0.25 has no move_dims)
    const isl_size n = isl_set_dim(params.get(), isl_dim_param);
    for (const int floor : {0, std::numeric_limits<int>::min()}) {
        isl_set *dims = isl_set_move_dims(params.copy(), isl_dim_set, 0, isl_dim_param, 0, static_cast<unsigned>(n));
        for (isl_size k = 0; k < n; ++k)
            dims = isl_set_lower_bound_si(dims, isl_dim_set, static_cast<unsigned>(k), floor);
        if (isl_set_is_empty(dims) != isl_bool_false) {
            isl_set_free(dims);
            continue;
        }
        isl_set *least = isl_set_lexmin(dims);
        return isl::manage(isl_set_move_dims(least, isl_dim_param, 0, isl_dim_set, 0, static_cast<unsigned>(n)));
    }
    // raw isl end
    return params.sample_point().as_set();
}

// The first point of `set`, with parameters at the kernel's values where
// that leaves points, otherwise at the least values that do.
isl::point firstPoint(const PolyhedralModel &model, isl::set set)
{
    if (isl_set_dim(set.get(), isl_dim_param) > 0) {
        isl::set pinned = set;
        for (const auto &[name, value] : model.concreteParams()) {
            const int pos = isl_set_find_dim_by_name(pinned.get(), isl_dim_param, name.c_str());
            if (pos >= 0)
                pinned = isl::manage(isl_set_fix_si(pinned.release(), isl_dim_param, static_cast<unsigned>(pos),
                                                    static_cast<int>(value)));
        }
        if (!pinned.is_empty())
            set = pinned;
        set = set.intersect_params(leastParams(set.params()));
    }
    return set.lexmin().sample_point();
}

using Element = MeetingElements::Element;

// `fn` (one function per output) at the instance `coords` with the
// parameters `params`; nothing when the instance is not in its domain, a
// parameter has no value or a value is beyond 64 bits (the relation
// answers then).
std::optional<std::vector<std::int64_t>> valueAt(const std::vector<isl::pw_aff> &fn,
                                                 const std::vector<std::int64_t> &coords, const ParamList &params)
{
    if (fn.empty())
        return std::nullopt; // (no output says whether the instance is in the domain: the relation does)
    const isl::space space = fn.front().space().domain();
    // raw isl begin: a point by its coordinates (cpp.h 0.25 has no setter)
    isl_point *pt = isl_point_zero(space.copy());
    isl_ctx *ctx = isl_space_get_ctx(space.get());
    const isl_size np = isl_space_dim(space.get(), isl_dim_param);
    const isl_size nd = isl_space_dim(space.get(), isl_dim_set);
    for (isl_size k = 0; k < np && pt; ++k) {
        const char *name = isl_space_get_dim_name(space.get(), isl_dim_param, static_cast<unsigned>(k));
        const auto it =
            std::find_if(params.begin(), params.end(), [&](const auto &p) { return name && p.first == name; });
        if (it == params.end()) {
            isl_point_free(pt);
            return std::nullopt;
        }
        pt = isl_point_set_coordinate_val(pt, isl_dim_param, static_cast<int>(k), isl_val_int_from_si(ctx, it->second));
    }
    if (nd != static_cast<isl_size>(coords.size())) {
        isl_point_free(pt);
        return std::nullopt;
    }
    for (isl_size d = 0; d < nd && pt; ++d)
        pt = isl_point_set_coordinate_val(pt, isl_dim_set, static_cast<int>(d),
                                          isl_val_int_from_si(ctx, coords[static_cast<std::size_t>(d)]));
    // raw isl end
    const isl::point at = isl::manage(pt);
    std::vector<std::int64_t> out;
    for (const isl::pw_aff &f : fn) {
        const isl::val v = f.eval(at);
        const auto i = v.is_nan() ? std::nullopt : islutil::int64(v);
        if (!i)
            return std::nullopt;
        out.push_back(*i);
    }
    return out;
}

isl::set instance(const isl::set &domain, const std::vector<std::int64_t> &coords, const ParamList &params);

// The element each matching access of `statement` touches at the instance
// `coords` with the parameters `params`.
MeetingElements::List elements(const PolyhedralModel &model, std::size_t statement, bool write,
                               const std::string &alloc, const std::vector<std::int64_t> &coords,
                               const ParamList &params)
{
    MeetingElements::List out;
    std::optional<isl::set> at; // { s[coords] }, made where a relation answers
    for (std::size_t a : model.statements()[statement].accesses) {
        const AccessModel &am = model.accesses()[a];
        if (am.write != write || am.allocation != alloc)
            continue;
        // A function's value at the point: an intersection and two
        // emptiness questions per access fewer (the meeting sentences of a
        // tile's violations). A single-valued relation at one instance is
        // one element, the one the relation gives.
        if (const PolyhedralModel::AccessFunctions *fn = model.accessFunctions(a)) {
            using Allocation = PolyhedralModel::AccessFunctions::Allocation;
            const auto te = valueAt(fn->tensor, coords, params);
            const auto ae = !te                             ? std::nullopt
                : fn->allocationOf == Allocation::Tensor    ? te
                : fn->allocationOf == Allocation::OfElement ? valueAt(fn->allocation, *te, params)
                                                            : valueAt(fn->allocation, coords, params);
            if (te && ae) {
                out.push_back({{am.tensor + islutil::vec(*te), am.allocation + islutil::vec(*ae)}, am.tensor});
                continue;
            }
        }
        if (!at)
            at = instance(model.statements()[statement].domain, coords, params);
        const isl::set te = am.tensorRelation.intersect_domain(*at).range();
        const isl::set ae = am.relation.intersect_domain(*at).range();
        if (te.is_empty() || ae.is_empty())
            continue;
        out.push_back({{am.tensor + islutil::vec(islutil::coordinates(te.sample_point())),
                        am.allocation + islutil::vec(islutil::coordinates(ae.sample_point()))},
                       am.tensor});
    }
    return out;
}

// Exact: a time may hold a constant beyond 64 bits.
std::vector<Integer> timeOf(const isl::map &times, const isl::set &instance)
{
    const isl::set t = times.intersect_domain(instance).range();
    if (t.is_empty())
        return {};
    return islutil::exactCoordinates(t.sample_point());
}

} // namespace

isl::map LegalityChecker::violatingPairs(const Dependence &dep, const FlatSchedule &schedule)
{
    // { src -> dst : time(src) >=lex time(dst) }
    isl_map *ge = isl_map_lex_ge_map(schedule.of(dep.src).copy(), schedule.of(dep.dst).copy());
    isl::map bad = dep.relation().intersect(isl::manage(ge));
    // A set may run its children in either order: a pair whose times first
    // differ at a set's child position breaks some order, whichever way
    // it points. Times equal before `dim` put both instances at the same
    // node there, so the src side alone says that node is the set.
    for (const SetLevel &level : schedule.setLevels(dep.src)) {
        const isl::map &a = schedule.of(dep.src);
        // { [t] -> [u] : t[k] = u[k] for k < dim, t[dim] != u[dim] }
        // raw isl begin: positional equalities and orders; cpp.h 0.25 has no isl_dim_type methods
        isl_map *same = isl::map::universe(a.get_space().range().map_from_set()).release();
        for (unsigned k = 0; k < level.dim; ++k)
            same = isl_map_equate(same, isl_dim_in, static_cast<int>(k), isl_dim_out, static_cast<int>(k));
        const int d = static_cast<int>(level.dim);
        // `same` is consumed by the second call: copy it first, in its own
        // statement (the order arguments are evaluated in is unspecified).
        isl_map *before = isl_map_order_lt(isl_map_copy(same), isl_dim_in, d, isl_dim_out, d);
        isl_map *differ = isl_map_union(before, isl_map_order_gt(same, isl_dim_in, d, isl_dim_out, d));
        // raw isl end
        // { src -> dst } through their times
        const isl::map across = a.intersect_domain(level.instances)
                                    .apply_range(isl::manage(differ))
                                    .apply_range(schedule.of(dep.dst).reverse());
        bad = bad.unite(dep.relation().intersect(across));
    }
    return bad;
}

std::vector<ViolationReport> LegalityChecker::check(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                                    const FlatSchedule &schedule, Options options)
{
    return QuotaScope::run(model.islContext(), "checking legality", [&] {
        std::vector<ViolationReport> out;
        TimeBounds bounds(model, schedule);
        for (std::size_t e = 0; e < deps.size(); ++e) {
            QuotaScope::nextStep(model.islContext());
            if (options.timeBounds && bounds.ordered(deps[e].src, deps[e].dst))
                continue;
            const isl::map bad = violatingPairs(deps[e], schedule);
            if (bad.is_empty())
                continue;
            if (options.witnesses)
                out.push_back(explain(model, deps[e], e, schedule, bad, options));
            else
                out.push_back(bare(model, deps[e], e,
                                   options.countViolations ? DependenceSummary::countPairs(model, bad) : std::nullopt));
        }
        return out;
    });
}

ViolationReport LegalityChecker::explain(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                         const FlatSchedule &schedule, const isl::map &bad, Options options)
{
    return explain(model, dep, edge, schedule, bad,
                   options.countViolations ? DependenceSummary::countPairs(model, bad) : std::nullopt);
}

ViolationReport LegalityChecker::explain(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                         const FlatSchedule &schedule, const isl::map &bad,
                                         std::optional<std::int64_t> count)
{
    const isl::point p = firstPoint(model, bad.wrap());
    const auto coords = islutil::coordinates(p);
    const auto ns = static_cast<long>(model.statements()[dep.src].depth());
    Witness w;
    w.params = islutil::paramValues(p);
    w.src.assign(coords.begin(), coords.begin() + ns);
    w.dst.assign(coords.begin() + ns, coords.end());
    return report(model, dep, edge, schedule, w, count);
}

namespace {

// { s[...] } holding the one instance `coords` with the parameters of `params`.
isl::set instance(const isl::set &domain, const std::vector<std::int64_t> &coords, const ParamList &params)
{
    // isl_set_fix_val, not fix_si: that takes an int, and a value beyond
    // 32 bits would pin another instance.
    const isl::ctx ctx = domain.ctx();
    isl::set s = isl::set::universe(domain.get_space());
    for (std::size_t d = 0; d < coords.size(); ++d) {
        isl::val v(ctx, coords[d]);
        s = isl::manage(isl_set_fix_val(s.release(), isl_dim_set, static_cast<unsigned>(d), v.release()));
    }
    for (const auto &[name, value] : params) {
        const int pos = isl_set_find_dim_by_name(s.get(), isl_dim_param, name.c_str());
        if (pos >= 0) {
            isl::val v(ctx, value);
            s = isl::manage(isl_set_fix_val(s.release(), isl_dim_param, static_cast<unsigned>(pos), v.release()));
        }
    }
    return s;
}

} // namespace

ViolationReport LegalityChecker::bare(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                      std::optional<std::int64_t> count)
{
    ViolationReport v;
    v.edge = edge;
    v.type = depTypeName(dep.type);
    v.src = model.statements()[dep.src].name;
    v.dst = model.statements()[dep.dst].name;
    v.allocation = dep.allocation;
    v.count = count;
    return v;
}

// The sentence on the two accesses that meet at the witness instances.
std::string LegalityChecker::meeting(const PolyhedralModel &model, const Dependence &dep, const Witness &witness,
                                     MeetingElements *memo)
{
    const auto &s = model.statements()[dep.src];
    const auto &t = model.statements()[dep.dst];
    // Which accesses meet: src's (write for RAW/WAW, read for WAR) and dst's.
    const bool srcWrites = dep.type != DepType::WAR;
    const bool dstWrites = dep.type != DepType::RAW;
    const auto elementsAt = [&](std::size_t statement, bool write,
                                const std::vector<std::int64_t> &coords) -> MeetingElements::List {
        if (!memo)
            return elements(model, statement, write, dep.allocation, coords, witness.params);
        MeetingElements::Key key{statement, write, dep.allocation, coords, witness.params};
        if (const MeetingElements::List *known = memo->find(key))
            return *known;
        return memo->store(std::move(key), elements(model, statement, write, dep.allocation, coords, witness.params));
    };
    const auto se = elementsAt(dep.src, srcWrites, witness.src);
    const auto de = elementsAt(dep.dst, dstWrites, witness.dst);
    Element a, b;
    for (const auto &x : se)
        for (const auto &y : de)
            if (a.tensor.empty() && x.first.allocation == y.first.allocation) {
                a = x.first;
                b = y.first;
            }
    const std::string si = s.name + islutil::vec(witness.src);
    const std::string di = t.name + islutil::vec(witness.dst);
    const bool remapped = a.allocation.rfind(a.tensor.substr(0, a.tensor.find('[')) + "[", 0) != 0;
    std::string what = si + (srcWrites ? " writes " : " reads ") + a.tensor;
    if (remapped)
        what += " (" + a.allocation + ")";
    what += ", " + di + (dstWrites ? " writes " : " reads ");
    what += a.tensor == b.tensor ? std::string("it") : b.tensor + ", the same element";
    return what;
}

ViolationReport LegalityChecker::report(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                        const FlatSchedule &schedule, const Witness &witness,
                                        std::optional<std::int64_t> count)
{
    const isl::set srcInst = instance(model.statements()[dep.src].domain, witness.src, witness.params);
    const isl::set dstInst = instance(model.statements()[dep.dst].domain, witness.dst, witness.params);
    Parts parts;
    parts.srcTime = timeOf(schedule.of(dep.src), srcInst);
    parts.dstTime = timeOf(schedule.of(dep.dst), dstInst);
    parts.meeting = meeting(model, dep, witness);
    return compose(model, dep, edge, schedule, witness, count, std::move(parts));
}

ViolationReport LegalityChecker::compose(const PolyhedralModel &model, const Dependence &dep, std::size_t edge,
                                         const FlatSchedule &schedule, const Witness &witness,
                                         std::optional<std::int64_t> count, Parts parts)
{
    const auto &s = model.statements()[dep.src];
    const auto &t = model.statements()[dep.dst];
    ViolationReport v = bare(model, dep, edge, count);
    v.witness.params = witness.params;
    v.witness.src = witness.src;
    v.witness.dst = witness.dst;
    v.witness.srcTime = std::move(parts.srcTime);
    v.witness.dstTime = std::move(parts.dstTime);
    v.level = -1;
    for (std::size_t d = 0; d < v.witness.srcTime.size() && d < v.witness.dstTime.size(); ++d)
        if (v.witness.srcTime[d] != v.witness.dstTime[d]) {
            v.level = static_cast<int>(d);
            break;
        }
    const std::string si = s.name + islutil::vec(v.witness.src);
    const std::string di = t.name + islutil::vec(v.witness.dst);
    // Times equal before `level` put both at the same node there; src
    // passing a set at `level` makes it that set.
    if (v.level >= 0 && !schedule.setLevels(dep.src).empty()) {
        const isl::set srcInst = instance(s.domain, witness.src, witness.params);
        for (const SetLevel &l : schedule.setLevels(dep.src))
            v.acrossSet =
                v.acrossSet || (l.dim == static_cast<unsigned>(v.level) && !srcInst.intersect(l.instances).is_empty());
    }
    const std::string when = v.level < 0 ? "but the schedule runs both at " + integersText(v.witness.srcTime)
        : v.acrossSet ? "but they are in different children of a set, which may run them in either order (" + si
            + " at " + integersText(v.witness.srcTime) + ", " + di + " at " + integersText(v.witness.dstTime) + ")"
                      : "but the schedule runs " + di + " at " + integersText(v.witness.dstTime) + " before " + si
            + " at " + integersText(v.witness.srcTime);
    std::string params;
    if (!model.allParamsFixed())
        for (const auto &[n, val] : v.witness.params)
            params += (params.empty() ? " (with " : ", ") + n + " = " + std::to_string(val);
    if (!params.empty())
        params += ")";
    v.message = v.type + " violation on tensor: " + dep.allocation + ": " + parts.meeting + ", " + when + params;
    return v;
}

} // namespace se
