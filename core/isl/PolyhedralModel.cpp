// SPDX-License-Identifier: MIT
#include "PolyhedralModel.h"

#include "ExprToIsl.h"
#include "IslContext.h"
#include "IslUtil.h"
#include "core/support/InputError.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>

#include <algorithm>
#include <type_traits>
#include <set>

namespace se {

namespace {

// A set space `[params] -> { name[dims] }` with named dimensions.
isl::space setSpace(const isl::space &params, const std::string &name, const std::vector<std::string> &dims)
{
    isl_space *sp = isl_space_set_from_params(params.copy());
    sp = isl_space_add_dims(sp, isl_dim_set, static_cast<unsigned>(dims.size()));
    for (std::size_t k = 0; k < dims.size(); ++k)
        sp = isl_space_set_dim_name(sp, isl_dim_set, static_cast<unsigned>(k), dims[k].c_str());
    if (!name.empty())
        sp = isl_space_set_tuple_name(sp, isl_dim_set, name.c_str());
    return isl::manage(sp);
}

std::vector<std::string> coordinateNames(std::size_t n)
{
    std::vector<std::string> dims;
    for (std::size_t d = 0; d < n; ++d)
        dims.push_back("d" + std::to_string(d));
    return dims;
}

// { dom -> name[exprs] } from one pw_aff per output dimension.
isl::map mapToTuple(const isl::space &domain, const std::string &name, const std::vector<isl::pw_aff> &pas)
{
    isl_space *range = isl_space_set_from_params(isl_space_params(domain.copy()));
    range = isl_space_add_dims(range, isl_dim_set, static_cast<unsigned>(pas.size()));
    range = isl_space_set_tuple_name(range, isl_dim_set, name.c_str());
    return islutil::mapFromPwAffs(isl::manage(isl_space_map_from_domain_and_range(domain.copy(), range)), pas);
}

// isl text of a JSCoP, with its parameters in the model's order.
template <typename T>
T parseText(const isl::space &params, const std::string &text, const std::string &file, const std::string &place)
{
    isl_ctx *ctx = params.ctx().get();
    auto *raw = std::is_same_v<T, isl::set> ? static_cast<void *>(isl_set_read_from_str(ctx, text.c_str()))
                                            : static_cast<void *>(isl_map_read_from_str(ctx, text.c_str()));
    if (!raw) {
        const char *msg = isl_ctx_last_error_msg(ctx);
        throw InputError(file, place, "not isl text: " + std::string(msg ? msg : "syntax error"));
    }
    if constexpr (std::is_same_v<T, isl::set>)
        return isl::manage(isl_set_align_params(static_cast<isl_set *>(raw), params.copy()));
    else
        return isl::manage(isl_map_align_params(static_cast<isl_map *>(raw), params.copy()));
}

} // namespace

PolyhedralModel::PolyhedralModel(IslContext &ctx, KernelPtr kernel, ParamValues fixed)
    : m_ctx(ctx), m_kernel(std::move(kernel)), m_fixed(std::move(fixed))
{
    const Kernel &k = *m_kernel;
    m_paramNames = k.allParamNames();
    for (const auto &[name, value] : m_fixed) {
        if (std::find(m_paramNames.begin(), m_paramNames.end(), name) == m_paramNames.end()) {
            std::string known;
            for (const auto &n : m_paramNames)
                known += (known.empty() ? "" : ", ") + n;
            throw InputError(k.sourcePath, InputError::parameterPlace(name),
                             "the kernel has no parameter '" + name + "'"
                                 + (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")"));
        }
        if (const Param *p = k.param(name)) {
            if (p->min && value < *p->min)
                throw InputError(k.sourcePath, InputError::parameterPlace(name),
                                 std::to_string(value) + " is below the minimum " + std::to_string(*p->min));
            if (p->max && value > *p->max)
                throw InputError(k.sourcePath, InputError::parameterPlace(name),
                                 std::to_string(value) + " is above the maximum " + std::to_string(*p->max));
        } else if (value < 0) {
            throw InputError(k.sourcePath, InputError::parameterPlace(name), "a rank is non-negative");
        }
    }

    isl_space *ps = isl_space_params_alloc(ctx.get(), static_cast<unsigned>(m_paramNames.size()));
    for (std::size_t i = 0; i < m_paramNames.size(); ++i)
        ps = isl_space_set_dim_name(ps, isl_dim_param, static_cast<unsigned>(i), m_paramNames[i].c_str());
    m_paramSpace = isl::manage(ps);

    QuotaScope::run(ctx, "building the domains", [&] {
        buildContext();
        m_domain = isl::union_set::empty(ctx.ctx());
        for (const auto &place : k.statements()) {
            QuotaScope::nextStep(ctx);
            buildStatement(place);
        }
        return 0;
    });
}

void PolyhedralModel::buildContext()
{
    const Kernel &k = *m_kernel;
    ExprToIsl conv(m_paramSpace);
    auto param = [&](const std::string &n) { return conv.convert(Expr::variable(n)); };
    isl::set ctx = isl::set::universe(m_paramSpace);
    for (const auto &p : k.params) {
        if (p.min)
            ctx = ctx.intersect(param(p.name).ge_set(conv.constant(*p.min)));
        if (p.max)
            ctx = ctx.intersect(param(p.name).le_set(conv.constant(*p.max)));
    }
    for (const auto &r : k.rankParams)
        if (!k.param(r))
            ctx = ctx.intersect(param(r).ge_set(conv.constant(0)));
    if (ctx.is_empty())
        throw InputError(k.sourcePath, "params", "no parameter values satisfy the parameter bounds");
    if (!k.contextText.empty()) {
        ctx = ctx.intersect(parseText<isl::set>(m_paramSpace, k.contextText, k.sourcePath, "context"));
        if (ctx.is_empty())
            throw InputError(k.sourcePath, "context", "'" + k.contextText + "' leaves no parameter values");
    }
    for (std::size_t i = 0; i < k.context.size(); ++i) {
        ctx = ctx.intersect(conv.constraint(k.context[i]));
        if (ctx.is_empty())
            throw InputError(k.sourcePath, "context[" + std::to_string(i) + "]",
                             "'" + k.context[i].str() + "' leaves no parameter values");
    }
    for (const auto &[name, value] : m_fixed) {
        ctx = ctx.intersect(param(name).eq_set(conv.constant(value)));
        if (ctx.is_empty()) {
            std::string values;
            for (const auto &[n, v] : m_fixed)
                values += (values.empty() ? "" : ", ") + n + " = " + std::to_string(v);
            throw InputError(k.sourcePath, "context",
                             "the fixed parameter values (" + values + ") violate the kernel's context");
        }
    }
    m_context = ctx;
}

void PolyhedralModel::buildStatement(const StatementPlace &place)
{
    const Statement &st = *place.statement;
    if (!st.domainText.empty())
        return buildRelationStatement(place);
    StatementModel s;
    s.place = &place;
    s.name = st.tupleName();
    const isl::space space = setSpace(m_paramSpace, s.name, st.iterators);
    ExprToIsl conv(space);
    isl::set dom = isl::set::universe(space);
    for (const Loop *l : place.loops) {
        const isl::pw_aff v = conv.convert(Expr::variable(l->iterator));
        for (const auto &lb : l->lb)
            dom = dom.intersect(v.ge_set(conv.convert(lb)));
        for (const auto &ub : l->ub)
            dom = dom.intersect(v.lt_set(conv.convert(ub)));
        if (l->stride != 1) // (iv - lb) mod stride == 0
            dom = dom.intersect(v.sub(conv.convert(l->lb.front())).mod(l->stride).eq_set(conv.constant(0)));
    }
    for (const auto &p : st.predicates)
        dom = dom.intersect(conv.constraint(p));
    s.domain = islutil::coalesce(dom.intersect_params(m_context));
    // In place (released, not copied): a union that is copied on each add
    // makes n statements cost n * n.
    m_domain = isl::manage(isl_union_set_add_set(m_domain.release(), s.domain.copy()));

    const std::size_t sindex = m_statements.size();
    for (int w = 1; w >= 0; --w) {
        const auto &list = w ? st.writes : st.reads;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Access &a = list[i];
            const Tensor &t = *m_kernel->tensor(a.tensor);
            AccessModel am;
            am.statement = sindex;
            am.write = w;
            am.index = i;
            am.tensor = a.tensor;
            am.allocation = t.allocationName();
            am.path = st.path + (w ? ".writes[" : ".reads[") + std::to_string(i) + "]";
            std::vector<isl::pw_aff> idx;
            for (const auto &e : a.index)
                idx.push_back(conv.convert(e));
            am.tensorRelation = mapToTuple(space, t.name, idx).intersect_domain(s.domain);
            am.indexFunctions = idx;
            am.relation = am.tensorRelation;
            if (t.alloc) {
                // { T[d0, ...] -> B_alloc[...] }, made once per tensor
                auto known = m_bufferIndex.find(t.name);
                if (known == m_bufferIndex.end()) {
                    const isl::space tspace = setSpace(m_paramSpace, t.name, coordinateNames(t.shape.size()));
                    ExprToIsl tconv(tspace);
                    std::vector<isl::pw_aff> bidx;
                    for (const auto &e : t.alloc->index)
                        bidx.push_back(tconv.convert(e));
                    known = m_bufferIndex.emplace(t.name, BufferIndex{tspace, std::move(bidx)}).first;
                }
                am.relation =
                    am.tensorRelation.apply_range(mapToTuple(known->second.space, am.allocation, known->second.index));
            }
            s.accesses.push_back(m_accesses.size());
            m_accesses.push_back(std::move(am));
        }
    }
    m_index[s.name] = static_cast<int>(sindex);
    m_statements.push_back(std::move(s));
}

