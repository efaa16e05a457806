// SPDX-License-Identifier: MIT
#pragma once

#include "JscopDocument.h"
#include "core/model/Kernel.h"

#include <map>
#include <string>

namespace se {

/// Opens a JSCoP (Polly's, or the project's own export) as a kernel.
///
/// The kernel keeps the file's statement, array and parameter names and its
/// coordinates: each statement's domain and accesses stay isl relations
/// (Statement::domainText, Statement::relations), which PolyhedralModel
/// parses instead of building them from expressions, so non-functional
/// accesses stay exact. Parameters come in the file's order (its context's
/// tuple first). The loop nest is decoded from the file's schedules, which
/// must be a loop-nest order (each time dimension a constant, which orders
/// siblings, or the statement's next dimension, which is a loop shared by
/// the statements that agree so far): every JSCoP Polly exports is, and so
/// is the original schedule the project exports. The original schedule of
/// the kernel is then exactly the file's. Arrays become tensors: a size
/// that is an integer or a parameter is kept, any other (`*`, an LLVM
/// expression) is the largest index the accesses touch plus one. See
/// docs/jscop.md.
class JscopKernel {
public:
    /// What a caller knows beyond the file (the C front end: the function,
    /// the source lines); empty values take defaults from the file.
    struct Labels {
        std::string name; ///< the kernel's name (default: from the file's name)
        std::string description;
        std::map<std::string, std::string> statementText; ///< by statement name
    };

    /// Throws InputError naming the file and the JSON path.
    static KernelPtr fromDocument(const JscopDocument &doc, const std::string &text, const std::string &file,
                                  const Labels &labels);
    static KernelPtr fromDocument(const JscopDocument &doc, const std::string &text, const std::string &file)
    {
        return fromDocument(doc, text, file, Labels());
    }
    static KernelPtr loadFile(const std::string &path);
};

} // namespace se
