// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace se::tool {

/// "Did you mean": the candidate closest to a mistyped word.
class Suggestion {
public:
    /// The closest candidate by edit distance (a transposition counts as
    /// one edit), or "" when none is close enough to be a typo of `word`.
    static std::string closest(const std::string &word, const std::vector<std::string> &candidates);
    /// " (did you mean 'X'?)", or "".
    static std::string hint(const std::string &word, const std::vector<std::string> &candidates);
};

} // namespace se::tool
