// SPDX-License-Identifier: MIT
#pragma once

namespace se {

/// Which dependences an analysis uses: the may-dependences of every access
/// pair, or isl's exact flow (value-based) dependences. Its own header, free
/// of isl, so that widget headers can name it.
enum class DepMode { May, Flow };

} // namespace se
