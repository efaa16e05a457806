// SPDX-License-Identifier: MIT
#include "TreeEdits.h"

#include "core/schedule/TreeError.h"

#include <isl/aff.h>

#include <cctype>

namespace se {

namespace {

bool isGroup(const TreeNode &t)
{
    return t.kind == TreeNode::Kind::Sequence || t.kind == TreeNode::Kind::Set;
}

TreeNode &groupAt(const Edit &e, TreeNode &root)
{
    TreeNode &t = ScheduleTree::at(root, e.node, editKindName(e.kind));
    if (!isGroup(t))
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": node " + nodePathText(e.node) + " is a "
                            + treeKindName(t.kind) + ", not a sequence or set");
    return t;
}

void checkChild(const Edit &e, const TreeNode &g, int k, const char *what)
{
    if (k < 0 || static_cast<std::size_t>(k) >= g.children.size())
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": " + what + " " + std::to_string(k)
                            + " does not exist (the " + treeKindName(g.kind) + " at " + nodePathText(e.node) + " has "
                            + std::to_string(g.children.size()) + " children)");
}

void checkMarkName(const Edit &e)
{
    if (!TreeEdits::validMarkName(e.name))
        throw TreeError(e.node,
                        std::string(editKindName(e.kind))
                            + ": a mark name is letters, digits and '_', starting with a letter or "
                              "'_', got '"
                            + e.name + "'");
}

TreeNode &markAt(const Edit &e, TreeNode &root)
{
    TreeNode &t = ScheduleTree::at(root, e.node, editKindName(e.kind));
    if (t.kind != TreeNode::Kind::Mark)
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": node " + nodePathText(e.node) + " is a "
                            + treeKindName(t.kind) + ", not a mark");
    return t;
}

NodePath parentOf(const NodePath &p)
{
    return NodePath(p.begin(), p.end() - 1);
}

// `m` on `dom` only; the gist drops the domain's constraints from the text
// again (the filters above the band restrict it anyway).
isl::multi_union_pw_aff restrict(const isl::multi_union_pw_aff &m, const isl::union_set &dom)
{
    return m.intersect_domain(dom);
}

isl::multi_union_pw_aff tidy(const isl::multi_union_pw_aff &m, const isl::union_set &dom)
{
    return m.gist(dom);
}

} // namespace

void TreeEdits::apply(const Edit &e, TreeNode &root)
{
    switch (e.kind) {
    case EditKind::Move: return move(e, groupAt(e, root));
    case EditKind::Fuse: return fuse(e, root);
    case EditKind::Distribute: return distribute(e, root);
    case EditKind::ToSet:
    case EditKind::ToSequence: {
        const auto want = e.kind == EditKind::ToSet ? TreeNode::Kind::Sequence : TreeNode::Kind::Set;
        TreeNode &t = ScheduleTree::at(root, e.node, editKindName(e.kind));
        if (t.kind != want)
            throw TreeError(e.node,
                            std::string(editKindName(e.kind)) + ": node " + nodePathText(e.node) + " is a "
                                + treeKindName(t.kind) + ", not a " + treeKindName(want));
        t.kind = e.kind == EditKind::ToSet ? TreeNode::Kind::Set : TreeNode::Kind::Sequence;
        return;
    }
    case EditKind::InsertMark: return insertMark(e, root);
    case EditKind::RenameMark: {
        checkMarkName(e);
        markAt(e, root).mark = e.name;
        return;
    }
    case EditKind::DeleteMark: {
        TreeNode &m = markAt(e, root);
        TreeNode child = m.children.empty() ? TreeNode::leaf() : std::move(m.children.front());
        m = std::move(child);
        return;
    }
    default: throw std::logic_error("TreeEdits: not a tree edit");
    }
}

void TreeEdits::move(const Edit &e, TreeNode &g)
{
    checkChild(e, g, e.child, "child");
    checkChild(e, g, e.to, "target index");
    TreeNode c = std::move(g.children[static_cast<std::size_t>(e.child)]);
    g.children.erase(g.children.begin() + e.child);
    g.children.insert(g.children.begin() + e.to, std::move(c));
}

