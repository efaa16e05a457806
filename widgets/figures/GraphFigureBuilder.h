// SPDX-License-Identifier: MIT
#pragma once

#include "FigureFonts.h"
#include "GraphFigure.h"
#include "core/report/CheckReport.h"
#include "core/model/Kernel.h"

namespace se {

class GraphLayoutMemo;

/// Lays out the dependence graph: every statement a node (`s1 op` and its
/// text), every dependence edge of the report an edge labelled with its
/// type, allocation, direction and pair count; violated edges flagged.
/// Text is measured with the given fonts; Graphviz places everything.
class GraphFigureBuilder {
public:
    /// `memo`: the last layout, reused when the graph to lay out is the same.
    static GraphFigure build(const Kernel &kernel, const CheckReport &report, const FigureFonts &fonts,
                             GraphLayoutMemo *memo = nullptr);

    /// `B[i] <- A[i - 1], A[i + 1]`: what a statement writes and reads.
    static QString accessSummary(const Statement &s);
};

} // namespace se
