// SPDX-License-Identifier: MIT
#include "TimeBounds.h"

#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/set.h>
#include <isl/val.h>

namespace se {

TimeBounds::TimeBounds(const PolyhedralModel &model, const FlatSchedule &schedule, Sources *sources)
    : m_model(model), m_schedule(schedule), m_bounds(schedule.size()), m_sources(sources)
{
    if (!sources)
        return;
    // A candidate's moved statements: their source's bounds, moved. A
    // form's bounds add its terms' (sound: the values lie within, which is
    // all ordered() needs; exact for one term).
    for (std::size_t k = 0; k < schedule.size(); ++k) {
        const FlatSchedule::Transform *t = schedule.transform(k);
        if (!t)
            continue;
        const std::vector<Range> source = sourceBounds(t->from, *sources);
        if (source.size() != schedule.dims())
            continue;
        std::vector<Range> moved = source;
        for (const auto &row : t->rows) {
            if (row.dim >= moved.size())
                continue;
            Range r;
            r.known = true;
            r.bounded = true;
            r.lo = r.hi = row.constant;
            for (const auto &[j, a] : row.terms) {
                const Range &in = j < source.size() ? source[j] : Range{};
                long lo = 0, hi = 0;
                if (!in.known || !in.bounded || __builtin_mul_overflow(a, a > 0 ? in.lo : in.hi, &lo)
                    || __builtin_mul_overflow(a, a > 0 ? in.hi : in.lo, &hi) || __builtin_add_overflow(r.lo, lo, &r.lo)
                    || __builtin_add_overflow(r.hi, hi, &r.hi)) {
                    r.bounded = false;
                    break;
                }
            }
            moved[row.dim] = r;
        }
        m_bounds[k] = std::move(moved);
    }
}

TimeBounds::Range TimeBounds::bound(const isl::set &range, unsigned d)
{
    Range r;
    r.known = true;
    if (range.is_empty())
        return r;
    const isl::val lo = range.dim_min_val(static_cast<int>(d));
    const isl::val hi = range.dim_max_val(static_cast<int>(d));
    // Beyond 64 bits a bound is unknown here (isl decides), never truncated.
    r.bounded = islutil::fitsInt64(lo) && islutil::fitsInt64(hi);
    if (r.bounded) {
        r.lo = lo.get_num_si();
        r.hi = hi.get_num_si();
    }
    return r;
}

const std::vector<TimeBounds::Range> &TimeBounds::sourceBounds(const isl::map &map, Sources &sources) const
{
    if (const auto found = sources.find(map.get()); found != sources.end())
        return found->second.second;
    if (sources.size() > 8192)
        sources.clear(); // a bound on memory (a moves list needs one per statement of the node)
    std::vector<Range> all;
    const isl::set range = map.range().project_out_all_params(); // [t0, ..., tn-1] over the instances
    for (unsigned d = 0; d < m_schedule.dims(); ++d)
        all.push_back(bound(range, d));
    return sources.emplace(map.get(), std::make_pair(map, std::move(all))).first->second.second;
}

const TimeBounds::Range &TimeBounds::at(std::size_t statement, unsigned d)
{
    auto &per = m_bounds[statement];
    if (per.empty() && m_sources) {
        // A source's own times (a moves list's base, back after a candidate moved it).
        // (times whose map is not made yet are no candidate's source)
        const isl::map *made = m_schedule.madeMap(statement);
        const auto known = made ? m_sources->find(made->get()) : m_sources->end();
        if (known != m_sources->end() && known->second.second.size() == m_schedule.dims())
            per = known->second.second;
    }
    if (per.empty())
        per.resize(m_schedule.dims());
    Range &r = per[d];
    if (r.known)
        return r;
    if (const auto c = constantAt(statement, d)) {
        r = *c;
        return r;
    }
    if (m_ranges.size() < m_schedule.size())
        m_ranges.resize(m_schedule.size());
    if (m_ranges[statement].is_null())
        m_ranges[statement] = m_schedule.of(statement).range().project_out_all_params();
    r = bound(m_ranges[statement], d);
    return r;
}

std::optional<TimeBounds::Range> TimeBounds::constantAt(std::size_t statement, unsigned d)
{
    // A dimension that is one constant in the statement's time function
    // (a tile of a constant, a sequence position) is that constant on
    // every instance: no minimum and maximum over its times (most of a
    // first tile's bounds on tiled_matmul_64).
    const isl::multi_aff *f = m_schedule.function(statement);
    if (!f || d >= f->size())
        return std::nullopt;
    const isl::aff a = f->at(static_cast<int>(d));
    if (!a.is_cst())
        return std::nullopt;
    const auto v = islutil::int64(a.get_constant_val());
    if (!v)
        return std::nullopt;
    if (m_hasInstances.size() < m_schedule.size())
        m_hasInstances.resize(m_schedule.size(), -1);
    signed char &has = m_hasInstances[statement];
    if (has < 0)
        has = m_model.statements()[statement].domain.is_empty() ? 0 : 1;
    Range r;
    r.known = true;
    if (has) { // no instances: no times, as bound() says of an empty range
        r.bounded = true;
        r.lo = r.hi = *v;
    }
    return r;
}

TimeBounds::Memo TimeBounds::memo() &&
{
    return {std::move(m_bounds), std::move(m_ranges), m_schedule.dims()};
}

void TimeBounds::reuse(Memo memo, const std::vector<bool> &changed)
{
    if (memo.dims != m_schedule.dims() || memo.bounds.size() != m_bounds.size() || changed.size() != m_bounds.size())
        return;
    m_ranges.resize(m_schedule.size());
    for (std::size_t k = 0; k < m_bounds.size(); ++k) {
        if (changed[k] || memo.bounds[k].empty())
            continue;
        m_bounds[k] = std::move(memo.bounds[k]);
        if (k < memo.ranges.size() && !memo.ranges[k].is_null()) // (null: every bound asked was a constant)
            m_ranges[k] = memo.ranges[k];
    }
}

std::optional<bool> TimeBounds::step(const Range &a, const Range &b, bool underSet)
{
    if (!a.bounded || !b.bounded)
        return false;
    if (a.hi < b.lo) // every src instance runs before every dst instance, unless a set may swap them
        return !underSet;
    if (!(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo))
        return false; // not one shared constant: isl decides
    return std::nullopt;
}

bool TimeBounds::ordered(std::size_t src, std::size_t dst)
{
    if (!m_model.allParamsFixed())
        return false;
    for (unsigned d = 0; d < m_schedule.dims(); ++d)
        if (const auto decided = step(at(src, d), at(dst, d), m_schedule.underSet(src, d)))
            return *decided;
    return false;
}

bool TimeBounds::orderedByKnown(std::size_t src, std::size_t dst) const
{
    if (!m_model.allParamsFixed())
        return false;
    const auto &a = m_bounds[src];
    const auto &b = m_bounds[dst];
    for (unsigned d = 0; d < m_schedule.dims(); ++d) {
        if (d >= a.size() || d >= b.size() || !a[d].known || !b[d].known)
            return false;
        if (const auto decided = step(a[d], b[d], m_schedule.underSet(src, d)))
            return *decided;
    }
    return false;
}

} // namespace se
