// SPDX-License-Identifier: MIT
#include "AstBuilder.h"

#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/support/InputError.h"

#include <isl/ast_build.h>
#include <isl/id.h>

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
    return QuotaScope::run(ctx, "generating the loop nest", [&] {
        AstOptions options(ctx.get());
        const std::string prefix = iteratorPrefix(model.paramNames());
        const unsigned n = depth(schedule);
        isl_id_list *ids = isl_id_list_alloc(ctx.get(), static_cast<int>(n));
        for (unsigned k = 0; k < n; ++k)
            ids = isl_id_list_add(ids, isl_id_alloc(ctx.get(), (prefix + std::to_string(k)).c_str(), nullptr));
        isl::ast_build build = isl::ast_build::from_context(model.context());
        // cpp.h has no setter for the iterator names; no callbacks are set,
        // so passing the build through C is safe.
        build = isl::manage(isl_ast_build_set_iterators(build.release(), ids));
        try {
            return build.node_from(schedule);
        } catch (const isl::exception_quota &) {
            throw;
        } catch (const isl::exception_abort &) {
            throw;
        } catch (const isl::exception &e) {
            if (isl_ctx_last_error(ctx.get()) == isl_error_quota)
                throw;
            throw InputError(file, "", std::string("isl cannot generate the loop nest of this schedule: ") + e.what());
        }
    });
}

} // namespace se
