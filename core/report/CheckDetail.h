// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

namespace se {

/// How much of a verdict a caller reads (check --detail, serve's
/// "detail"): a tuner that only ranks candidates reads the verdict.
enum class CheckDetail {
    Verdict, ///< legal, the verdict and the number of violated edges
    First, ///< and the first violation with its witness
    All, ///< and every violation and dependence edge (the default)
};

const char *checkDetailName(CheckDetail d);
std::optional<CheckDetail> checkDetailFromName(const std::string &name);

} // namespace se
