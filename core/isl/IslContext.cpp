// SPDX-License-Identifier: MIT
#include "IslContext.h"

#include "core/support/InputError.h"

#include <isl/cpp.h>
#include <isl/options.h>

namespace se {

IslContext::IslContext(unsigned long quota) : m_ctx(isl_ctx_alloc()), m_quota(quota)
{
    // The C++ bindings check for errors themselves; keep isl from printing.
    isl_options_set_on_error(m_ctx, ISL_ON_ERROR_CONTINUE);
}

IslContext::~IslContext()
{
    isl_ctx_free(m_ctx);
}

isl::ctx IslContext::ctx() const
{
    return isl::ctx(m_ctx);
}

void IslContext::abort()
{
    isl_ctx_abort(m_ctx);
}

QuotaScope::QuotaScope(IslContext &ctx, std::string what) : m_ctx(ctx), m_what(std::move(what))
{
    isl_ctx_resume(m_ctx.get());
    isl_ctx_reset_operations(m_ctx.get());
    isl_ctx_set_max_operations(m_ctx.get(), m_ctx.quota());
}

QuotaScope::~QuotaScope()
{
    isl_ctx_set_max_operations(m_ctx.get(), 0);
    isl_ctx_reset_error(m_ctx.get());
}

void QuotaScope::rethrow() const
{
    try {
        throw;
    } catch (const isl::exception_quota &) {
        isl_ctx_reset_error(m_ctx.get());
        throw ResourceLimitError(m_what + ": stopped after " + std::to_string(m_ctx.quota())
                                 + " isl operations (raise the limit with --max-ops)");
    } catch (const isl::exception_abort &) {
        isl_ctx_resume(m_ctx.get());
        throw CancelledError();
    } catch (const isl::exception &e) {
        // A failed isl call inside an analysis is never "no dependence".
        if (isl_ctx_last_error(m_ctx.get()) == isl_error_quota)
            throw ResourceLimitError(m_what + ": stopped after " + std::to_string(m_ctx.quota())
                                     + " isl operations (raise the limit with --max-ops)");
        throw std::runtime_error(m_what + ": isl failed: " + e.what());
    }
}

} // namespace se
