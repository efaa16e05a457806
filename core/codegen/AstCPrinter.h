// SPDX-License-Identifier: MIT
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace se {

class Kernel;

/// isl's C for an AST, ready to compile once each statement `s<id>(...)` is
/// defined as a macro: a comment listing the statements, the definitions of
/// the helper macros the AST uses (`floord`, `min`, `max`, from
/// isl_ast_node_print_macros), and a function over the parameters whose
/// body is the loop nest.
class AstCPrinter {
public:
    static std::string print(const Kernel &kernel, const std::vector<std::string> &params, const isl::ast_node &ast,
                             const std::string &title);
    /// The kernel name made a C identifier.
    static std::string functionName(const std::string &kernelName);
};

} // namespace se
