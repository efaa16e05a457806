// SPDX-License-Identifier: MIT
#include "TreeRestriction.h"

#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/union_set.h>

#include <algorithm>

namespace se {

TreeRestriction::TreeRestriction(const isl::union_set &only) : m_only(only), m_names(islutil::tupleNames(only))
{
}

TreeNode TreeRestriction::of(const TreeNode &t, ChildNames &childNames) const
{
    TreeNode out;
    out.kind = t.kind;
    out.mark = t.mark;
    switch (t.kind) {
    case TreeNode::Kind::Band:
        out.band = restricted(t.band);
        out.permutable = t.permutable;
        out.coincident = t.coincident;
        out.loopTypes = t.loopTypes;
        out.options = t.options.is_null() ? isl::union_set() : t.options;
        break;
    case TreeNode::Kind::Filter:
    case TreeNode::Kind::Domain: out.set = t.set.intersect(m_only); break;
    case TreeNode::Kind::Sequence:
    case TreeNode::Kind::Set: {
        auto [names, fresh] = childNames.try_emplace(&t);
        if (fresh)
            for (const TreeNode &c : t.children)
                names->second.push_back(islutil::tupleNames(c.set));
        for (std::size_t k = 0; k < t.children.size(); ++k)
            if (std::any_of(names->second[k].begin(), names->second[k].end(),
                            [&](const std::string &n) { return m_names.count(n) > 0; }))
                out.children.push_back(of(t.children[k], childNames));
        return out;
    }
    case TreeNode::Kind::Mark:
    case TreeNode::Kind::Leaf: break;
    }
    for (const TreeNode &c : t.children)
        out.children.push_back(of(c, childNames));
    return out;
}

// raw isl begin: a member's piece per statement (no extract on union_pw_aff in cpp.h 0.25)
isl::multi_union_pw_aff TreeRestriction::restricted(const isl::multi_union_pw_aff &band) const
{
    isl_union_pw_aff_list *list = isl_union_pw_aff_list_alloc(band.ctx().get(), static_cast<int>(band.size()));
    for (int k = 0, n = static_cast<int>(band.size()); k < n; ++k) {
        const isl::union_pw_aff member = band.at(k);
        isl_union_pw_aff *upa = isl_union_pw_aff_empty(isl_union_pw_aff_get_space(member.get()));
        m_only.foreach_set([&](const isl::set &s) {
            const isl::pw_aff pa = islutil::statementPiece(member, s.get_space());
            if (pa.n_piece() > 0)
                upa = isl_union_pw_aff_add_pw_aff(upa, pa.copy());
        });
        list = isl_union_pw_aff_list_add(list, upa);
    }
    return isl::manage(
        isl_multi_union_pw_aff_from_union_pw_aff_list(isl_multi_union_pw_aff_get_space(band.get()), list));
}
// raw isl end

} // namespace se
