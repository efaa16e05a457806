// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace se {

/// Parameter values fixed by the user (a front end's setting). Every
/// parameter stays an isl parameter; a fixed one is pinned by an equality in
/// the context, so a user's schedule written over `[N]` aligns. Its own
/// header, free of isl, so that widget headers can name it.
using ParamValues = std::map<std::string, std::int64_t>;

} // namespace se
