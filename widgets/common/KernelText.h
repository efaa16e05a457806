// SPDX-License-Identifier: MIT
#pragma once

#include "core/model/Kernel.h"

#include <QString>
#include <QStringList>

namespace se {

/// A kernel's loop nest as readable Axis text, one statement per line:
///
///     for (t: range(0, T, 1))
///         for (i: range(1, N - 1, 1))
///             s0 stencil: B[i] <- A[i - 1], A[i], A[i + 1]
///
/// with the line of each statement, for highlighting.
struct KernelText {
    QString text;
    QStringList statementOfLine; ///< `s<id>` or empty, per line

    static KernelText fromKernel(const Kernel &kernel);
    /// A statement's line without indentation: `s0 stencil: B[i] = ...`.
    static QString statementLine(const Statement &s);
    /// Text for people with the kernel's buffer names: the analysis
    /// compares accesses in `<buffer>_alloc`, the kernel says `SB`
    /// ("WAR violation on tensor: SB_alloc: ... (SB_alloc[0, 16])" becomes
    /// "WAR violation on buffer SB: ... (SB[0, 16])"). JSON keeps the allocation.
    static QString withBufferNames(const Kernel *kernel, const std::string &text);
};

} // namespace se
