// SPDX-License-Identifier: MIT
#include "ExprParser.h"

#include "core/support/InputError.h"
#include "core/support/Utf8.h"

#include <cctype>
#include <limits>
#include <stdexcept>

namespace se {

namespace {

enum class Tok { Int, Ident, Op, End };

struct Token {
    Tok kind = Tok::End;
    std::string text;
    std::int64_t value = 0;
    std::size_t column = 0; // 1-based
};

std::vector<Token> tokenize(const std::string &s)
{
    std::vector<Token> out;
    std::size_t i = 0;
    auto fail = [](std::size_t col, const std::string &what) {
        throw InputError("", "column " + std::to_string(col), what);
    };
    while (i < s.size()) {
        const char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        Token t;
        t.column = i + 1;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::int64_t v = 0;
            while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
                if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[i] - '0', &v))
                    fail(t.column, "integer literal too large");
                ++i;
            }
            t.kind = Tok::Int;
            t.value = v;
            t.text = s.substr(t.column - 1, i - t.column + 1);
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
                ++i;
            t.kind = Tok::Ident;
            t.text = s.substr(t.column - 1, i - t.column + 1);
        } else {
            static const char *two[] = {"//", ">=", "<=", "=="};
            t.kind = Tok::Op;
            for (const char *op : two)
                if (s.compare(i, 2, op) == 0)
                    t.text = op;
            if (t.text.empty()) {
                if (std::string("+-*/%(),<>").find(c) == std::string::npos) {
                    if (c == '!' && i + 1 < s.size() && s[i + 1] == '=')
                        fail(t.column, "'!=' is not a supported comparison (use >=, <=, >, <, ==)");
                    // The whole character, named: one byte of '−' is not UTF-8.
                    fail(Utf8::column(s, i), "unexpected character " + Utf8::describeAt(s, i));
                }
                t.text = std::string(1, c);
            }
            i += t.text.size();
        }
        out.push_back(t);
    }
    Token end;
    end.column = s.size() + 1;
    out.push_back(end);
    return out;
}

class Parser {
public:
    Parser(const std::string &text, ExprParser::Options options) : m_toks(tokenize(text)), m_options(options) { }

    ExprPtr parseWhole()
    {
        if (peek().kind == Tok::End)
            fail(peek(), "empty expression");
        ExprPtr e = expr();
        expectEnd();
        return e;
    }

    Constraint parseConstraint()
    {
        Constraint c;
        if (peek().kind == Tok::End)
            fail(peek(), "empty constraint");
        c.lhs = expr();
        const Token &op = peek();
        if (op.kind != Tok::Op
            || (op.text != ">=" && op.text != "<=" && op.text != ">" && op.text != "<" && op.text != "==")) {
            if (op.kind == Tok::End)
                fail(op, "expected a comparison (>=, <=, >, <, ==) after '" + joined() + "'");
            fail(op, "expected a comparison (>=, <=, >, <, ==), got '" + op.text + "'");
        }
        c.op = op.text == ">=" ? CmpOp::Ge
            : op.text == "<="  ? CmpOp::Le
            : op.text == ">"   ? CmpOp::Gt
            : op.text == "<"   ? CmpOp::Lt
                               : CmpOp::Eq;
        take();
        if (peek().kind == Tok::End)
            fail(peek(), "missing right-hand side of the comparison");
        c.rhs = expr();
        if (peek().kind == Tok::Op
            && (peek().text == ">=" || peek().text == "<=" || peek().text == ">" || peek().text == "<"
                || peek().text == "=="))
            fail(peek(), "one comparison per constraint (write chains as separate constraints)");
        expectEnd();
        return c;
    }

private:
    [[noreturn]] void fail(const Token &t, const std::string &what) const
    {
        throw InputError("", "column " + std::to_string(t.column), what);
    }

    std::string joined() const
    {
        std::string out;
        for (const auto &t : m_toks)
            if (t.kind != Tok::End)
                out += (out.empty() ? "" : " ") + t.text;
        return out;
    }

