// SPDX-License-Identifier: MIT
#include "TreeLayout.h"

#include <algorithm>
#include <stdexcept>

namespace se {

GraphLayout TreeLayout::compute(const LayoutGraph &g)
{
    const std::size_t n = g.nodes.size();
    std::vector<std::vector<std::size_t>> children(n);
    std::vector<int> parent(n, -1);
    for (const auto &e : g.edges) {
        if (e.src >= n || e.dst >= n || parent[e.dst] >= 0 || e.src == e.dst)
            throw std::invalid_argument("tree layout: the graph is not a forest");
        parent[e.dst] = static_cast<int>(e.src);
        children[e.src].push_back(e.dst);
    }

    // Depth first from the roots: preorder, and each node's depth.
    std::vector<std::size_t> order;
    std::vector<std::size_t> depth(n, 0);
    std::vector<std::size_t> roots; // left to right in index order
    for (std::size_t r = 0; r < n; ++r)
        if (parent[r] < 0)
            roots.push_back(r);
    std::vector<std::size_t> stack(roots.rbegin(), roots.rend());
    while (!stack.empty()) {
        const std::size_t v = stack.back();
        stack.pop_back();
        order.push_back(v);
        for (auto c = children[v].rbegin(); c != children[v].rend(); ++c) {
            depth[*c] = depth[v] + 1;
            stack.push_back(*c);
        }
    }
    if (order.size() != n)
        throw std::invalid_argument("tree layout: the graph has a cycle");

    // Widths of the subtrees, children before parents.
    std::vector<double> span(n, 0);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const std::size_t v = *it;
        double sum = 0;
        for (std::size_t c : children[v])
            sum += span[c];
        if (!children[v].empty())
            sum += g.nodeSeparation * static_cast<double>(children[v].size() - 1);
        span[v] = std::max(g.nodes[v].width, sum);
    }

    // One rank per depth, as tall as its tallest node.
    std::size_t ranks = 0;
    for (std::size_t v = 0; v < n; ++v)
        ranks = std::max(ranks, depth[v] + 1);
    std::vector<double> rankHeight(ranks, 0), rankTop(ranks, 0);
    for (std::size_t v = 0; v < n; ++v)
        rankHeight[depth[v]] = std::max(rankHeight[depth[v]], g.nodes[v].height);
    for (std::size_t d = 1; d < ranks; ++d)
        rankTop[d] = rankTop[d - 1] + rankHeight[d - 1] + g.rankSeparation;

    // Left edges of the subtrees, parents before children; a node is
    // centred over its subtree's span.
    GraphLayout out;
    out.nodes.resize(n);
    std::vector<double> left(n, 0);
    double x = 0;
    for (std::size_t r : roots) {
        left[r] = x;
        x += span[r] + g.nodeSeparation;
    }
    for (std::size_t v : order) {
        double sum = -g.nodeSeparation;
        for (std::size_t c : children[v])
            sum += span[c] + g.nodeSeparation;
        double cx = left[v] + (span[v] - std::max(sum, 0.0)) / 2;
        for (std::size_t c : children[v]) {
            left[c] = cx;
            cx += span[c] + g.nodeSeparation;
        }
        const auto &node = g.nodes[v];
        out.nodes[v] = {left[v] + (span[v] - node.width) / 2,
                        rankTop[depth[v]] + (rankHeight[depth[v]] - node.height) / 2, node.width, node.height};
        out.width = std::max(out.width, left[v] + span[v]);
    }
    out.height = ranks ? rankTop[ranks - 1] + rankHeight[ranks - 1] : 0;

    for (const auto &e : g.edges) {
        const auto &a = out.nodes[e.src], &b = out.nodes[e.dst];
        const GraphLayout::Point p0{a.x + a.width / 2, a.y + a.height}, p1{b.x + b.width / 2, b.y};
        GraphLayout::Edge edge;
        edge.points = {p0, p0, p1, p1}; // one straight cubic segment
        out.edges.push_back(edge);
    }
    return out;
}

} // namespace se
