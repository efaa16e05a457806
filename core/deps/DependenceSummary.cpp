// SPDX-License-Identifier: MIT
#include "DependenceSummary.h"

#include "ProgramOrder.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>
#include <isl/set.h>

namespace se {

namespace {

const char *const SrcMark = "__src__";
const char *const DstMark = "__dst__";

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

DependenceSummary::Shape &DependenceSummary::shape(const Dependence &dep)
{
    if (dep.shape >= 0)
        if (auto it = m_shapes.find(dep.shape); it != m_shapes.end())
            return it->second;
    Shape sh;
    const auto &s = m_model.statements()[dep.src];
    const auto &t = m_model.statements()[dep.dst];
    isl_map *marked = isl_map_set_tuple_name(dep.relation().release(), isl_dim_in, SrcMark);
    marked = isl_map_set_tuple_name(marked, isl_dim_out, dep.src == dep.dst ? SrcMark : DstMark);
    sh.relation = m_model.text(isl::manage(marked));
    const unsigned k = ProgramOrder::sharedLoops(m_model, dep.src, dep.dst);
    sh.sharedLoops = k;
    // { [i0..ik-1] -> [j0..jk-1] } over the shared loops, then j - i.
    const isl::set deltas = islutil::coalesce(dep.relation()
                                                  .apply_domain(islutil::prefixProjection(s.domain, k))
                                                  .apply_range(islutil::prefixProjection(t.domain, k))
                                                  .deltas());
    sh.distance = m_model.text(deltas);
    for (unsigned d = 0; d < k; ++d) {
        QuotaScope::nextStep(m_model.islContext());
        auto has = [&](int sign) {
            isl_set *x = deltas.copy();
            x = sign > 0   ? isl_set_lower_bound_si(x, isl_dim_set, d, 1)
                : sign < 0 ? isl_set_upper_bound_si(x, isl_dim_set, d, -1)
                           : isl_set_fix_si(x, isl_dim_set, d, 0);
            return !isl::manage(x).is_empty();
        };
        const bool pos = has(1), neg = has(-1), zero = has(0);
        sh.direction.push_back(pos && neg        ? "*"
                                   : pos && zero ? "0+"
                                   : neg && zero ? "0-"
                                   : pos         ? "+"
                                   : neg         ? "-"
                                                 : "0");
    }
    const int key = dep.shape >= 0 ? dep.shape : -1 - static_cast<int>(m_shapes.size());
    return m_shapes[key] = std::move(sh);
}

EdgeReport DependenceSummary::describe(const Dependence &dep, bool count)
{
    return QuotaScope::run(m_model.islContext(), "summarizing dependences", [&] {
        Shape &sh = shape(dep);
        if (count && !sh.counted) {
            QuotaScope::nextStep(m_model.islContext());
            sh.count = countPairs(m_model, dep.relation());
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
        return r;
    });
}

} // namespace se
