// SPDX-License-Identifier: MIT
#pragma once

#include "Kernel.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace se {

/// Loads and validates a kernel (docs/kernel-format.md). Every fault is an
/// InputError naming the file, the place (a JSON path such as
/// `body[0].body[2].reads[1].index[0]`, or `line L, column C` for a JSON
/// syntax error) and what is wrong. Nothing is half-loaded: a kernel is
/// returned whole or not at all.
class KernelLoader {
public:
    static KernelPtr loadFile(const std::string &path);
    /// `file` only labels errors.
    static KernelPtr loadText(const std::string &text, const std::string &file);
    static KernelPtr fromJson(const nlohmann::json &doc, const std::string &file);

    /// Parses JSON text, turning syntax errors into `line L, column C` places.
    static nlohmann::json parseJson(const std::string &text, const std::string &file);
    /// Reads a whole file or throws an InputError naming it.
    static std::string readFile(const std::string &path);

    /// True for `[A-Za-z_][A-Za-z0-9_]*` names that isl and the expression
    /// grammar do not reserve.
    static bool isValidName(const std::string &name, std::string *why = nullptr);
};

} // namespace se