// A statement opened from a JSCoP: its domain and access relations as the
// file gives them, in the file's coordinates.
void PolyhedralModel::buildRelationStatement(const StatementPlace &place)
{
    const Statement &st = *place.statement;
    const std::string &file = m_kernel->sourcePath;
    StatementModel s;
    s.place = &place;
    s.name = st.tupleName();
    const isl::set dom = parseText<isl::set>(m_paramSpace, st.domainText, file, st.path + ".domain");
    const char *tn = isl_set_get_tuple_name(dom.get());
    if (!tn || tn != s.name || dom.tuple_dim() != place.loops.size())
        throw InputError(file, st.path + ".domain",
                         "the domain is not over " + s.name + " with " + std::to_string(place.loops.size())
                             + " dimensions");
    s.domain = islutil::coalesce(dom.intersect_params(m_context));
    // In place (released, not copied): a union that is copied on each add
    // makes n statements cost n * n.
    m_domain = isl::manage(isl_union_set_add_set(m_domain.release(), s.domain.copy()));
    const std::size_t sindex = m_statements.size();
    std::size_t counts[2] = {0, 0};
    for (const auto &r : st.relations) {
        AccessModel am;
        am.statement = sindex;
        am.write = r.write;
        am.index = counts[r.write]++;
        am.tensor = r.tensor;
        am.allocation = r.tensor;
        am.path = r.path;
        const isl::map rel = parseText<isl::map>(m_paramSpace, r.relation, file, r.path + ".relation");
        const char *rn = isl_map_get_tuple_name(rel.get(), isl_dim_in);
        if (!rn || rn != s.name || rel.domain_tuple_dim() != place.loops.size())
            throw InputError(file, r.path + ".relation", "the relation's domain is not " + s.name + "'s");
        am.tensorRelation = rel.intersect_domain(s.domain);
        am.relation = am.tensorRelation;
        s.accesses.push_back(m_accesses.size());
        m_accesses.push_back(std::move(am));
    }
    m_index[s.name] = static_cast<int>(sindex);
    m_statements.push_back(std::move(s));
}

