// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class Kernel;

/// isl's C for an AST, which compiles as it is (C and C++): a comment
/// listing the statements (and `paramsNote`, whether the loops are
/// parametric), the helper macros the AST uses (isl's `floord`, `min`,
/// `max`, from isl_ast_node_print_macros, prefixed `se_`), a declaration
/// `void s<id>(int ...)` per statement unless a macro of that name is
/// defined first, and a function over the parameters whose body is the
/// loop nest (the AST's items, AstBuilder::build, one after the other).
class AstCPrinter {
public:
    static std::string print(const Kernel &kernel, const std::vector<std::string> &params,
                             const isl::ast_node_list &ast, const std::string &title,
                             const std::string &paramsNote = "");
    /// isl's C of the items alone, one after the other (tests compare nests by it).
    static std::string items(const isl::ast_node_list &ast);
    /// The kernel name made a C identifier.
    static std::string functionName(const std::string &kernelName);
};

} // namespace se
