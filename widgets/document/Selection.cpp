// SPDX-License-Identifier: MIT
#include "Selection.h"

#include "widgets/worker/AnalysisSnapshot.h"
#include "core/edit/Edit.h"

namespace se {

bool Selection::set(QStringList statements, bool hasNode, std::vector<int> node, int edge, int violation)
{
    if (m_statements == statements && m_hasNode == hasNode && m_node == node && m_edge == edge
        && m_violation == violation)
        return false;
    m_statements = std::move(statements);
    m_hasNode = hasNode;
    m_node = std::move(node);
    m_edge = edge;
    m_violation = violation;
    Q_EMIT changed();
    return true;
}

void Selection::selectTreeNode(const std::vector<int> &path, const QStringList &statements)
{
    set(statements, true, path, -1, -1);
}

void Selection::selectEdge(int edge, const QStringList &statements)
{
    set(statements, false, {}, edge, -1);
}

void Selection::selectViolation(int violation, int edge, const QStringList &statements, bool hasNode,
                                const std::vector<int> &node)
{
    set(statements, hasNode, node, edge, violation);
}

void Selection::selectStatements(const QStringList &statements)
{
    set(statements, false, {}, -1, -1);
}

void Selection::clear()
{
    set({}, false, {}, -1, -1);
}

namespace {

template <typename A, typename B> bool sameEdge(const A &a, const B &b)
{
    return a.type == b.type && a.src == b.src && a.dst == b.dst && a.allocation == b.allocation;
}

} // namespace

void Selection::follow(const AnalysisSnapshot *before, const AnalysisSnapshot &after)
{
    const auto at = [](const auto &list, int k) {
        return k >= 0 && k < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(k)] : nullptr;
    };
    if (m_violation >= 0) {
        const auto *old = before ? at(before->report.violations, m_violation) : nullptr;
        const auto &vs = after.report.violations;
        for (std::size_t k = 0; old && k < vs.size(); ++k) {
            if (sameEdge(vs[k], *old)) {
                // The same violation has a new witness and message: views
                // showing them (status bar, iteration space) hear of it.
                if (!set(m_statements, !vs[k].node.empty(), parseNodePath(vs[k].node).value_or(NodePath{}),
                         static_cast<int>(vs[k].edge), static_cast<int>(k)))
                    Q_EMIT changed();
                return;
            }
        }
        // Repaired (or gone): what stays selected is its two statements.
        set(m_statements, false, {}, -1, -1);
        return;
    }
    if (m_edge >= 0) {
        const auto *old = before ? at(before->report.edges, m_edge) : nullptr;
        const auto &es = after.report.edges;
        for (std::size_t k = 0; old && k < es.size(); ++k) {
            if (sameEdge(es[k], *old)) {
                set(m_statements, false, {}, static_cast<int>(k), -1);
                return;
            }
        }
        set(m_statements, false, {}, -1, -1);
        return;
    }
    if (m_hasNode && after.tree.find(m_node) < 0)
        set({}, false, {}, -1, -1);
}

} // namespace se
