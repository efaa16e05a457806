// SPDX-License-Identifier: MIT
#include "ExprToIsl.h"

#include <isl/aff.h>
#include <isl/local_space.h>

#include <stdexcept>

namespace se {

ExprToIsl::ExprToIsl(isl::space space) : m_space(std::move(space))
{
}

isl::pw_aff ExprToIsl::constant(std::int64_t v) const
{
    isl_local_space *ls = isl_local_space_from_space(m_space.copy());
    isl_val *val = isl_val_int_from_si(m_space.ctx().get(), v);
    return isl::manage(isl_pw_aff_from_aff(isl_aff_val_on_domain(ls, val)));
}

isl::pw_aff ExprToIsl::convert(const ExprPtr &e) const
{
    switch (e->kind()) {
    case ExprKind::Const: return constant(e->value());
    case ExprKind::Var: {
        const int pos = isl_space_find_dim_by_name(m_space.get(), isl_dim_set, e->name().c_str());
        if (pos >= 0) {
            isl_local_space *ls = isl_local_space_from_space(m_space.copy());
            return isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(pos))));
        }
        isl_id *id = isl_id_alloc(m_space.ctx().get(), e->name().c_str(), nullptr);
        return isl::manage(isl_pw_aff_from_aff(isl_aff_param_on_domain_space_id(m_space.copy(), id)));
    }
    case ExprKind::Sum: {
        isl::pw_aff r = constant(e->value());
        for (const auto &t : e->terms())
            r = r.add(convert(t.expr).scale(t.coef));
        return r;
    }
    case ExprKind::Mult: return convert(e->operand()).scale(e->value());
    case ExprKind::FloorDiv: return convert(e->operand()).scale_down(e->value()).floor();
    case ExprKind::Modulo: return convert(e->operand()).mod(e->value());
    case ExprKind::CeilDiv: return convert(e->operand()).scale_down(e->value()).ceil();
    case ExprKind::CeilMod: {
        const isl::pw_aff a = convert(e->operand());
        return a.sub(a.scale_down(e->value()).ceil().scale(e->value()));
    }
    case ExprKind::Min:
    case ExprKind::Max: {
        isl::pw_aff r = convert(e->args().front());
        for (std::size_t k = 1; k < e->args().size(); ++k)
            r = e->kind() == ExprKind::Min ? r.min(convert(e->args()[k])) : r.max(convert(e->args()[k]));
        return r;
    }
    }
    throw std::logic_error("ExprToIsl: unknown expression kind");
}

isl::set ExprToIsl::constraint(const Constraint &c) const
{
    const isl::pw_aff a = convert(c.lhs);
    const isl::pw_aff b = convert(c.rhs);
    switch (c.op) {
    case CmpOp::Ge: return a.ge_set(b);
    case CmpOp::Le: return a.le_set(b);
    case CmpOp::Gt: return a.gt_set(b);
    case CmpOp::Lt: return a.lt_set(b);
    case CmpOp::Eq: return a.eq_set(b);
    }
    throw std::logic_error("ExprToIsl: unknown comparison");
}

} // namespace se
