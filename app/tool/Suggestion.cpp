// SPDX-License-Identifier: MIT
#include "Suggestion.h"

#include <algorithm>

namespace se::tool {

namespace {

// Optimal string alignment distance: `chekc` is one edit from `check`.
std::size_t distance(const std::string &a, const std::string &b)
{
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

} // namespace

std::string Suggestion::closest(const std::string &word, const std::vector<std::string> &candidates)
{
    // A third of the word may be wrong (at least one character, at most 3):
    // beyond that a suggestion is more noise than help.
    const std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
    std::string best;
    std::size_t bestDistance = allowed + 1;
    for (const auto &c : candidates) {
        // A prefix (--sched for --schedule) is as good as a typo.
        const std::size_t d =
            c.size() > word.size() + 1 && c.rfind(word, 0) == 0 && word.size() >= 4 ? 1 : distance(word, c);
        if (d < bestDistance) {
            best = c;
            bestDistance = d;
        }
    }
    return best;
}

std::string Suggestion::hint(const std::string &word, const std::vector<std::string> &candidates)
{
    const std::string c = closest(word, candidates);
    return c.empty() ? std::string() : " (did you mean '" + c + "'?)";
}

} // namespace se::tool
