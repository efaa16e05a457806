// SPDX-License-Identifier: MIT
#include "InjectiveTimes.h"

#include "core/isl/PolyhedralModel.h"
#include "core/schedule/FlatSchedule.h"
#include "core/schedule/ScheduleFlattener.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <vector>

namespace se {

namespace {

struct LeafBand {
    unsigned depth; ///< the deepest statement's dimension count
};

isl::multi_union_pw_aff identityOn(const isl::union_set &domain, unsigned depth)
{
    // raw isl begin: a positionally padded identity (no isl_dim_type methods in cpp.h 0.25),
    // added to the union in place
    isl_union_pw_multi_aff *upma = isl_union_pw_multi_aff_empty(isl_union_set_get_space(domain.get()));
    domain.foreach_set([&](isl::set s) {
        const unsigned n = static_cast<unsigned>(isl_set_dim(s.get(), isl_dim_set));
        // { S[i0..in-1] -> [i0..in-1, 0...] }
        isl_map *id = isl_map_identity(isl_space_map_from_set(isl_set_get_space(s.get())));
        id = isl_map_reset_tuple_id(id, isl_dim_out);
        id = isl_map_add_dims(id, isl_dim_out, depth - n);
        for (unsigned k = n; k < depth; ++k)
            id = isl_map_fix_si(id, isl_dim_out, k, 0);
        id = isl_map_intersect_domain(id, s.copy());
        upma = isl_union_pw_multi_aff_add_pw_multi_aff(upma, isl_pw_multi_aff_from_map(id));
    });
    return isl::manage(isl_multi_union_pw_aff_from_union_pw_multi_aff(upma));
    // raw isl end
}

// raw isl begin: a C callback of isl_schedule_map_schedule_node_bottom_up (not in cpp.h 0.25)
isl_schedule_node *addIdentityAtLeaf(isl_schedule_node *node, void *user)
{
    if (isl_schedule_node_get_type(node) != isl_schedule_node_leaf)
        return node;
    // No exception may cross isl's C frames: a failure is a null node,
    // which isl reports as the error it is.
    try {
        const unsigned depth = static_cast<LeafBand *>(user)->depth;
        const isl::union_set reach = isl::manage(isl_schedule_node_get_domain(node));
        if (reach.is_empty())
            return node;
        return isl_schedule_node_insert_partial_schedule(node, identityOn(reach, depth).release());
    } catch (const isl::exception &) {
        isl_schedule_node_free(node);
        return nullptr;
    }
}
// raw isl end

} // namespace

bool InjectiveTimes::all(const PolyhedralModel &model, const isl::union_map &times)
{
    bool all = true;
    times.intersect_domain(model.domain()).foreach_map([&](isl::map m) {
        if (all && !m.is_injective())
            all = false;
    });
    return all;
}

namespace {

// True when every input dimension of `f` is one of its outputs as it is
// (`[floor(i/4), j, i]`): then no two instances share a time, without
// isl's injectivity test (a lexicographic optimum per statement).
bool keepsEveryDimension(const isl::multi_aff &f)
{
    // raw isl begin: coefficients, constant and divisions of an aff (C-only in cpp.h 0.25)
    const int in = static_cast<int>(isl_multi_aff_dim(f.get(), isl_dim_in));
    std::vector<bool> kept(static_cast<std::size_t>(std::max(in, 0)), false);
    for (int k = 0, n = static_cast<int>(f.size()); k < n; ++k) {
        const isl::aff a = f.at(k);
        if (isl_aff_dim(a.get(), isl_dim_div) != 0 || !a.get_constant_val().is_zero()
            || !isl::manage(isl_aff_get_denominator_val(a.get())).is_one())
            continue;
        int only = -1;
        bool plain = true;
        for (int j = 0; j < in && plain; ++j) {
            const isl::val c = isl::manage(isl_aff_get_coefficient_val(a.get(), isl_dim_in, j));
            if (c.is_zero())
                continue;
            plain = c.is_one() && only < 0;
            only = j;
        }
        for (int j = 0; j < static_cast<int>(isl_aff_dim(a.get(), isl_dim_param)) && plain; ++j)
            plain = isl::manage(isl_aff_get_coefficient_val(a.get(), isl_dim_param, j)).is_zero();
        if (plain && only >= 0)
            kept[static_cast<std::size_t>(only)] = true;
    }
    // raw isl end
    return std::all_of(kept.begin(), kept.end(), [](bool k) { return k; });
}

} // namespace

bool InjectiveTimes::all(const FlatSchedule &flat)
{
    for (std::size_t k = 0; k < flat.size(); ++k) {
        const isl::multi_aff *f = flat.function(k);
        if (f && keepsEveryDimension(*f))
            continue;
        if (!flat.of(k).is_injective()) // restricted to the statement's domain already
            return false;
    }
    return true;
}

bool InjectiveTimes::all(const std::vector<StatementTimes> &times)
{
    for (const StatementTimes &t : times) {
        if (t.function ? keepsEveryDimension(*t.function) : t.map.is_null())
            continue; // injective as it is, or not reached
        const isl::map m = t.map.is_null() ? t.function->as_map().intersect_domain(t.instances) : t.map;
        if (!m.is_injective())
            return false;
    }
    return true;
}

isl::schedule InjectiveTimes::apply(const PolyhedralModel &model, const isl::schedule &schedule,
                                    const isl::union_map &times)
{
    if (all(model, times))
        return schedule;
    LeafBand band{0};
    for (const auto &st : model.statements())
        band.depth = std::max(band.depth, st.depth());
    if (band.depth == 0)
        return schedule; // zero-dimensional statements have one instance each
    return isl::manage(isl_schedule_map_schedule_node_bottom_up(schedule.copy(), addIdentityAtLeaf, &band));
}

} // namespace se