int PolyhedralModel::statementIndex(const std::string &name) const
{
    auto it = m_index.find(name);
    return it == m_index.end() ? -1 : it->second;
}

int PolyhedralModel::statementIndex(const isl::set &instances) const
{
    const char *name = isl_set_get_tuple_name(instances.get()); // a C string, no isl::id to make
    return name ? statementIndex(std::string(name)) : -1;
}

int PolyhedralModel::statementIndex(const isl::map &times) const
{
    const char *name = isl_map_get_tuple_name(times.get(), isl_dim_in); // as above
    return name ? statementIndex(std::string(name)) : -1;
}

std::optional<std::vector<std::size_t>> PolyhedralModel::statementsOf(const isl::union_set &instances) const
{
    std::vector<std::size_t> out;
    bool known = true;
    instances.foreach_set([&](const isl::set &s) {
        const int k = statementIndex(s);
        if (k < 0)
            known = false;
        else
            out.push_back(static_cast<std::size_t>(k));
    });
    if (!known)
        return std::nullopt;
    return out;
}

std::vector<std::string> PolyhedralModel::allocations() const
{
    std::set<std::string> out;
    for (const auto &a : m_accesses)
        out.insert(a.allocation);
    return {out.begin(), out.end()};
}

ParamValues PolyhedralModel::concreteParams() const
{
    ParamValues out = m_fixed;
    for (const auto &p : m_kernel->params)
        if (!out.count(p.name) && p.value)
            out[p.name] = *p.value;
    return out;
}

