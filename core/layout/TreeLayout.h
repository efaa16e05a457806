// SPDX-License-Identifier: MIT
#pragma once

#include "GraphLayout.h"
#include "LayoutGraph.h"

namespace se {

/// A layered layout for trees, in linear time: each node centred over its
/// children, children left to right in the order of their edges, one rank
/// per depth. Graphviz's crossing minimisation has nothing to do on a tree
/// and yet is slow on the 1,600-node tree of a 400-statement pipeline,
/// which this lays out in one pass.
///
/// The graph must be a forest whose edges go parent -> child (roots are the
/// nodes without a parent). Edges come back as straight segments from the
/// parent's bottom to the child's top, without arrows.
class TreeLayout {
public:
    static GraphLayout compute(const LayoutGraph &graph);
};

} // namespace se
