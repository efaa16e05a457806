// SPDX-License-Identifier: MIT
// Test helper: builds isl AST expressions from S-expressions, so test rows
// can hold the expressions isl would hand to the translator, and the odd
// ones it never does.
//   12  N  c0                      integer, identifier
//   (add a b) (sub a b) (mul a b) (div a b) (pdiv_q a b) (pdiv_r a b) (neg a)
//   (and a b) (and_then a b) (or a b) (or_else a b) (le a b) (lt a b) (ge a b)
//   (gt a b) (eq a b) (access a i...) (call f a...) (address_of a)
//   (isl "[c0, N] -> { [(max(0, c0 - 2))] }")   what isl's AST builder makes
//                                                of a piecewise affine function
//   (islset "[c0] -> { : c0 mod 3 = 0 }")       ... and of a set
#pragma once

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/cpp.h>
#include <isl/id.h>
#include <isl/options.h>
#include <isl/val.h>

#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

namespace se::test {

class AstExprText {
public:
    explicit AstExprText(isl::ctx ctx) : m_ctx(ctx)
    {
        // As the generator sets it: isl writes piecewise values as min/max.
        isl_options_set_ast_build_detect_min_max(ctx.get(), 1);
    }

    isl::ast_expr parse(const std::string &text)
    {
        m_text = text;
        m_pos = 0;
        isl::ast_expr e = isl::manage(expr());
        skip();
        if (m_pos != m_text.size())
            throw std::invalid_argument("trailing text in " + text);
        return e;
    }

private:
    void skip()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }

    std::string token()
    {
        skip();
        const std::size_t start = m_pos;
        if (m_pos < m_text.size() && m_text[m_pos] == '"') {
            const std::size_t end = m_text.find('"', m_pos + 1);
            m_pos = end + 1;
            return m_text.substr(start + 1, end - start - 1);
        }
        while (m_pos < m_text.size() && !std::isspace(static_cast<unsigned char>(m_text[m_pos])) && m_text[m_pos] != '('
               && m_text[m_pos] != ')')
            ++m_pos;
        return m_text.substr(start, m_pos - start);
    }

    isl_ast_expr_list *list(isl_ast_expr_list *l)
    {
        skip();
        while (m_text[m_pos] != ')') {
            l = isl_ast_expr_list_add(l, expr());
            skip();
        }
        return l;
    }

    isl_ast_expr *expr()
    {
        skip();
        if (m_text[m_pos] != '(') {
            const std::string t = token();
            if (std::isdigit(static_cast<unsigned char>(t[0])) || t[0] == '-')
                return isl_ast_expr_from_val(isl_val_read_from_str(m_ctx.get(), t.c_str()));
            return isl_ast_expr_from_id(isl_id_alloc(m_ctx.get(), t.c_str(), nullptr));
        }
        ++m_pos;
        const std::string op = token();
        isl_ast_expr *r = nullptr;
        if (op == "islset") {
            const isl::set set(m_ctx, token());
            isl::ast_build build = isl::ast_build::from_context(isl::set::universe(set.space().params()));
            r = build.expr_from(set).release();
        } else if (op == "isl") {
            const std::string pa = token();
            isl::ast_build build =
                isl::ast_build::from_context(isl::set::universe(isl::pw_aff(m_ctx, pa).domain().space().params()));
            r = build.expr_from(isl::pw_aff(m_ctx, pa)).release();
        } else if (op == "neg") {
            r = isl_ast_expr_neg(expr());
        } else if (op == "address_of") {
            r = isl_ast_expr_address_of(expr());
        } else if (op == "access" || op == "call") {
            isl_ast_expr *head = expr();
            isl_ast_expr_list *args = list(isl_ast_expr_list_alloc(m_ctx.get(), 2));
            r = op == "access" ? isl_ast_expr_access(head, args) : isl_ast_expr_call(head, args);
        } else {
            isl_ast_expr *a = expr();
            isl_ast_expr *b = expr();
            using Bin = isl_ast_expr *(*)(isl_ast_expr *, isl_ast_expr *);
            const std::vector<std::pair<const char *, Bin>> ops = {
                {"add", isl_ast_expr_add},       {"sub", isl_ast_expr_sub},
                {"mul", isl_ast_expr_mul},       {"div", isl_ast_expr_div},
                {"pdiv_q", isl_ast_expr_pdiv_q}, {"pdiv_r", isl_ast_expr_pdiv_r},
                {"and", isl_ast_expr_and},       {"and_then", isl_ast_expr_and_then},
                {"or", isl_ast_expr_or},         {"or_else", isl_ast_expr_or_else},
                {"le", isl_ast_expr_le},         {"lt", isl_ast_expr_lt},
                {"ge", isl_ast_expr_ge},         {"gt", isl_ast_expr_gt},
                {"eq", isl_ast_expr_eq}};
            for (const auto &[name, f] : ops)
                if (op == name)
                    r = f(a, b);
            if (!r)
                throw std::invalid_argument("unknown operator " + op);
        }
        skip();
        ++m_pos; // ')'
        return r;
    }

    isl::ctx m_ctx;
    std::string m_text;
    std::size_t m_pos = 0;
};

} // namespace se::test
