// SPDX-License-Identifier: MIT
#include "AstCoverage.h"

#include "core/isl/IslUtil.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

namespace se {

// raw isl begin: C callbacks of the AST build (annotations, user pointers: not in cpp.h 0.25);
// no C++ callbacks are set on the build, so passing it through C is safe
AstCoverage::~AstCoverage()
{
    reset();
}

void AstCoverage::reset()
{
    for (isl_union_set *s : m_calls)
        isl_union_set_free(s);
    m_calls.clear();
    m_kept.clear();
    m_groups = nullptr;
    m_failed = m_declined = m_leafMade = false;
}

isl::ast_build AstCoverage::watching(isl::ast_build build, const GroupExpansion *groups)
{
    m_groups = groups;
    isl_ast_build *b = isl_ast_build_set_at_each_domain(build.release(), recordDomain, this);
    if (groups && groups->hasSubtrees())
        b = isl_ast_build_set_create_leaf(b, createLeaf, this);
    return isl::manage(b);
}

// C callbacks: no exception may leave them.
isl_ast_node *AstCoverage::recordDomain(isl_ast_node *node, isl_ast_build *build, void *user)
{
    auto *c = static_cast<AstCoverage *>(user);
    if (c->m_groups)
        if (isl_ast_node *e = c->expanded(node, build))
            return e;
    return c->tagged(node, isl_union_map_domain(isl_ast_build_get_schedule(build)));
}

// `node` tagged as a call running `instances` (taken).
isl_ast_node *AstCoverage::tagged(isl_ast_node *node, isl_union_set *instances)
{
    if (!instances) {
        m_failed = true;
        return node;
    }
    try {
        m_calls.push_back(instances);
    } catch (...) { // out of memory: no exception may leave the callback
        isl_union_set_free(instances);
        m_failed = true;
        return node;
    }
    auto *tag = reinterpret_cast<void *>(static_cast<std::uintptr_t>(m_calls.size()));
    return isl_ast_node_set_annotation(node, isl_id_alloc(isl_ast_node_get_ctx(node), "se_call", tag));
}

// GroupExpansion's view of the calls tagged here.
GroupExpansion::Calls AstCoverage::calls()
{
    GroupExpansion::Calls out;
    out.tag = [this](const isl::ast_node &call, const isl::union_set &instances) {
        return isl::manage(tagged(call.copy(), instances.copy()));
    };
    out.instances = [this](const isl::ast_node &call) -> std::optional<isl::union_set> {
        isl_id *t = isl_ast_node_get_annotation(call.get());
        const auto k = reinterpret_cast<std::uintptr_t>(t ? isl_id_get_user(t) : nullptr);
        isl_id_free(t);
        if (k == 0 || k > m_calls.size())
            return std::nullopt;
        return isl::manage(isl_union_set_copy(m_calls[k - 1]));
    };
    return out;
}

// The statements of the group `node` calls in its place (`node` freed), or
// null when it calls no group or they cannot be put there.
isl_ast_node *AstCoverage::expanded(isl_ast_node *node, isl_ast_build *build)
{
    try {
        isl::ast_node out;
        switch (m_groups->expand(isl::manage_copy(node), isl::manage_copy(build), calls(), out)) {
        case GroupExpansion::Result::NotAGroup: return nullptr;
        case GroupExpansion::Result::Declined: m_declined = true; return nullptr;
        case GroupExpansion::Result::Expanded: isl_ast_node_free(node); return out.release();
        }
    } catch (...) {
        // An isl limit or error: the tree is made again without the cut,
        // where the limit says so itself.
        m_declined = true;
    }
    return nullptr;
}

// The nest of a group of subtrees in place of its leaf (the build taken).
// When it cannot be made, a call that runs nothing stands there and the
// tree is made again without the cut (declined()).
isl_ast_node *AstCoverage::createLeaf(isl_ast_build *build, void *user)
{
    auto *c = static_cast<AstCoverage *>(user);
    if (!build)
        return nullptr;
    // isl hands the leaf a build without the callbacks: the calls made in it are watched too.
    const isl::ast_build b = isl::manage(isl_ast_build_set_at_each_domain(build, recordDomain, c));
    try {
        isl::ast_node out;
        if (c->m_groups->expandLeaf(b, c->calls(), out) == GroupExpansion::Result::Expanded) {
            c->m_leafMade = true;
            return out.release();
        }
    } catch (...) {
        // as in expanded()
    }
    c->m_declined = true;
    isl_ctx *ctx = isl_ast_build_get_ctx(b.get());
    return isl_ast_node_alloc_user(isl_ast_expr_from_val(isl_val_zero(ctx)));
}

isl_bool AstCoverage::markKept(isl_ast_node *node, void *user)
{
    auto *c = static_cast<AstCoverage *>(user);
    if (isl_ast_node_get_type(node) != isl_ast_node_user)
        return isl_bool_true;
    isl_id *tag = isl_ast_node_get_annotation(node);
    const auto k = reinterpret_cast<std::uintptr_t>(tag ? isl_id_get_user(tag) : nullptr);
    isl_id_free(tag);
    if (k == 0 || k > c->m_kept.size())
        c->m_failed = true; // a call isl made without telling
    else
        c->m_kept[k - 1] = true;
    return isl_bool_true;
}

namespace {

// A statement's instances by their tuple (isl's ids are unique: the
// pointer tells two statements of one name apart) and dimension.
std::string nameOf(const isl::set &s)
{
    isl_id *id = isl_set_has_tuple_id(s.get()) == isl_bool_true ? isl_set_get_tuple_id(s.get()) : nullptr;
    const std::string key =
        std::to_string(reinterpret_cast<std::uintptr_t>(id)) + "/" + std::to_string(isl_set_dim(s.get(), isl_dim_set));
    isl_id_free(id);
    return key;
}

} // namespace

bool AstCoverage::covers(const isl::ast_node &ast, const isl::union_set &domain)
{
    m_kept.assign(m_calls.size(), false);
    if (isl_ast_node_foreach_descendant_top_down(ast.get(), markKept, this) < 0 || m_failed)
        return false;
    // What the kept calls run, by statement (a union grown call by call
    // copied itself per call).
    std::unordered_map<std::string, isl::set> run;
    for (std::size_t k = 0; k < m_calls.size(); ++k)
        if (m_kept[k])
            isl::manage(isl_union_set_copy(m_calls[k])).foreach_set([&](const isl::set &s) {
                auto [it, fresh] = run.try_emplace(nameOf(s), s);
                if (!fresh)
                    it->second = it->second.unite(s);
            });
    // Statement by statement, each form once: statements alike but for
    // their names (a pipeline's stages) have the same answer (the union's
    // test weighed on a tile's nest on pipeline_400).
    std::unordered_map<std::string, bool> answers;
    bool all = true;
    domain.foreach_set([&](const isl::set &instances) {
        if (!all)
            return;
        const auto r = run.find(nameOf(instances));
        const isl::set ran = r != run.end() ? r->second : isl::set::empty(instances.get_space());
        const std::string form =
            islutil::str(islutil::anonymous(instances)) + " in " + islutil::str(islutil::anonymous(ran));
        auto it = answers.find(form);
        if (it == answers.end())
            it = answers.emplace(form, instances.is_subset(ran)).first;
        all = it->second;
    });
    return all;
}
// raw isl end

} // namespace se
