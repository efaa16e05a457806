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
template <typename F>
std::string printed(isl_ctx *ctx, F f)
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

std::string accessText(const std::vector<Access> &list)
{
    std::string out;
    for (const auto &a : list) {
        out += (out.empty() ? "" : ", ") + a.tensor + "[";
        for (std::size_t k = 0; k < a.index.size(); ++k)
            out += (k ? ", " : "") + a.index[k]->str();
        out += "]";
    }
    return out;
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

std::string AstCPrinter::print(const Kernel &kernel, const std::vector<std::string> &params,
                               const isl::ast_node &ast, const std::string &title)
{
    isl_ctx *ctx = ast.ctx().get();
    std::string out = "/* " + title + ".\n * Define each statement as a macro before this code:\n";
    for (const auto &place : kernel.statements()) {
        const Statement &s = *place.statement;
        std::string args;
        for (const auto &it : s.iterators)
            args += (args.empty() ? "" : ", ") + it;
        out += " *   " + s.tupleName() + "(" + args + ")" + (s.op.empty() ? "" : " " + s.op) + ":";
        if (!s.writes.empty())
            out += " " + accessText(s.writes);
        if (!s.reads.empty())
            out += " <- " + accessText(s.reads);
        out += "\n";
    }
    out += " */\n";
    out += printed(ctx, [&](isl_printer *p) { return isl_ast_node_print_macros(ast.get(), p); });
    std::string signature;
    for (const auto &p : params)
        signature += (signature.empty() ? "" : ", ") + std::string("int ") + p;
    out += "void " + functionName(kernel.name) + "(" + (signature.empty() ? "void" : signature) + ")\n{\n";
    out += printed(ctx, [&](isl_printer *p) {
        p = isl_printer_indent(p, 2);
        return isl_ast_node_print(ast.get(), p, isl_ast_print_options_alloc(ctx));
    });
    out += "}\n";
    return out;
}

} // namespace se
