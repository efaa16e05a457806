// SPDX-License-Identifier: MIT
#include "FactoredDifferences.h"

#include "core/deps/Dependence.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/VerifyMode.h"

#include <cassert>
#include <regex>

namespace se {

namespace {

// `text` with the tuple `name[` written `as[`.
std::string renamed(const std::string &text, const std::string &name, const std::string &as)
{
    return std::regex_replace(text, std::regex("\\b" + name + "\\["), as + "[");
}

} // namespace

const FactoredDifferences::Split &FactoredDifferences::split(std::size_t statement, const std::string &name)
{
    const auto found = m_splits.find(statement);
    if (found != m_splits.end())
        return found->second;
    Split &out = m_splits[statement];
    const isl::multi_aff *f = m_flat.function(statement);
    if (!f)
        return out;
    // { s[i] -> [t] }: constant rows become 0 in g and go to c.
    isl::multi_aff g = *f;
    const int n = static_cast<int>(f->size());
    out.c.assign(static_cast<std::size_t>(n), 0);
    for (int k = 0; k < n; ++k) {
        const isl::aff row = f->at(k);
        if (!row.is_cst())
            continue;
        const isl::val v = row.constant_val();
        if (!v.is_int() || !v.abs().lt(isl::val(v.ctx(), 1L << 40)))
            return out; // not affine as far as this goes
        out.c[static_cast<std::size_t>(k)] = v.get_num_si();
        g = g.set_at(k, row.sub(row)); // 0 on the same domain
    }
    out.g = g;
    out.text = renamed(islutil::str(g), name, "");
    out.affine = true;
    return out;
}

std::optional<DifferenceKey> FactoredDifferences::differences(const Dependence &dep)
{
    const Split &src = split(dep.src, dep.srcName);
    const Split &dst = split(dep.dst, dep.dstName);
    if (!src.affine || !dst.affine)
        return std::nullopt;
    // The shape: the relation and both g's without the statements' names
    // (the dependence analysis numbered the relations' shapes already).
    const std::string relation = dep.shape >= 0
        ? "#" + std::to_string(dep.shape)
        : renamed(renamed(islutil::str(dep.relation()), dep.srcName, ""), dep.dstName, "");
    const std::string shape = relation + " | " + src.text + " | " + dst.text;
    const auto [it, fresh] = m_shapeOf.emplace(shape, m_shapes.size());
    if (fresh) {
        // { [t] }: g_dst(j) - g_src(i) for the pairs (i, j) of the relation.
        m_shapes.push_back(dep.relation().apply_domain(src.g.as_map()).apply_range(dst.g.as_map()).deltas());
    }
    DifferenceKey key{it->second, {}};
    for (std::size_t k = 0; k < src.c.size(); ++k)
        key.offset.push_back(dst.c[k] - src.c[k]);
    return key;
}

isl::set FactoredDifferences::set(const DifferenceKey &key) const
{
    const isl::set &shape = m_shapes[key.shape];
    // The shape moved by the offset: the preimage under { [t] -> [t - offset] }.
    const isl::space space = shape.space();
    isl::multi_val back = isl::multi_val::zero(space);
    assert(static_cast<std::size_t>(back.size()) == key.offset.size());
    for (std::size_t k = 0; k < key.offset.size(); ++k)
        back = back.set_at(static_cast<int>(k), -static_cast<long>(key.offset[k]));
    const isl::set out = shape.preimage(isl::multi_aff::identity_on_domain(space).add_constant(back));
    if (VerifyMode::on()) {
        std::string from, to;
        for (std::size_t k = 0; k < key.offset.size(); ++k) {
            from += (k ? ", t" : "t") + std::to_string(k);
            to += (k ? ", t" : "t") + std::to_string(k) + " + " + std::to_string(key.offset[k]);
        }
        // { [t] -> [t + offset] }
        VerifyMode::check(out.is_equal(shape.apply(isl::map(shape.ctx(), "{ [" + from + "] -> [" + to + "] }"))),
                          "a shape moved by its offset");
    }
    return out;
}

} // namespace se