void TreeEdits::fuse(const Edit &e, TreeNode &root)
{
    TreeNode &g = groupAt(e, root);
    checkChild(e, g, e.child, "child");
    checkChild(e, g, e.child + 1, "child");
    const auto k = static_cast<std::size_t>(e.child);
    TreeNode &fa = g.children[k];
    TreeNode &fb = g.children[k + 1];
    for (const TreeNode *f : {&fa, &fb}) {
        const TreeNode &c = f->children.front();
        if (!c.isBand() || c.members() == 0)
            throw TreeError(e.node,
                            "fuse: child " + std::to_string(f == &fa ? e.child : e.child + 1) + " of "
                                + nodePathText(e.node) + " starts with a " + treeKindName(c.kind) + ", not a band");
    }
    const TreeNode &ba = fa.children.front();
    const TreeNode &bb = fb.children.front();
    if (ba.members() != bb.members())
        throw TreeError(e.node,
                        "fuse: the bands of children " + std::to_string(e.child) + " and " + std::to_string(e.child + 1)
                            + " have " + std::to_string(ba.members()) + " and " + std::to_string(bb.members())
                            + " members");
    const isl::union_set da = ba.reach.is_null() ? fa.set : ba.reach;
    const isl::union_set db = bb.reach.is_null() ? fb.set : bb.reach;
    const isl::multi_union_pw_aff mupa = tidy(restrict(ba.band, da).union_add(restrict(bb.band, db)), da.unite(db));

    TreeNode inner;
    inner.kind = g.kind;
    inner.children.push_back(TreeNode::filter(fa.set, ba.children.front()));
    inner.children.push_back(TreeNode::filter(fb.set, bb.children.front()));
    TreeNode band = TreeNode::bandOf(mupa, std::move(inner));
    band.permutable = ba.permutable && bb.permutable;
    for (unsigned m = 0; m < ba.members(); ++m)
        band.coincident[m] = ba.coincident[m] && bb.coincident[m];
    band.reach = da.unite(db);

    if (g.children.size() == 2) {
        // Nothing left to order: the fused band takes the sequence's place.
        g = std::move(band);
        return;
    }
    TreeNode fused = TreeNode::filter(fa.set.unite(fb.set), std::move(band));
    g.children.erase(g.children.begin() + static_cast<long>(k), g.children.begin() + static_cast<long>(k) + 2);
    g.children.insert(g.children.begin() + static_cast<long>(k), std::move(fused));
}

bool TreeEdits::validMarkName(const std::string &name)
{
    bool ok =
        !name.empty() && name.size() <= 128 && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
    for (char c : name)
        ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    return ok;
}

std::pair<NodePath, int> TreeEdits::distributeTarget(const TreeNode &root, const NodePath &band)
{
    const TreeNode *b = ScheduleTree::find(root, band);
    if (b && band.size() >= 2 && !b->children.empty()) {
        const NodePath fp = parentOf(band);
        const NodePath gp = parentOf(fp);
        const TreeNode *f = ScheduleTree::find(root, fp);
        const TreeNode *g = ScheduleTree::find(root, gp);
        if (f && g && f->kind == TreeNode::Kind::Filter && g->kind == b->children.front().kind)
            return {gp, fp.back()};
    }
    return {band, 0};
}

void TreeEdits::distribute(const Edit &e, TreeNode &root)
{
    TreeNode &b = ScheduleTree::at(root, e.node, "distribute");
    if (!b.isBand() || b.members() == 0)
        throw TreeError(e.node,
                        "distribute: node " + nodePathText(e.node) + " is a " + treeKindName(b.kind) + ", not a band");
    const TreeNode &s = b.children.front();
    if (!isGroup(s) || s.children.empty())
        throw TreeError(e.node,
                        "distribute: the child of band " + nodePathText(e.node) + " is a " + treeKindName(s.kind)
                            + ", not a sequence or set");
    const auto [target, first] = distributeTarget(root, e.node);
    const bool splice = target != e.node;
    isl::union_set outer;
    if (splice)
        outer = ScheduleTree::find(root, parentOf(e.node))->set;

    std::vector<TreeNode> parts;
    for (const TreeNode &f : s.children) {
        const isl::union_set dom = b.reach.is_null() ? f.set : b.reach.intersect(f.set);
        TreeNode nb = TreeNode::bandOf(tidy(restrict(b.band, dom), dom), f.children.front());
        nb.permutable = b.permutable;
        nb.coincident = b.coincident;
        nb.loopTypes = b.loopTypes;
        nb.reach = dom;
        parts.push_back(TreeNode::filter(splice ? f.set.intersect(outer) : f.set, std::move(nb)));
    }
    if (splice) {
        TreeNode &g = ScheduleTree::at(root, target, "distribute");
        g.children.erase(g.children.begin() + first);
        g.children.insert(g.children.begin() + first, std::make_move_iterator(parts.begin()),
                          std::make_move_iterator(parts.end()));
        return;
    }
    TreeNode group;
    group.kind = s.kind;
    group.children = std::move(parts);
    b = std::move(group);
}

void TreeEdits::insertMark(const Edit &e, TreeNode &root)
{
    checkMarkName(e);
    if (e.node.empty())
        throw TreeError(e.node, "insert_mark: nothing can go above the domain node");
    TreeNode &t = ScheduleTree::at(root, e.node, "insert_mark");
    const TreeNode *parent = ScheduleTree::find(root, parentOf(e.node));
    if (t.kind == TreeNode::Kind::Filter && parent && isGroup(*parent))
        throw TreeError(e.node,
                        "insert_mark: the children of a " + std::string(treeKindName(parent->kind))
                            + " are filters; insert the mark above the " + treeKindName(parent->kind)
                            + " or below the filter");
    TreeNode mark;
    mark.kind = TreeNode::Kind::Mark;
    mark.mark = e.name;
    mark.reach = t.reach;
    mark.children.push_back(std::move(t));
    t = std::move(mark);
}

} // namespace se