    const Token &peek(std::size_t k = 0) const { return m_toks[std::min(m_pos + k, m_toks.size() - 1)]; }
    const Token &take() { return m_toks[std::min(m_pos++, m_toks.size() - 1)]; }
    bool isOp(const char *op, std::size_t k = 0) const { return peek(k).kind == Tok::Op && peek(k).text == op; }
    void expect(const char *op)
    {
        if (!isOp(op))
            fail(peek(),
                 std::string("expected '") + op + "'"
                     + (peek().kind == Tok::End ? " before the end" : ", got '" + peek().text + "'"));
        take();
    }
    void expectEnd()
    {
        if (peek().kind != Tok::End) {
            if (isOp(")"))
                fail(peek(), "unbalanced ')'");
            fail(peek(), "unexpected '" + peek().text + "' after a complete expression");
        }
    }

    ExprPtr expr()
    {
        std::vector<SumTerm> terms;
        terms.push_back({1, term()});
        while (isOp("+") || isOp("-")) {
            const bool minus = take().text == "-";
            terms.push_back({minus ? -1 : 1, term()});
        }
        if (terms.size() == 1)
            return terms.front().expr;
        return fold(Expr::sum(std::move(terms), 0));
    }

    ExprPtr term()
    {
        ExprPtr left = unary();
        // A chain `i * 2 * 2 ...` or `i // 2 // 2 ...` nests the tree too.
        int chain = 0;
        while (true) {
            const Token &t = peek();
            if (m_depth + ++chain > MaxDepth)
                fail(t, "expression nested deeper than " + std::to_string(MaxDepth) + " levels");
            if (isOp("*")) {
                take();
                const Token &at = peek();
                left = product(left, unary(), at);
            } else if (isOp("//") || isOp("%")) {
                const bool mod = take().text == "%";
                const Token &at = peek();
                left = divide(mod ? ExprKind::Modulo : ExprKind::FloorDiv, left, unary(), at);
            } else if (isOp("/")) {
                if (m_slashEnds)
                    return left;
                fail(t, "'/' is not integer division: use '//' (floor) or cc_div(a, c) (ceiling)");
            } else if ((t.kind == Tok::Ident || isOp("(")) && m_lastWasLiteral) {
                // 3i, 2(i + 1): implicit multiplication after a literal.
                left = product(left, unary(), t);
            } else {
                return left;
            }
        }
    }

    ExprPtr unary()
    {
        // Every nesting (parentheses, signs, call arguments) passes here.
        const Nesting nesting(*this, peek());
        if (isOp("-")) {
            take();
            ExprPtr e = unary();
            return fold(Expr::sum({{-1, e}}, 0));
        }
        if (isOp("+")) {
            take();
            return unary();
        }
        return atom();
    }

    ExprPtr atom()
    {
        const Token t = take();
        m_lastWasLiteral = false;
        if (t.kind == Tok::Int) {
            m_lastWasLiteral = true;
            return Expr::constant(t.value);
        }
        if (t.kind == Tok::Op && t.text == "(") {
            const bool slash = m_slashEnds;
            m_slashEnds = false;
            ExprPtr e = expr();
            m_slashEnds = slash;
            expect(")");
            m_lastWasLiteral = false;
            return e;
        }
        if (t.kind == Tok::Ident) {
            if (isOp("("))
                return call(t);
            return Expr::variable(t.text);
        }
        if (t.kind == Tok::End)
            fail(t, "expression ends early");
        fail(t, "unexpected '" + t.text + "'");
    }

