// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/Kernel.h"

#include <map>
#include <string>
#include <vector>

namespace se {

/// Opens C and C++ sources through clang and Polly: `clang-14` compiles
/// the file to LLVM IR with the flags that keep Polly's model readable and
/// complete, `opt-14` runs Polly's SCoP detection and exports every SCoP
/// as a JSCoP, and the chosen one opens as a kernel (JscopKernel) whose
/// statements say which source lines they came from. The programs are
/// `clang-14` and `opt-14` on PATH unless the environment names others
/// (SE_CLANG, SE_OPT).
///
/// Every failure is an InputError naming the source: a missing program
/// (with the Debian package to install), the compiler's own diagnostics,
/// no SCoP (with Polly's reasons), or several SCoPs and no choice (with the
/// list to choose from).
class CFrontEnd {
public:
    struct Scop {
        std::string function; ///< the C function
        std::string region; ///< Polly's region name, %for.cond---%for.end
        std::string jscopText;
        std::string jscopFile; ///< Polly's file name for it (for -polly-import-jscop)
        std::string lines; ///< the source lines it covers, "3-14"
        std::size_t statements = 0;
        /// By statement name: "fdtd.c:8: ey[i][j] = ..." (the lines it came from).
        std::map<std::string, std::string> statementText;
    };
    struct Options {
        std::string function; ///< only SCoPs of this function (empty: all)
        int scop = 0; ///< 1-based choice among the SCoPs (0: there must be one)
    };

    /// True for .c, .cc, .cpp, .cxx, .C files.
    static bool isSource(const std::string &path);
    /// The flags given to clang and to opt (documented and tested).
    static std::vector<std::string> clangFlags();
    static std::vector<std::string> pollyFlags();
    /// The programs used: SE_CLANG / SE_OPT, else clang-14 / opt-14.
    static std::string clang();
    static std::string opt();

    /// Every SCoP Polly finds in the source, in the order Polly reports.
    static std::vector<Scop> scops(const std::string &path, const std::string &function = {});
    /// The SCoP `options` pick, opened as a kernel.
    static KernelPtr open(const std::string &path, const Options &options);
    /// A chosen SCoP as a kernel: statements labelled with their lines.
    static KernelPtr kernel(const std::string &path, const Scop &scop);
    /// One line per SCoP, numbered from 1, for lists and choosers.
    static std::string describe(const Scop &scop, std::size_t number);
};

} // namespace se
