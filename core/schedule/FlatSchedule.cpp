// SPDX-License-Identifier: MIT
#include "FlatSchedule.h"

#include "ScheduleFlattener.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>

namespace se {

namespace {

// A shared copy of `t` (cpp.h's objects have no move constructor and
// throw on copying a null one: the null members are left out).
std::shared_ptr<StatementTimes> shared(const StatementTimes &t)
{
    auto out = std::make_shared<StatementTimes>();
    if (!t.map.is_null())
        out->map = t.map;
    out->function = t.function;
    if (!t.instances.is_null())
        out->instances = t.instances;
    return out;
}

} // namespace

FlatSchedule::FlatSchedule(const PolyhedralModel &model, const isl::schedule &schedule)
{
    take(model, ScheduleFlattener::flatten(model, schedule, &m_dims, &m_setLevels));
}

std::optional<FlatSchedule> FlatSchedule::rereading(const PolyhedralModel &model, const isl::schedule &schedule,
                                                    const std::vector<std::size_t> &statements) const
{
    std::vector<StatementTimes> times;
    if (!ScheduleFlattener::flattenSome(model, schedule, statements, m_dims, times))
        return std::nullopt;
    FlatSchedule out(*this);
    out.m_transforms.clear(); // times read from a tree are no candidate's
    for (std::size_t s : statements)
        out.m_times[s] = shared(times[s]);
    out.take(model, {});
    return out;
}

const isl::map &FlatSchedule::of(std::size_t statement) const
{
    StatementTimes &t = *m_times[statement];
    if (t.map.is_null()) // (take() gave every statement a map or a function)
        t.map = t.function->as_map().intersect_domain(t.instances);
    return t.map;
}

const isl::map *FlatSchedule::madeMap(std::size_t statement) const
{
    const isl::map &m = m_times[statement]->map;
    return m.is_null() ? nullptr : &m;
}

bool FlatSchedule::plainlyEqual(std::size_t statement, const FlatSchedule &other) const
{
    if (statement >= other.size())
        return false;
    if (m_times[statement] == other.m_times[statement])
        return true;
    const isl::multi_aff *f = function(statement);
    const isl::multi_aff *g = other.function(statement);
    if (f && g) // both over the statement's whole domain
        return f->plain_is_equal(*g);
    return isl_map_plain_is_equal(of(statement).get(), other.of(statement).get()) == isl_bool_true;
}

FlatSchedule::FlatSchedule(const PolyhedralModel &model, const isl::union_map &times)
{
    split(model, padded(times.intersect_domain(model.domain()), &m_dims));
}

isl::union_map FlatSchedule::padded(const isl::union_map &times, unsigned *dims)
{
    unsigned n = 0;
    times.foreach_map([&](isl::map m) { n = std::max(n, static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out))); });
    // Added in place: `unite` would copy the growing union each time.
    // raw isl: the union is built in place through a C pointer (see above)
    isl_union_map *out = isl_union_map_empty(isl_union_map_get_space(times.get()));
    times.foreach_map([&](isl::map m) {
        const unsigned d = static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out));
        isl_map *p = isl_map_reset_tuple_id(m.release(), isl_dim_out);
        if (d < n) {
            p = isl_map_add_dims(p, isl_dim_out, n - d);
            for (unsigned k = d; k < n; ++k)
                p = isl_map_fix_si(p, isl_dim_out, k, 0);
        }
        out = isl_union_map_add_map(out, p);
    });
    if (dims)
        *dims = n;
    return isl::manage(out);
}

void FlatSchedule::split(const PolyhedralModel &model, const isl::union_map &padded)
{
    std::vector<StatementTimes> times(model.statements().size());
    padded.foreach_map([&](isl::map m) {
        const int k = model.statementIndex(m);
        if (k >= 0)
            times[static_cast<std::size_t>(k)].map = m;
    });
    m_times.clear();
    take(model, std::move(times));
}

void FlatSchedule::take(const PolyhedralModel &model, std::vector<StatementTimes> times)
{
    m_times.resize(model.statements().size());
    for (std::size_t k = 0; k < times.size() && k < m_times.size(); ++k)
        m_times[k] = shared(times[k]);
    for (std::size_t k = 0; k < m_times.size(); ++k) {
        if (!m_times[k])
            m_times[k] = std::make_shared<StatementTimes>();
        StatementTimes &t = *m_times[k];
        if (!t.map.is_null() || t.function)
            continue;
        // An instance set the schedule does not cover: an empty map of the right space.
        const isl::space dom = model.statements()[k].domain.get_space();
        isl_space *range = isl_space_set_from_params(dom.params().release());
        range = isl_space_add_dims(range, isl_dim_set, m_dims);
        t.map = isl::map::empty(isl::manage(isl_space_map_from_domain_and_range(dom.copy(), range)));
    }
}

std::string FlatSchedule::Transform::mapText(const std::vector<Row> &rows, unsigned dims, bool constants)
{
    std::vector<std::string> to(dims);
    std::string from;
    for (unsigned k = 0; k < dims; ++k) {
        to[k] = "t" + std::to_string(k);
        from += (k ? ", " : "") + to[k];
    }
    for (const Row &r : rows) {
        if (r.dim >= dims)
            continue;
        std::string form = std::to_string(constants ? r.constant : 0);
        for (const auto &[j, a] : r.terms)
            form += (a < 0 ? " - " : " + ")
                + std::to_string(a < 0 ? 0UL - static_cast<unsigned long>(a) : static_cast<unsigned long>(a)) + "*t"
                + std::to_string(j);
        to[r.dim] = form;
    }
    std::string out;
    for (unsigned k = 0; k < dims; ++k)
        out += (k ? ", " : "") + to[k];
    return "{ [" + from + "] -> [" + out + "] }";
}

FlatSchedule FlatSchedule::withTimes(std::vector<std::pair<std::size_t, isl::map>> times,
                                     std::vector<std::pair<std::size_t, Transform>> transforms) const
{
    FlatSchedule out(*this);
    if (!transforms.empty())
        out.m_transforms.resize(m_times.size());
    for (auto &[statement, map] : times) {
        auto t = std::make_shared<StatementTimes>();
        t->map = std::move(map);
        out.m_times[statement] = std::move(t);
        if (statement < out.m_transforms.size())
            out.m_transforms[statement].reset();
    }
    for (auto &[statement, t] : transforms)
        out.m_transforms[statement] = std::move(t);
    return out;
}

bool FlatSchedule::underSet(std::size_t statement, unsigned dim) const
{
    const auto &levels = setLevels(statement);
    return std::any_of(levels.begin(), levels.end(), [&](const SetLevel &l) { return l.dim == dim; });
}

bool FlatSchedule::sameSetLevels(std::size_t statement, const FlatSchedule &other) const
{
    const auto &a = setLevels(statement);
    const auto &b = other.setLevels(statement);
    if (a.size() != b.size())
        return false;
    for (std::size_t k = 0; k < a.size(); ++k)
        if (a[k].dim != b[k].dim || isl_set_plain_is_equal(a[k].instances.get(), b[k].instances.get()) != isl_bool_true)
            return false;
    return true;
}

isl::union_map FlatSchedule::unionMap() const
{
    if (m_times.empty())
        return {};
    isl::union_map out = isl::union_map::empty(of(0).ctx());
    for (std::size_t k = 0; k < m_times.size(); ++k)
        islutil::addTo(out, of(k)); // in place: `unite` would copy the growing union per statement
    return out;
}

} // namespace se
