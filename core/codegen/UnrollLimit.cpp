// SPDX-License-Identifier: MIT
#include "UnrollLimit.h"

#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/InputError.h"

#include <isl/ast_build.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

namespace se {

void UnrollLimit::check(const isl::schedule &schedule, const std::string &file)
{
    ScheduleTreeWalk::forEach(schedule.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
        if (!n.isa<isl::schedule_node_band>())
            return;
        const int members = static_cast<int>(n.as<isl::schedule_node_band>().n_member());
        for (int k = 0; k < members; ++k) {
            if (isl_schedule_node_band_member_get_ast_loop_type(n.get(), k) != isl_ast_loop_unroll
                && isl_schedule_node_band_member_get_isolate_ast_loop_type(n.get(), k) != isl_ast_loop_unroll)
                continue;
            // { S[i] -> [outer..., member 0..k] } for the instances under the band.
            const isl::union_map prefix =
                n.get_prefix_schedule_union_map().intersect_domain(isl::manage(isl_schedule_node_get_domain(n.get())));
            const isl::union_map partial = isl::manage(isl_schedule_node_band_get_partial_schedule_union_map(n.get()));
            const isl::union_map times = isl::manage(isl_union_map_flat_range_product(prefix.copy(), partial.copy()));
            const unsigned outer =
                static_cast<unsigned>(isl_schedule_node_get_schedule_depth(n.get())) + static_cast<unsigned>(k);
            // { [outer...] -> [v] } over every statement: the loop isl would unroll.
            isl::map loop;
            times.foreach_map([&](isl::map m) {
                const unsigned n_out = static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out));
                // raw isl: positional projection and moves; cpp.h 0.25 has no isl_dim_type methods
                isl_set *r = isl_map_range(isl_map_project_out(m.release(), isl_dim_out, outer + 1, n_out - outer - 1));
                isl::map l =
                    isl::manage(isl_map_move_dims(isl_map_from_range(r), isl_dim_in, 0, isl_dim_out, 0, outer));
                l = islutil::anonymous(l);
                loop = loop.is_null() ? l : loop.unite(l);
            });
            if (loop.is_null())
                continue;
            // { [v2 - v1] } for two values of one loop instance.
            const isl::set spans = loop.reverse().apply_range(loop).deltas();
            // Unbounded (infinity): isl itself refuses, "cannot find lower
            // bound for unrolling", before it unrolls anything.
            const isl::val widest = spans.dim_max_val(0);
            if (widest.is_int() && widest.ge(isl::val(widest.ctx(), MaxUnroll)))
                throw InputError(file, "node " + ScheduleTreeWalk::pathText(path),
                                 "member " + std::to_string(k) + " is marked unroll but its loop runs up to "
                                     + std::to_string(widest.get_num_si() + 1) + " iterations (at most "
                                     + std::to_string(MaxUnroll) + " are unrolled)");
        }
    });
}

} // namespace se
