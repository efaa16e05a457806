// SPDX-License-Identifier: MIT
#include "InjectiveTimes.h"

#include "core/isl/PolyhedralModel.h"

#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>

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
