// SPDX-License-Identifier: MIT
#pragma once

#include "GraphLayout.h"
#include "LayoutGraph.h"

#include <string>

namespace se {

/// Lays out a graph with Graphviz `dot`. Graphviz is not thread-safe (even
/// with one context per thread), so every call, context creation included,
/// runs under one process-wide mutex; callers on any thread may use it.
/// Throws std::runtime_error when Graphviz fails.
class GraphvizLayout {
public:
    static GraphLayout compute(const LayoutGraph &graph);
    /// Lays out a graph given as DOT text with `dot` and renders it in a
    /// Graphviz output format ("svg"); the command line's pictures.
    static std::string render(const std::string &dot, const std::string &format);
    /// The Graphviz library's version, e.g. "2.42.2" (for --version).
    static std::string version();
};

} // namespace se
