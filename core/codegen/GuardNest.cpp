// SPDX-License-Identifier: MIT
#include "GuardNest.h"

#include "AstNodes.h"
#include "core/isl/IslUtil.h"

#include <isl/options.h>
#include <isl/set.h>

namespace se {

namespace {

template <typename F> bool memo(std::map<std::array<int, 3>, bool> &m, const std::array<int, 3> &k, F &&f)
{
    const auto it = m.find(k);
    return it != m.end() ? it->second : m.emplace(k, f()).first->second;
}

// raw isl begin: options, a piece count, plain universality and disjoint parts (not in cpp.h 0.25)
bool allowOr(isl::ctx ctx)
{
    return isl_options_get_ast_build_allow_or(ctx.get()) != 0;
}

bool allowElse(isl::ctx ctx)
{
    return isl_options_get_ast_build_allow_else(ctx.get()) != 0;
}

int basicSetCount(const isl::set &s)
{
    return isl_set_n_basic_set(s.get());
}

bool plainUniverse(const isl::set &s)
{
    return isl_set_plain_is_universe(s.get()) == isl_bool_true;
}

isl::set disjoint(const isl::set &s)
{
    return isl::manage(isl_set_make_disjoint(s.copy()));
}
// raw isl end

} // namespace

struct GuardNest::Item {
    isl::ast_node node; ///< the call, or a block of guarded calls
    std::optional<isl::ast_expr> cond; ///< none: no if
    std::vector<std::unique_ptr<Item>> then; ///< later items nested in the if
};

GuardNest::GuardNest(const isl::ast_build &build, isl::set points)
    : m_build(build), m_points(std::move(points)), m_or(allowOr(build.ctx())), m_else(allowElse(build.ctx()))
{
}

GuardNest::~GuardNest() = default;

bool GuardNest::add(const isl::ast_node &call, int form, const isl::set &domain)
{
    int j = static_cast<int>(m_open.size()) - 1;
    for (; j >= 0; --j) {
        const Open &o = m_open[static_cast<std::size_t>(j)];
        if (memo(m_within, {form, o.form, 0}, [&] { return domain.is_subset(o.guard); }))
            break;
        if (m_else && memo(m_outside, {form, o.form, o.outer}, [&] { return domain.is_subset(o.complement); }))
            return false;
    }
    m_open.resize(static_cast<std::size_t>(j + 1));
    const int outerForm = j >= 0 ? m_open.back().form : -1;
    const isl::set outer = j >= 0 ? m_open.back().guard : m_points;
    // isl's guard of the call: its domain gisted by where the loops run
    // (an open if keeps it so, and a later call nests there when its
    // domain lies within it).
    const isl::set pending = pendingOf(form, domain);
    const Guard &guard = guardOf(form, outerForm, pending, outer);
    auto item = std::make_unique<Item>();
    if (!guard.parts.empty()) {
        // isl: one if per disjoint part, around a copy of the call each
        std::vector<isl::ast_node> parts;
        for (const auto &c : guard.parts)
            parts.push_back(c ? AstNodes::ifThen(*c, call) : call);
        item->node = AstNodes::block(m_build.ctx(), parts);
    } else {
        item->cond = guard.cond;
        item->node = call;
    }
    Item *placed = item.get();
    (j >= 0 ? m_open.back().item->then : m_items).push_back(std::move(item));
    if (placed->cond)
        m_open.push_back(Open{placed, form, outerForm, pending, outer.subtract(pending)});
    return true;
}

isl::ast_node GuardNest::node() const
{
    return nodeOf(m_items);
}

const isl::set &GuardNest::pendingOf(int form, const isl::set &domain)
{
    if (const auto it = m_pending.find(form); it != m_pending.end())
        return it->second;
    return m_pending.emplace(form, islutil::coalesce(domain.gist(m_points))).first->second;
}

const GuardNest::Guard &GuardNest::guardOf(int form, int outerForm, const isl::set &pending, const isl::set &outer)
{
    const Key k{form, outerForm, 0};
    if (const auto it = m_guards.find(k); it != m_guards.end())
        return it->second;
    Guard g;
    const isl::set guard = outerForm < 0 ? pending : islutil::coalesce(pending.gist(outer));
    if (plainUniverse(guard)) {
        // no if
    } else if (basicSetCount(guard) > 1 && !m_or) {
        disjoint(guard).foreach_basic_set([&](const isl::basic_set &b) { g.parts.push_back(condition(isl::set(b))); });
    } else {
        g.cond = condition(guard);
    }
    return m_guards.emplace(k, std::move(g)).first->second;
}

// isl's condition for `guard` in this build; none when it always holds.
std::optional<isl::ast_expr> GuardNest::condition(const isl::set &guard) const
{
    isl::ast_expr cond = m_build.expr_from(guard);
    if (AstNodes::alwaysTrue(cond))
        return std::nullopt;
    return cond;
}

isl::ast_node GuardNest::nodeOf(const std::vector<std::unique_ptr<Item>> &items) const
{
    std::vector<isl::ast_node> nodes;
    for (const auto &i : items) {
        if (!i->cond) {
            nodes.push_back(i->node);
            continue;
        }
        std::vector<isl::ast_node> body{i->node};
        if (!i->then.empty())
            body.push_back(nodeOf(i->then));
        nodes.push_back(AstNodes::ifThen(*i->cond, AstNodes::block(m_build.ctx(), AstNodes::flattened(body))));
    }
    return AstNodes::block(m_build.ctx(), AstNodes::flattened(nodes));
}

} // namespace se
