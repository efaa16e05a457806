// SPDX-License-Identifier: MIT
#include "DependenceSummary.h"

#include "ProgramOrder.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/MemoryLimitError.h"

#include <isl/map.h>
#include <isl/set.h>

namespace se {

namespace {

const char *const SrcMark = "__src__";
const char *const DstMark = "__dst__";

// The model's text tidies a set by the context (isl's gist) and coalesces
// it, checked by an equality test; both first give every existential a
// definition (isl_map_compute_divs), which explodes on the projections of
// nested floors and mods. Such a set is printed as it is: exact, less tidy.
template <typename T> std::string describeSet(const PolyhedralModel &model, const T &x)
{
    if (islutil::divsKnown(x))
        return model.text(x);
    return islutil::str(model.allParamsFixed() ? x.project_out_all_params() : x);
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size())
        s.replace(p, from.size(), to);
    return s;
}

} // namespace

std::optional<std::int64_t> DependenceSummary::countPairs(const PolyhedralModel &model, const isl::map &relation)
{
    if (!model.allParamsFixed())
        return std::nullopt;
    // Fixed parameters are pinned by equalities: projecting them out is exact.
    return islutil::count(relation.wrap().project_out_all_params());
}

template <typename F> void DependenceSummary::bounded(Shape &sh, const std::string &part, F &&f) const
{
    IslContext &ctx = m_model.islContext();
    const std::string what = "summarizing dependences (" + part + ")";
    try {
        if (m_quota)
            QuotaScope::run(ctx, what, QuotaScope::Budget{*m_quota}, f);
        else
            QuotaScope::run(ctx, what, f);
    } catch (const MemoryLimitError &) {
        throw;
    } catch (const ResourceLimitError &e) {
        if (e.limit() != ResourceLimitError::Limit::Operations)
            throw; // the time limit stopped the whole run, not this part
        sh.stopped.emplace_back(part, e.what());
    }
}

void DependenceSummary::distances(const Dependence &dep, Shape &sh) const
{
    const auto &s = m_model.statements()[dep.src];
    const auto &t = m_model.statements()[dep.dst];
    const unsigned k = sh.sharedLoops;
    // { [i0..ik-1] -> [j0..jk-1] } over the shared loops, then j - i.
    isl::set deltas = dep.relation()
                          .apply_domain(islutil::prefixProjection(s.domain, k))
                          .apply_range(islutil::prefixProjection(t.domain, k))
                          .deltas();
    if (islutil::divsKnown(deltas)) // (describeSet says why)
        deltas = islutil::coalesce(deltas);
    std::string distance = describeSet(m_model, deltas);
    std::vector<std::string> direction;
    for (unsigned d = 0; d < k; ++d) {
        auto has = [&](int sign) {
            isl_set *x = deltas.copy();
            x = sign > 0   ? isl_set_lower_bound_si(x, isl_dim_set, d, 1)
                : sign < 0 ? isl_set_upper_bound_si(x, isl_dim_set, d, -1)
                           : isl_set_fix_si(x, isl_dim_set, d, 0);
            return !isl::manage(x).is_empty();
        };
        const bool pos = has(1), neg = has(-1), zero = has(0);
        direction.push_back(pos && neg ? "*" : pos && zero ? "0+" : neg && zero ? "0-" : pos ? "+" : neg ? "-" : "0");
    }
    sh.distance = std::move(distance);
    sh.direction = std::move(direction);
}

DependenceSummary::Shape &DependenceSummary::shape(const Dependence &dep)
{
    if (dep.shape >= 0)
        if (auto it = m_shapes.find(dep.shape); it != m_shapes.end())
            return it->second;
    Shape sh;
    QuotaScope::run(m_model.islContext(), "summarizing dependences", [&] {
        isl_map *marked = isl_map_set_tuple_name(dep.relation().release(), isl_dim_in, SrcMark);
        marked = isl_map_set_tuple_name(marked, isl_dim_out, dep.src == dep.dst ? SrcMark : DstMark);
        sh.relation = describeSet(m_model, isl::manage(marked));
        sh.sharedLoops = ProgramOrder::sharedLoops(m_model, dep.src, dep.dst);
    });
    bounded(sh, "distance", [&] { distances(dep, sh); });
    const int key = dep.shape >= 0 ? dep.shape : -1 - static_cast<int>(m_shapes.size());
    return m_shapes[key] = std::move(sh);
}

EdgeReport DependenceSummary::describe(const Dependence &dep, bool count)
{
    Shape &sh = shape(dep);
    if (count && !sh.counted) {
        bounded(sh, "count", [&] { sh.count = countPairs(m_model, dep.relation()); });
        sh.counted = true;
    }
    EdgeReport r;
    r.type = depTypeName(dep.type);
    r.src = m_model.statements()[dep.src].name;
    r.dst = m_model.statements()[dep.dst].name;
    r.allocation = dep.allocation;
    r.relation = replaceAll(replaceAll(sh.relation, SrcMark, r.src), DstMark, r.dst);
    if (count)
        r.count = sh.count;
    r.sharedLoops = sh.sharedLoops;
    r.distance = sh.distance;
    r.direction = sh.direction;
    for (const auto &p : sh.stopped)
        if (count || p.first != "count")
            r.stopped.push_back(p);
    return r;
}

} // namespace se
