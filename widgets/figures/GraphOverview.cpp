// SPDX-License-Identifier: MIT
#include "GraphOverview.h"

#include "core/layout/TransitiveReduction.h"

#include <QLocale>

#include <algorithm>
#include <map>

namespace se {

namespace {

QString number(std::size_t n)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(static_cast<qulonglong>(n));
}

/// Violated first, then assumed, then the rest; stable within each.
void order(std::vector<std::size_t> &edges, const std::vector<GraphOverview::Input> &in)
{
    const auto rank = [&](std::size_t k) { return in[k].violated ? 0 : in[k].assumed ? 1 : 2; };
    std::stable_sort(edges.begin(), edges.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
}

} // namespace

GraphOverview::Plan GraphOverview::plan(std::size_t nodeCount, const std::vector<Input> &edges)
{
    Plan p;
    std::size_t between = 0; // edges between distinct drawn statements
    for (const auto &e : edges)
        if (e.src >= 0 && e.dst >= 0 && e.src != e.dst)
            ++between;
    if (between <= MaxFullEdges) {
        for (std::size_t k = 0; k < edges.size(); ++k)
            if (edges[k].src >= 0 && edges[k].dst >= 0)
                p.groups.push_back({edges[k].src, edges[k].dst, true, {k}});
        return p;
    }

    p.overview = true;
    std::map<std::pair<int, int>, std::vector<std::size_t>> pairs; // (src, dst) -> edges, in node order
    std::map<int, std::vector<std::size_t>> loops;
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const auto &e = edges[k];
        if (e.src < 0 || e.dst < 0)
            continue;
        if (e.src == e.dst)
            loops[e.src].push_back(k);
        else
            pairs[{e.src, e.dst}].push_back(k);
    }

    std::vector<TransitiveReduction::Edge> pairEdges;
    pairEdges.reserve(pairs.size());
    for (const auto &[ends, list] : pairs)
        pairEdges.push_back({static_cast<std::size_t>(ends.first), static_cast<std::size_t>(ends.second)});
    const std::vector<bool> kept = TransitiveReduction::keep(nodeCount, pairEdges);
    const auto reduced = static_cast<std::size_t>(std::count(kept.begin(), kept.end(), true));
    const bool tooBig = reduced > MaxDrawnPairs;

    std::size_t k = 0, drawnKept = 0, extra = 0, violatedPairs = 0;
    for (auto &[ends, list] : pairs) {
        const bool bad = std::any_of(list.begin(), list.end(), [&](std::size_t e) { return edges[e].violated; });
        const bool assumed = std::any_of(list.begin(), list.end(), [&](std::size_t e) { return edges[e].assumed; });
        const bool reduce = kept[k++];
        violatedPairs += bad;
        if (!(bad || assumed || (reduce && !tooBig)))
            continue;
        if (reduce && !tooBig)
            ++drawnKept;
        else
            ++extra;
        order(list, edges);
        p.groups.push_back({ends.first, ends.second, (reduce && !tooBig) || assumed, std::move(list)});
    }
    for (auto &[node, list] : loops) {
        order(list, edges);
        p.groups.push_back({node, node, true, std::move(list)});
    }
    const auto laidOut = std::count_if(p.groups.begin(), p.groups.end(), [](const Group &g) { return g.laidOut; });
    p.labels = static_cast<std::size_t>(laidOut) <= MaxLabelledPairs;
    p.extraLabels = p.groups.size() <= MaxLabelledPairs;

    const std::size_t drawn = drawnKept + extra;
    const QString bad = violatedPairs
        ? QStringLiteral("Violated pairs (%1) are always drawn, in red.").arg(number(violatedPairs))
        : QStringLiteral("Violated pairs would always be drawn, in red.");
    if (tooBig) {
        p.note = QStringLiteral("Overview: %1 of %2 statement pairs drawn; even their transitive reduction (%3 pairs) "
                                "is too big to lay out, so only pairs with a violated or assumed-absent dependence "
                                "are. %4")
                     .arg(number(drawn), number(pairs.size()), number(reduced), bad);
    } else if (reduced == pairs.size()) { // nothing implied: a chain, a tree
        p.note = QStringLiteral("Overview: all %1 statement pairs drawn, one %2 edge each. %3")
                     .arg(number(pairs.size()),
                          p.labels ? QStringLiteral("briefly labelled") : QStringLiteral("unlabelled"), bad);
    } else {
        p.note = QStringLiteral("Overview: %1 of %2 statement pairs drawn (transitive reduction: every other "
                                "dependence follows a drawn path")
                     .arg(number(drawn), number(pairs.size()));
        if (extra)
            p.note += QStringLiteral("; plus %1 with a violated or assumed-absent dependence").arg(number(extra));
        p.note += QStringLiteral("). ") + bad;
    }
    p.note += QStringLiteral(" %1 dependences between statements in all; %2")
                  .arg(number(between),
                       p.labels ? QStringLiteral("hover an edge for its own.")
                                : QStringLiteral("edges are unlabelled, hover one for its own."));
    return p;
}

} // namespace se
