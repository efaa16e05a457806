// SPDX-License-Identifier: MIT
// IterationSpaceView placing its slice on a selected violation's witness
// (issue 12).
#include "IterationSpaceView.h"
#include "widgets/common/QtString.h"

#include "widgets/document/Explorer.h"
#include "widgets/figures/IterationSpaceCanvas.h"

#include <algorithm>

namespace se {

void IterationSpaceView::showWitness(const ViolationReport &v)
{
    const Witness &w = v.witness;
    IterationSpaceCanvas::WitnessMark mark{v.src, v.dst, w.src, w.dst, w.params};
    m_canvas->setWitness(mark);
    // Place the slice once per witness: after that the sliders are the
    // user's (and a re-check of the same violation must not move them back).
    QString key = q(v.type + ' ' + v.src + ' ' + v.dst + ' ' + v.allocation);
    for (auto x : w.src)
        key += QStringLiteral(" %1").arg(x);
    key += QLatin1Char('|');
    for (auto x : w.dst)
        key += QStringLiteral(" %1").arg(x);
    if (key == m_witnessKey)
        return;
    m_witnessKey = key;
    // The slice through the witness: both statements, the first dimension
    // where the two instances differ on an axis (n = 0 vs n = 2 in a
    // tiled matmul's s1 -> s2), and every other loop at the witness's value.
    IterationSpaceQuery q = m_query;
    q.statements.clear();
    for (const auto &place : m_snapshot->kernel->statements()) {
        const std::string name = place.statement->tupleName();
        if ((name == v.src || name == v.dst) && q.statements.size() < 2)
            q.statements.push_back(name);
    }
    const int depth = static_cast<int>(std::max(w.src.size(), w.dst.size()));
    const std::size_t common = std::min(w.src.size(), w.dst.size());
    std::vector<int> differ;
    for (std::size_t k = 0; k < common; ++k)
        if (w.src[k] != w.dst[k])
            differ.push_back(static_cast<int>(k));
    int x = -1, y = -1;
    if (!differ.empty()) {
        x = differ[0];
        // The second axis: another dimension where they differ, else the innermost other one.
        y = differ.size() > 1 ? differ[1] : (depth - 1 != x ? depth - 1 : depth - 2);
        if (y >= 0 && y < x)
            std::swap(x, y);
    }
    q.xDim = x;
    q.yDim = y;
    q.fixed.clear();
    for (int k = 0; k < depth; ++k)
        if (k != x && k != y)
            q.fixed[k] = k < static_cast<int>(w.src.size()) ? w.src[static_cast<std::size_t>(k)]
                                                            : w.dst[static_cast<std::size_t>(k)];
    if (q != m_query) {
        m_query = q;
        sendQuery();
    }
}

} // namespace se
