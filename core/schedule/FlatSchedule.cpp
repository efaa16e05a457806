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

FlatSchedule::FlatSchedule(const PolyhedralModel &model, const isl::schedule &schedule)
{
    m_maps = ScheduleFlattener::flatten(model, schedule, &m_dims, &m_setLevels, &m_functions);
    fillMissing(model);
}

std::optional<FlatSchedule> FlatSchedule::rereading(const PolyhedralModel &model, const isl::schedule &schedule,
                                                    const std::vector<std::size_t> &statements) const
{
    std::vector<isl::map> maps;
    std::vector<std::optional<isl::multi_aff>> functions;
    if (!ScheduleFlattener::flattenSome(model, schedule, statements, m_dims, maps, &functions))
        return std::nullopt;
    FlatSchedule out(*this);
    out.m_transforms.clear(); // times read from a tree are no candidate's
    out.m_functions.resize(m_maps.size());
    for (std::size_t s : statements) {
        // (cpp.h throws on copying a null map: none reached is filled below)
        out.m_maps[s] = maps[s].is_null() ? isl::map() : maps[s];
        out.m_functions[s] = s < functions.size() ? functions[s] : std::nullopt;
    }
    out.fillMissing(model);
    return out;
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
    m_maps.clear(); // isl's null objects cannot be copied: default-construct them
    m_maps.resize(model.statements().size());
    padded.foreach_map([&](isl::map m) {
        const int k = model.statementIndex(m);
        if (k >= 0)
            m_maps[static_cast<std::size_t>(k)] = m;
    });
    fillMissing(model);
}

void FlatSchedule::fillMissing(const PolyhedralModel &model)
{
    for (std::size_t k = 0; k < m_maps.size(); ++k) {
        const auto &s = model.statements()[k];
        isl::map &m = m_maps[k];
        if (m.is_null()) {
            // An instance set the schedule does not cover: an empty map of the right space.
            const isl::space dom = s.domain.get_space();
            isl_space *range = isl_space_set_from_params(dom.params().release());
            range = isl_space_add_dims(range, isl_dim_set, m_dims);
            m = isl::map::empty(isl::manage(isl_space_map_from_domain_and_range(dom.copy(), range)));
        }
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
        out.m_transforms.resize(m_maps.size());
    for (auto &[statement, map] : times) {
        out.m_maps[statement] = std::move(map);
        if (statement < out.m_transforms.size())
            out.m_transforms[statement].reset();
        if (statement < out.m_functions.size())
            out.m_functions[statement].reset();
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
    if (m_maps.empty())
        return {};
    isl::union_map out = isl::union_map::empty(m_maps.front().ctx());
    for (const auto &m : m_maps)
        islutil::addTo(out, m); // in place: `unite` would copy the growing union per statement
    return out;
}

} // namespace se
