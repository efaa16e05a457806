// SPDX-License-Identifier: MIT
#include "Selection.h"

namespace se {

void Selection::set(QStringList statements, bool hasNode, std::vector<int> node, int edge, int violation)
{
    if (m_statements == statements && m_hasNode == hasNode && m_node == node && m_edge == edge
        && m_violation == violation)
        return;
    m_statements = std::move(statements);
    m_hasNode = hasNode;
    m_node = std::move(node);
    m_edge = edge;
    m_violation = violation;
    Q_EMIT changed();
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

} // namespace se
