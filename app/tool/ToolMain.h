// SPDX-License-Identifier: MIT
#pragma once

namespace se::tool {

/// Runs `schedule-tool` with its exit-status contract: 0 success (check:
/// legal), 1 violations, 2 bad input, 3 a resource limit was hit.
int run(int argc, char **argv);

} // namespace se::tool
