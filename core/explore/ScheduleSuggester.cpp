// SPDX-License-Identifier: MIT
#include "ScheduleSuggester.h"

#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"

#include <isl/options.h>

namespace se {

namespace {

// isl's scheduler options for one computation, the previous values put
// back after it.
// raw isl begin: cpp.h 0.25 has no option setters
class SchedulerOptions {
public:
    SchedulerOptions(isl_ctx *ctx, bool serializeSccs)
        : m_ctx(ctx), m_serialize(isl_options_get_schedule_serialize_sccs(ctx)),
          m_maxCoefficient(isl_options_get_schedule_max_coefficient(ctx))
    {
        isl_options_set_schedule_serialize_sccs(ctx, serializeSccs ? 1 : 0);
        // Unbounded coefficients let isl's search on tiled kernels run on
        // and on without counting operations (tiled_matmul_4, 17
        // statements); bounded by 4 (enough for the skews of the stencils)
        // it is quick.
        isl_options_set_schedule_max_coefficient(ctx, MaxCoefficient);
    }
    ~SchedulerOptions()
    {
        isl_options_set_schedule_serialize_sccs(m_ctx, m_serialize);
        isl_options_set_schedule_max_coefficient(m_ctx, m_maxCoefficient);
    }
    SchedulerOptions(const SchedulerOptions &) = delete;
    SchedulerOptions &operator=(const SchedulerOptions &) = delete;

    static constexpr int MaxCoefficient = 4;

private:
    isl_ctx *m_ctx;
    int m_serialize, m_maxCoefficient;
};
// raw isl end

} // namespace

isl::schedule ScheduleSuggester::suggest(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                         std::string *note)
{
    IslContext &ctx = model.islContext();
    // Computations over every statement at once: their budget grows with
    // them, as AST generation's does (pipeline_400's 400 statements need
    // between 1M and 5M operations in isl's scheduler).
    const unsigned long units = 2 + model.statements().size() / 16;
    // { s0[t, i] -> s1[t', i'] } every dependence pair
    const isl::schedule_constraints sc =
        QuotaScope::run(ctx, "collecting the dependences for isl's scheduler", units, [&] {
            // One quota step per edge (tiled_matmul_64 has 11,360).
            isl::union_map pairs = isl::union_map::empty(ctx.ctx());
            for (const auto &d : deps) {
                QuotaScope::nextStep(ctx);
                islutil::addTo(pairs, d.relation());
            }
            QuotaScope::nextStep(ctx);
            return isl::schedule_constraints::on_domain(model.domain())
                .set_context(model.context())
                .set_validity(pairs)
                .set_proximity(pairs)
                .set_coincidence(pairs);
        });
    // isl's default search merges clusters of statements one ILP at a
    // time: on a dense dependence graph (tiled_matmul_64: 257 statements,
    // 11,360 edges) it runs long without reaching the operation limit, so
    // such graphs go straight to isl's option for large graphs. The rule is
    // on the graph's size, not on time, so the answer does not depend on
    // the machine.
    const bool dense = deps.size() > 4 * model.statements().size() + 100;
    if (!dense) {
        try {
            return QuotaScope::run(ctx, "computing a schedule with isl's scheduler", units, [&] {
                SchedulerOptions plain(ctx.get(), false);
                return sc.compute_schedule();
            });
        } catch (const ResourceLimitError &e) {
            if (e.limit() != ResourceLimitError::Limit::Operations)
                throw;
        }
    }
    // isl's option for large graphs: each strongly connected component of
    // the dependence graph is scheduled on its own and the components run
    // in sequence (less fusion, far fewer operations).
    isl::schedule s =
        QuotaScope::run(ctx, "computing a schedule with isl's scheduler (components in sequence)", units, [&] {
            SchedulerOptions serialize(ctx.get(), true);
            return sc.compute_schedule();
        });
    if (note)
        *note = (dense ? "the dependence graph is dense (" + std::to_string(deps.size()) + " edges between "
                         + std::to_string(model.statements().size()) + " statements)"
                       : std::string("isl's scheduler stopped at its operation limit"))
            + ": isl's option for large graphs made this schedule (schedule_serialize_sccs: each strongly connected "
              "component of the dependence graph scheduled on its own, the components in sequence)";
    return s;
}

} // namespace se
