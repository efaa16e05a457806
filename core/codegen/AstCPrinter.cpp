// SPDX-License-Identifier: MIT
#include "AstCPrinter.h"

#include "core/model/Kernel.h"

#include <isl/ast.h>
#include <isl/printer.h>

#include <cctype>
#include <cstdlib>

namespace se {

namespace {

// Runs `f` on a C-format string printer and returns what it printed.
template <typename F> std::string printed(isl_ctx *ctx, F f)
{
    isl_printer *p = isl_printer_to_str(ctx);
    p = isl_printer_set_output_format(p, ISL_FORMAT_C);
    p = f(p);
    char *s = isl_printer_get_str(p);
    std::string out = s ? s : "";
    std::free(s);
    isl_printer_free(p);
    return out;
}

// isl's helper macros (`floord`, `min`, `max`) under names of their own:
// `min` and `max` clash with C++'s std::min/std::max and with macros of
// the code the nest is pasted into. The names are a note on the printer, so
// the definitions and the uses must be printed with the same setting.
isl_printer *prefixed(isl_printer *p)
{
    p = isl_ast_expr_op_type_set_print_name(p, isl_ast_expr_op_min, "se_min");
    p = isl_ast_expr_op_type_set_print_name(p, isl_ast_expr_op_max, "se_max");
    p = isl_ast_expr_op_type_set_print_name(p, isl_ast_expr_op_fdiv_q, "se_floord");
    return p;
}

} // namespace

std::string AstCPrinter::functionName(const std::string &kernelName)
{
    std::string out;
    for (unsigned char c : kernelName)
        out += std::isalnum(c) ? static_cast<char>(c) : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
        out = "_" + out;
    return out;
}

std::string AstCPrinter::items(const isl::ast_node_list &ast)
{
    std::string out;
    for (int k = 0; k < static_cast<int>(ast.size()); ++k)
        out += ast.at(k).to_C_str();
    return out;
}

std::string AstCPrinter::print(const Kernel &kernel, const std::vector<std::string> &params,
                               const isl::ast_node_list &ast, const std::string &title, const std::string &paramsNote)
{
    isl_ctx *ctx = ast.ctx().get();
    std::string out = "/* " + title + ".\n";
    if (!paramsNote.empty())
        out += " * " + paramsNote + "\n";
    out += " * Each statement is called as a function (declared below) unless it is\n"
           " * defined as a macro of the same name before this code:\n";
    std::string declarations;
    for (const auto &place : kernel.statements()) {
        const Statement &s = *place.statement;
        std::string args, typed;
        for (const auto &it : s.iterators) {
            args += (args.empty() ? "" : ", ") + it;
            typed += (typed.empty() ? "" : ", ") + std::string("int ") + it;
        }
        out += " *   " + s.tupleName() + "(" + args + ")" + (s.op.empty() ? "" : " " + s.op) + ":";
        if (!s.writes.empty())
            out += " " + accessListText(s.writes);
        if (!s.reads.empty())
            out += " <- " + accessListText(s.reads);
        out += "\n";
        // `#ifndef` lets a macro of that name stand in for the function.
        declarations += "#ifndef " + s.tupleName() + "\nvoid " + s.tupleName() + "(" + (typed.empty() ? "void" : typed)
            + ");\n#endif\n";
    }
    out += " */\n";
    // One printer for every item: isl notes on it which macros it printed.
    out += printed(ctx, [&](isl_printer *p) {
        p = prefixed(p);
        for (int k = 0; k < static_cast<int>(ast.size()); ++k)
            p = isl_ast_node_print_macros(ast.at(k).get(), p);
        return p;
    });
    out += declarations;
    std::string signature;
    for (const auto &p : params)
        signature += (signature.empty() ? "" : ", ") + std::string("int ") + p;
    out += "\nvoid " + functionName(kernel.name) + "(" + (signature.empty() ? "void" : signature) + ")\n{\n";
    // A parameter only the context uses would be an unused-parameter warning.
    for (const auto &p : params)
        out += "  (void)" + p + ";\n";
    out += printed(ctx, [&](isl_printer *p) {
        p = isl_printer_indent(prefixed(p), 2);
        for (int k = 0; k < static_cast<int>(ast.size()); ++k)
            p = isl_ast_node_print(ast.at(k).get(), p, isl_ast_print_options_alloc(ctx));
        return p;
    });
    out += "}\n";
    return out;
}

} // namespace se
