// SPDX-License-Identifier: MIT
#include "LinearPartIds.h"

#include "core/isl/IslUtil.h"

#include <isl/aff.h>

namespace se {

int LinearPartIds::id(const isl::multi_aff &linear)
{
    // raw isl begin: hashes and plain comparison of affine functions (not in cpp.h 0.25)
    std::uint32_t hash = 2166136261U;
    const isl_size n = isl_multi_aff_size(linear.get());
    for (isl_size i = 0; i < n; ++i) {
        isl_aff *a = isl_multi_aff_get_at(linear.get(), i);
        hash = (hash ^ isl_aff_get_hash(a)) * 16777619U;
        isl_aff_free(a);
    }
    const auto [from, to] = m_known.equal_range(hash);
    for (auto it = from; it != to; ++it)
        if (isl_multi_aff_plain_cmp(it->second.first.get(), linear.get()) == 0)
            return it->second.second;
    // raw isl end
    m_known.emplace(hash, std::make_pair(linear, m_next));
    m_zeroDims.push_back(islutil::constantOutputs(linear)); // (constants are zeroed: a constant is 0)
    return m_next++;
}

} // namespace se
