// SPDX-License-Identifier: MIT
#include "AstBuilder.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/ScheduleTreeWalk.h"
#include "core/support/InputError.h"

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include <algorithm>
#include <cctype>

namespace se {

namespace {

// Sets the AST options for one build and puts the previous values back.
class AstOptions {
public:
    explicit AstOptions(isl_ctx *ctx)
        : m_ctx(ctx),
          m_minMax(isl_options_get_ast_build_detect_min_max(ctx)),
          m_or(isl_options_get_ast_build_allow_or(ctx)),
          m_atomic(isl_options_get_ast_build_atomic_upper_bound(ctx)),
          m_scale(isl_options_get_ast_build_scale_strides(ctx))
    {
        isl_options_set_ast_build_detect_min_max(ctx, 1);
        isl_options_set_ast_build_allow_or(ctx, 0);
        isl_options_set_ast_build_atomic_upper_bound(ctx, 1);
        isl_options_set_ast_build_scale_strides(ctx, 0);
    }
    ~AstOptions()
    {
        isl_options_set_ast_build_detect_min_max(m_ctx, m_minMax);
        isl_options_set_ast_build_allow_or(m_ctx, m_or);
        isl_options_set_ast_build_atomic_upper_bound(m_ctx, m_atomic);
        isl_options_set_ast_build_scale_strides(m_ctx, m_scale);
    }
    AstOptions(const AstOptions &) = delete;
    AstOptions &operator=(const AstOptions &) = delete;

private:
    isl_ctx *m_ctx;
    int m_minMax, m_or, m_atomic, m_scale;
};

bool namedLike(const std::string &name, const std::string &prefix)
{
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0
           && std::all_of(name.begin() + static_cast<long>(prefix.size()), name.end(),
                          [](unsigned char c) { return std::isdigit(c); });
}

// The deepest schedule: enough iterator names for every loop.
unsigned depth(const isl::schedule &schedule)
{
    unsigned d = 0;
    schedule.get_map().foreach_map([&](isl::map m) {
        d = std::max(d, static_cast<unsigned>(m.range_tuple_dim()));
    });
    return d;
}

// isl unrolls a loop without counting operations or looking at an abort:
// a loop of 10^8 iterations marked `unroll` (a band option of a user's
// tree) runs and grows past every quota and time limit. Refuse any unrolled
// member whose values, for fixed outer loop values, may span more than this.
constexpr long MaxUnroll = 1024;

void checkUnroll(const isl::schedule &schedule, const std::string &file)
{
    ScheduleTreeWalk::forEach(schedule.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
        if (isl_schedule_node_get_type(n.get()) != isl_schedule_node_band)
            return;
        const int members = static_cast<int>(isl_schedule_node_band_n_member(n.get()));
        for (int k = 0; k < members; ++k) {
            if (isl_schedule_node_band_member_get_ast_loop_type(n.get(), k) != isl_ast_loop_unroll
                && isl_schedule_node_band_member_get_isolate_ast_loop_type(n.get(), k) != isl_ast_loop_unroll)
                continue;
            // { S[i] -> [outer..., member 0..k] } for the instances under the band.
            const isl::union_map prefix = n.get_prefix_schedule_union_map().intersect_domain(
                isl::manage(isl_schedule_node_get_domain(n.get())));
            const isl::union_map partial = isl::manage(isl_schedule_node_band_get_partial_schedule_union_map(n.get()));
            const isl::union_map times = isl::manage(isl_union_map_flat_range_product(prefix.copy(), partial.copy()));
            const unsigned outer = static_cast<unsigned>(isl_schedule_node_get_schedule_depth(n.get())) + static_cast<unsigned>(k);
            // { [outer...] -> [v] } over every statement: the loop isl would unroll.
            isl::map loop;
            times.foreach_map([&](isl::map m) {
                const unsigned n_out = static_cast<unsigned>(isl_map_dim(m.get(), isl_dim_out));
                isl_set *r = isl_map_range(isl_map_project_out(m.release(), isl_dim_out, outer + 1, n_out - outer - 1));
                isl::map l = isl::manage(isl_map_move_dims(isl_map_from_range(r), isl_dim_in, 0, isl_dim_out, 0, outer));
                l = isl::manage(isl_map_reset_tuple_id(isl_map_reset_tuple_id(l.release(), isl_dim_in), isl_dim_out));
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

} // namespace

std::string AstBuilder::iteratorPrefix(const std::vector<std::string> &params)
{
    for (std::string prefix : {"c", "c_", "cc", "t", "t_", "it"}) {
        if (std::none_of(params.begin(), params.end(), [&](const std::string &p) { return namedLike(p, prefix); }))
            return prefix;
    }
    std::string prefix = "c";
    while (std::any_of(params.begin(), params.end(), [&](const std::string &p) { return namedLike(p, prefix); }))
        prefix += "_";
    return prefix;
}

isl::ast_node AstBuilder::build(const PolyhedralModel &model, const isl::schedule &schedule, const std::string &file)
{
    IslContext &ctx = model.islContext();
    // One computation over every statement: its budget grows with them
    // (pipeline_400 needs about 2M operations).
    const unsigned long units = 1 + model.statements().size() / 32;
    return QuotaScope::run(ctx, "generating the loop nest", units, [&] {
        checkUnroll(schedule, file); // before any raw isl object below
        AstOptions options(ctx.get());
        const std::string prefix = iteratorPrefix(model.paramNames());
        const unsigned n = depth(schedule);
        // Owned: from_context below may throw (quota), and a leaked list
        // keeps the context from being freed.
        isl::id_list ids = isl::manage(isl_id_list_alloc(ctx.get(), static_cast<int>(n)));
        for (unsigned k = 0; k < n; ++k)
            ids = isl::manage(
                isl_id_list_add(ids.release(), isl_id_alloc(ctx.get(), (prefix + std::to_string(k)).c_str(), nullptr)));
        isl::ast_build build = isl::ast_build::from_context(model.context());
        // cpp.h has no setter for the iterator names; no callbacks are set,
        // so passing the build through C is safe.
        build = isl::manage(isl_ast_build_set_iterators(build.release(), ids.release()));
        try {
            return build.node_from(schedule);
        } catch (const isl::exception_quota &) {
            throw;
        } catch (const isl::exception_abort &) {
            throw;
        } catch (const isl::exception &e) {
            // Quota, time and memory limits: not the schedule's fault.
            if (const isl_error err = isl_ctx_last_error(ctx.get());
                err == isl_error_quota || err == isl_error_abort || err == isl_error_alloc)
                throw;
            throw InputError(file, "", std::string("isl cannot generate the loop nest of this schedule: ") + e.what());
        }
    });
}

} // namespace se
