// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QStringList>

#include <vector>

namespace se {

struct AnalysisSnapshot;

/// What the user picked, shared by every view: a tree node, a dependence
/// edge or a violation, and the statements that go with it. Views listen to
/// changed() and highlight their own items; they never talk to each other.
class Selection : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    const QStringList &statements() const { return m_statements; }
    bool hasTreeNode() const { return m_hasNode; }
    const std::vector<int> &treeNode() const { return m_node; }
    int edge() const { return m_edge; }
    int violation() const { return m_violation; }

    /// A tree node and the statements reaching it.
    void selectTreeNode(const std::vector<int> &path, const QStringList &statements);
    /// A dependence edge (report index) between two statements.
    void selectEdge(int edge, const QStringList &statements);
    /// A violation: its edge, its two statements and the node where the
    /// order breaks (empty path: none known).
    void selectViolation(int violation, int edge, const QStringList &statements, bool hasNode,
                         const std::vector<int> &node);
    void selectStatements(const QStringList &statements);
    void clear();
    /// Keeps the selection true to a new snapshot (after an edit, undo or
    /// reload): a violation or edge is found again by what it is (type,
    /// statements, allocation) and re-selected with its new index and node;
    /// one that no longer exists falls back to its statements, and a tree
    /// node that is gone is dropped. Nothing stale stays outlined.
    void follow(const AnalysisSnapshot *before, const AnalysisSnapshot &after);

Q_SIGNALS:
    void changed();

private:
    /// False when nothing changed (then nothing is emitted).
    bool set(QStringList statements, bool hasNode, std::vector<int> node, int edge, int violation);

    QStringList m_statements;
    bool m_hasNode = false;
    std::vector<int> m_node;
    int m_edge = -1;
    int m_violation = -1;
};

} // namespace se
