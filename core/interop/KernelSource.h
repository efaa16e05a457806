// SPDX-License-Identifier: MIT
#pragma once

#include "CFrontEnd.h"
#include "core/model/Kernel.h"

#include <string>

namespace se {

/// Opens whatever a KERNEL argument names: a C/C++ source (through clang
/// and Polly, CFrontEnd), a JSCoP (JscopKernel), or the kernel JSON
/// (KernelLoader). Throws InputError.
class KernelSource {
public:
    static KernelPtr load(const std::string &path, const CFrontEnd::Options &c);
    /// A C source without options opens the SCoP remembered for it (the
    /// app asks once, and reloads open the same one), else the only one.
    static KernelPtr load(const std::string &path);
    /// Remembers, for this process, which SCoP (from 1) of `path` to open.
    static void rememberScop(const std::string &path, int scop);
    /// True when `path` is opened by the C front end.
    static bool isC(const std::string &path) { return CFrontEnd::isSource(path); }
};

} // namespace se