std::string PolyhedralModel::text(const isl::map &m) const
{
    return islutil::str(allParamsFixed() ? islutil::coalesce(m.project_out_all_params()) : m.gist_params(m_context));
}

std::string PolyhedralModel::text(const isl::set &s) const
{
    return islutil::str(allParamsFixed() ? islutil::coalesce(s.project_out_all_params()) : s.gist_params(m_context));
}

const PolyhedralModel::AccessFunctions *PolyhedralModel::accessFunctions(std::size_t access) const
{
    if (access >= m_accesses.size())
        return nullptr;
    if (m_functions.size() != m_accesses.size())
        m_functions.resize(m_accesses.size());
    std::optional<std::shared_ptr<const AccessFunctions>> &made = m_functions[access];
    if (!made) {
        const AccessModel &am = m_accesses[access];
        made.emplace();
        try {
            // A kernel's access: its index expressions, and the buffer's
            // index of the tensor's element (composing the two per access
            // slowed a first tile's violations on tiled_matmul_64, and a
            // function from the relation slowed them further before that).
            if (am.indexFunctions) {
                const auto buffer = m_bufferIndex.find(am.tensor);
                *made = buffer == m_bufferIndex.end()
                    ? std::make_shared<const AccessFunctions>(
                        AccessFunctions{*am.indexFunctions, {}, AccessFunctions::Allocation::Tensor})
                    : std::make_shared<const AccessFunctions>(AccessFunctions{*am.indexFunctions, buffer->second.index,
                                                                              AccessFunctions::Allocation::OfElement});
                return made->get();
            }
            if (am.tensorRelation.is_single_valued() && am.relation.is_single_valued()) {
                const auto outputs = [](const isl::map &relation) {
                    const isl::pw_multi_aff f = relation.as_pw_multi_aff();
                    std::vector<isl::pw_aff> out;
                    // raw isl: the number of outputs (cpp.h 0.25 has no dim())
                    for (isl_size k = 0; k < isl_pw_multi_aff_dim(f.get(), isl_dim_out); ++k)
                        out.push_back(f.at(static_cast<int>(k)));
                    return out;
                };
                *made = std::make_shared<const AccessFunctions>(AccessFunctions{
                    outputs(am.tensorRelation), outputs(am.relation), AccessFunctions::Allocation::OfInstance});
            }
        } catch (const isl::exception_quota &) {
            made.reset(); // a limit is not the access's: asked again next time
            throw;
        } catch (const isl::exception_abort &) {
            made.reset();
            throw;
        } catch (const isl::exception &) {
            if (m_ctx.limitHit()) {
                made.reset();
                throw;
            }
            // (isl could not make a function: the relation answers)
        }
    }
    return made->get();
}

} // namespace se
