// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace se {

/// Expression kinds, mirroring the kernel format's tree form. CeilDiv and
/// CeilMod are the `CCDiv`/`CCMod` ceiling forms: ceil(a / c) and
/// a - c * ceil(a / c), in (-c, 0].
enum class ExprKind { Const, Var, Sum, Mult, FloorDiv, Modulo, CeilDiv, CeilMod, Min, Max };

class Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct SumTerm {
    std::int64_t coef;
    ExprPtr expr;
};

/// An immutable quasi-affine expression tree. Constructors enforce the shape
/// of each kind; quasi-affinity (products with a constant, division by a
/// positive constant) is enforced by the parsers that build them.
class Expr {
public:
    using Lookup = std::function<std::int64_t(const std::string &name)>;

    static ExprPtr constant(std::int64_t value);
    static ExprPtr variable(std::string name);
    /// The collective rank `rank(it, ch)`: the parameter `rank_<it>_<ch>`.
    static ExprPtr rank(std::int64_t iteration, std::int64_t channel);
    static ExprPtr sum(std::vector<SumTerm> terms, std::int64_t constant);
    static ExprPtr mult(std::int64_t scale, ExprPtr operand);
    /// FloorDiv, Modulo, CeilDiv or CeilMod by a positive constant.
    static ExprPtr division(ExprKind kind, ExprPtr numerator, std::int64_t denominator);
    /// Min or Max of one or more arguments (loop bounds only).
    static ExprPtr extremum(ExprKind kind, std::vector<ExprPtr> args);

    static ExprPtr add(const ExprPtr &a, const ExprPtr &b);
    static ExprPtr subtract(const ExprPtr &a, const ExprPtr &b);

    ExprKind kind() const { return m_kind; }
    /// Const value, Sum constant, Mult scale, or division denominator.
    std::int64_t value() const { return m_value; }
    /// Var name (`rank_<it>_<ch>` for a rank).
    const std::string &name() const { return m_name; }
    bool isRank() const { return m_rank; }
    std::int64_t rankIteration() const { return m_rankIteration; }
    std::int64_t rankChannel() const { return m_rankChannel; }
    const std::vector<SumTerm> &terms() const { return m_terms; }
    /// Mult operand, division numerator, or Min/Max arguments.
    const std::vector<ExprPtr> &args() const { return m_args; }
    const ExprPtr &operand() const { return m_args.front(); }

    /// The value when the expression names no variable.
    std::optional<std::int64_t> constantValue() const;
    bool containsExtremum() const;
    void collectNames(std::set<std::string> &out) const;
    /// Evaluates with floor/ceiling semantics; throws std::out_of_range from
    /// `lookup` for unknown names and std::overflow_error on overflow.
    std::int64_t evaluate(const Lookup &lookup) const;
    /// Replaces variables by expressions (names not in `map` stay).
    ExprPtr substitute(const std::function<ExprPtr(const std::string &)> &map) const;

    /// Prints in the kernel format's string grammar, with minimal parentheses.
    std::string str() const;

    /// Floor division, floor remainder and the ceiling forms on integers.
    static std::int64_t floorDiv(std::int64_t a, std::int64_t c);
    static std::int64_t floorMod(std::int64_t a, std::int64_t c);
    static std::int64_t ceilDiv(std::int64_t a, std::int64_t c);
    static std::int64_t ceilMod(std::int64_t a, std::int64_t c);

private:
    explicit Expr(ExprKind kind) : m_kind(kind) { }
    void print(std::string &out) const;
    bool isAtom() const;

    ExprKind m_kind;
    std::int64_t m_value = 0;
    std::string m_name;
    bool m_rank = false;
    std::int64_t m_rankIteration = 0;
    std::int64_t m_rankChannel = 0;
    std::vector<SumTerm> m_terms;
    std::vector<ExprPtr> m_args;
};

const char *exprKindName(ExprKind kind);

} // namespace se
