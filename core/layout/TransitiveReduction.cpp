// SPDX-License-Identifier: MIT
#include "TransitiveReduction.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace se {

namespace {

/// A fixed-size bitset sized at run time.
class Bits {
public:
    explicit Bits(std::size_t n = 0) : m_words((n + 63) / 64, 0) { }
    void set(std::size_t i) { m_words[i / 64] |= std::uint64_t(1) << (i % 64); }
    bool test(std::size_t i) const { return (m_words[i / 64] >> (i % 64)) & 1; }
    void unite(const Bits &o)
    {
        for (std::size_t w = 0; w < m_words.size(); ++w)
            m_words[w] |= o.m_words[w];
    }

private:
    std::vector<std::uint64_t> m_words;
};

/// Tarjan's strongly connected components, iteratively (a long chain of
/// statements must not overflow the stack). Components come out numbered
/// in reverse topological order: every edge between two components goes
/// from a higher number to a lower one.
std::vector<std::size_t> components(std::size_t n, const std::vector<std::vector<std::size_t>> &out, std::size_t &count)
{
    constexpr std::size_t None = SIZE_MAX;
    std::vector<std::size_t> index(n, None), low(n, 0), comp(n, None);
    std::vector<bool> onStack(n, false);
    std::vector<std::size_t> stack;
    std::vector<std::pair<std::size_t, std::size_t>> call; // (node, next out-edge)
    std::size_t next = 0;
    count = 0;
    for (std::size_t root = 0; root < n; ++root) {
        if (index[root] != None)
            continue;
        call.push_back({root, 0});
        index[root] = low[root] = next++;
        stack.push_back(root);
        onStack[root] = true;
        while (!call.empty()) {
            auto &[v, k] = call.back();
            if (k < out[v].size()) {
                const std::size_t w = out[v][k++];
                if (index[w] == None) {
                    index[w] = low[w] = next++;
                    stack.push_back(w);
                    onStack[w] = true;
                    call.push_back({w, 0});
                } else if (onStack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            const std::size_t done = v;
            call.pop_back();
            if (!call.empty())
                low[call.back().first] = std::min(low[call.back().first], low[done]);
            if (low[done] == index[done]) {
                std::size_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[w] = false;
                    comp[w] = count;
                } while (w != done);
                ++count;
            }
        }
    }
    return comp;
}

} // namespace

std::vector<bool> TransitiveReduction::keep(std::size_t nodeCount, const std::vector<Edge> &edges)
{
    std::vector<bool> kept(edges.size(), false);
    std::vector<std::vector<std::size_t>> out(nodeCount);
    for (const auto &[u, v] : edges) {
        if (u >= nodeCount || v >= nodeCount)
            throw std::out_of_range("TransitiveReduction: edge endpoint out of range");
        out[u].push_back(v);
    }
    std::size_t c = 0;
    const std::vector<std::size_t> comp = components(nodeCount, out, c);

    // The condensation's edges, each once (the first edge joining the two
    // components stands for it); edges inside a component are kept.
    std::vector<std::vector<std::size_t>> succ(c); // component -> successor components
    std::vector<std::vector<std::size_t>> edgeOf(c); // parallel to succ: the edge index
    {
        std::vector<std::size_t> seen(c, SIZE_MAX); // last component whose successor this was
        std::vector<std::vector<std::size_t>> byComp(c);
        for (std::size_t k = 0; k < edges.size(); ++k)
            byComp[comp[edges[k].first]].push_back(k);
        for (std::size_t a = 0; a < c; ++a)
            for (std::size_t k : byComp[a]) {
                const std::size_t b = comp[edges[k].second];
                if (b == a) {
                    kept[k] = true;
                } else if (seen[b] != a) {
                    seen[b] = a;
                    succ[a].push_back(b);
                    edgeOf[a].push_back(k);
                }
            }
    }

    // Components in reverse topological order (0 first: no successor above
    // it), so reach[b] is complete before any predecessor of b reads it.
    // An edge a -> b is redundant when b is reachable from another successor
    // of a; visiting successors nearest-first (highest number first, as the
    // topological order runs downwards) means every successor that could
    // imply b is already in `via` when b is tested.
    std::vector<Bits> reach(c, Bits(c)); // component -> components reachable (excluding itself)
    std::vector<std::size_t> order;
    for (std::size_t a = 0; a < c; ++a) {
        order.resize(succ[a].size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return succ[a][x] > succ[a][y]; });
        Bits &via = reach[a];
        for (std::size_t i : order) {
            const std::size_t b = succ[a][i];
            if (!via.test(b))
                kept[edgeOf[a][i]] = true;
            via.set(b);
            via.unite(reach[b]);
        }
    }
    return kept;
}

} // namespace se