    ExprPtr call(const Token &fn)
    {
        const std::string &name = fn.text;
        take(); // (
        if (name == "floor" || name == "ceil") {
            const bool slash = m_slashEnds;
            m_slashEnds = true; // isl's floor(a/c): here '/' ends the numerator
            ExprPtr numer = expr();
            m_slashEnds = slash;
            expect("/");
            const Token &at = peek();
            ExprPtr denom = expr();
            expect(")");
            return divide(name == "floor" ? ExprKind::FloorDiv : ExprKind::CeilDiv, numer, denom, at);
        }
        std::vector<ExprPtr> args;
        std::vector<Token> at;
        if (!isOp(")")) {
            at.push_back(peek());
            args.push_back(expr());
            while (isOp(",")) {
                take();
                at.push_back(peek());
                args.push_back(expr());
            }
        }
        expect(")");
        m_lastWasLiteral = false;
        auto arity = [&](std::size_t n) {
            if (args.size() != n)
                fail(fn, name + "() takes " + std::to_string(n) + " arguments, got " + std::to_string(args.size()));
        };
        if (name == "floordiv" || name == "mod" || name == "ceildiv" || name == "cc_div" || name == "ceilmod"
            || name == "cc_mod") {
            arity(2);
            const ExprKind k = name == "floordiv"         ? ExprKind::FloorDiv
                : name == "mod"                           ? ExprKind::Modulo
                : (name == "ceildiv" || name == "cc_div") ? ExprKind::CeilDiv
                                                          : ExprKind::CeilMod;
            return divide(k, args[0], args[1], at[1]);
        }
        if (name == "rank") {
            arity(2);
            const auto it = args[0]->constantValue();
            const auto ch = args[1]->constantValue();
            if (!it || *it < 0)
                fail(at[0], "rank() iteration id must be a non-negative integer constant");
            if (!ch || *ch < 0)
                fail(at[1], "rank() channel id must be a non-negative integer constant");
            return Expr::rank(*it, *ch);
        }
        if (name == "max" || name == "min") {
            if (!m_options.allowExtremum)
                fail(fn, name + "() is only allowed in loop bounds");
            if (args.empty())
                fail(fn, name + "() needs at least one argument");
            return Expr::extremum(name == "max" ? ExprKind::Max : ExprKind::Min, std::move(args));
        }
        fail(fn, "unknown function '" + name + "'");
    }

    ExprPtr product(const ExprPtr &a, const ExprPtr &b, const Token &at)
    {
        const auto ca = a->constantValue();
        const auto cb = b->constantValue();
        if (ca && cb)
            return constantOrFail(at, [&] {
                std::int64_t r;
                if (__builtin_mul_overflow(*ca, *cb, &r))
                    throw std::overflow_error("integer overflow");
                return r;
            });
        if (ca)
            return Expr::mult(*ca, b);
        if (cb)
            return Expr::mult(*cb, a);
        fail(at, "non-affine product (" + a->str() + ")*(" + b->str() + "): one side of '*' must be a constant");
    }

    ExprPtr divide(ExprKind kind, const ExprPtr &numer, const ExprPtr &denom, const Token &at)
    {
        const auto c = denom->constantValue();
        if (!c)
            fail(at, "divisor '" + denom->str() + "' must be an integer constant (quasi-affine)");
        if (*c == 0)
            fail(at, "division by zero");
        if (*c < 0)
            fail(at, "divisor must be positive, got " + std::to_string(*c));
        if (numer->containsExtremum())
            fail(at, "min/max cannot be divided");
        return fold(Expr::division(kind, numer, *c));
    }

    template <typename F> ExprPtr constantOrFail(const Token &at, F f)
    {
        try {
            return Expr::constant(f());
        } catch (const std::overflow_error &) {
            fail(at, "integer overflow in constant expression");
        }
    }

    // Folds a subtree with no names to its value: keeps printed forms short.
    ExprPtr fold(const ExprPtr &e)
    {
        if (e->containsExtremum())
            return e;
        if (auto v = e->constantValue())
            return Expr::constant(*v);
        return e;
    }

    // Expression trees are walked recursively (printing, evaluation, isl):
    // deeper ones would exhaust the stack, here or later.
    static constexpr int MaxDepth = 200;
    struct Nesting {
        Parser &p;
        Nesting(Parser &parser, const Token &at) : p(parser)
        {
            if (++p.m_depth > MaxDepth)
                p.fail(at, "expression nested deeper than " + std::to_string(MaxDepth) + " levels");
        }
        ~Nesting() { --p.m_depth; }
        Nesting(const Nesting &) = delete;
        Nesting &operator=(const Nesting &) = delete;
    };

    std::vector<Token> m_toks;
    int m_depth = 0;
    std::size_t m_pos = 0;
    ExprParser::Options m_options;
    bool m_lastWasLiteral = false;
    bool m_slashEnds = false;
};

} // namespace

ExprPtr ExprParser::parse(const std::string &text, Options options)
{
    return Parser(text, options).parseWhole();
}

Constraint ExprParser::parseConstraint(const std::string &text)
{
    return Parser(text, Options{}).parseConstraint();
}

} // namespace se
