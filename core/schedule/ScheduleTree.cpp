// SPDX-License-Identifier: MIT
#include "ScheduleTree.h"

#include "TreeError.h"
#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/space.h>

#include <stdexcept>

namespace se {

namespace {

// C calls return null on failure (the context continues on error).
template <typename T> T checked(T obj, const char *what)
{
    if (obj.is_null())
        throw std::runtime_error(std::string("isl failed while ") + what);
    return obj;
}

// The node itself; `children` stays empty.
TreeNode readOne(const isl::schedule_node &n, const NodePath &path, bool reach = true)
{
    TreeNode t;
    // raw isl begin: every node kind through one untyped pointer and one switch over the type;
    // a band member's loop type and the node's domain are C-only in cpp.h 0.25
    isl_schedule_node *p = n.get();
    if (reach)
        t.reach = isl::manage(isl_schedule_node_get_domain(p));
    switch (isl_schedule_node_get_type(p)) {
    case isl_schedule_node_domain:
        t.kind = TreeNode::Kind::Domain;
        t.set = isl::manage(isl_schedule_node_domain_get_domain(p));
        break;
    case isl_schedule_node_band: {
        t.kind = TreeNode::Kind::Band;
        t.band = isl::manage(isl_schedule_node_band_get_partial_schedule(p));
        t.permutable = isl_schedule_node_band_get_permutable(p) == isl_bool_true;
        const int n = static_cast<int>(isl_schedule_node_band_n_member(p));
        for (int k = 0; k < n; ++k) {
            t.coincident.push_back(isl_schedule_node_band_member_get_coincident(p, k) == isl_bool_true);
            t.loopTypes.push_back(static_cast<int>(isl_schedule_node_band_member_get_ast_loop_type(p, k)));
        }
        t.options = isl::manage(isl_schedule_node_band_get_ast_build_options(p));
        break;
    }
    case isl_schedule_node_sequence: t.kind = TreeNode::Kind::Sequence; break;
    case isl_schedule_node_set: t.kind = TreeNode::Kind::Set; break;
    case isl_schedule_node_filter:
        t.kind = TreeNode::Kind::Filter;
        t.set = isl::manage(isl_schedule_node_filter_get_filter(p));
        break;
    case isl_schedule_node_mark: {
        t.kind = TreeNode::Kind::Mark;
        isl_id *id = isl_schedule_node_mark_get_id(p);
        const char *name = id ? isl_id_get_name(id) : nullptr;
        t.mark = name ? name : "";
        isl_id_free(id);
        break;
    }
    case isl_schedule_node_leaf: t.kind = TreeNode::Kind::Leaf; break;
    default:
        throw TreeError(path,
                        "schedule tree nodes of this kind (context, guard, extension, expansion) cannot be "
                        "edited");
    }
    // raw isl end
    return t;
}

TreeNode readNode(const isl::schedule_node &n, NodePath &path, bool reach = true)
{
    TreeNode t = readOne(n, path, reach);
    const int nc = static_cast<int>(n.n_children());
    for (int k = 0; k < nc; ++k) {
        path.push_back(k);
        t.children.push_back(readNode(n.child(k), path, reach));
        path.pop_back();
    }
    return t;
}

// Inserts band `t` (partial schedule and flags) above `at`; returns the band.
isl::schedule_node insertBand(const isl::schedule_node &at, const TreeNode &t)
{
    // raw isl begin: a band isl refuses comes back null for checked() to report, not as an exception
    isl_schedule_node *b = isl_schedule_node_insert_partial_schedule(at.copy(), t.band.copy());
    if (b) {
        b = isl_schedule_node_band_set_permutable(b, t.permutable ? 1 : 0);
        for (std::size_t k = 0; k < t.coincident.size(); ++k) {
            b = isl_schedule_node_band_member_set_coincident(b, static_cast<int>(k), t.coincident[k] ? 1 : 0);
            if (k < t.loopTypes.size() && t.loopTypes[k] != isl_ast_loop_default)
                b = isl_schedule_node_band_member_set_ast_loop_type(
                    b, static_cast<int>(k), static_cast<enum isl_ast_loop_type>(t.loopTypes[k]));
        }
        if (!t.options.is_null() && !t.options.is_empty())
            b = isl_schedule_node_band_set_ast_build_options(b, t.options.copy());
    }
    // raw isl end
    return checked(isl::manage(b), "inserting a band");
}

// Builds `t` at `leaf` and returns the node at the same position.
isl::schedule_node grow(const isl::schedule_node &leaf, const TreeNode &t)
{
    auto only = [&]() -> const TreeNode & {
        static const TreeNode empty;
        return t.children.empty() ? empty : t.children.front();
    };
    switch (t.kind) {
    case TreeNode::Kind::Leaf: return leaf;
    case TreeNode::Kind::Domain: throw std::logic_error("a domain node below the root");
    case TreeNode::Kind::Band: return grow(insertBand(leaf, t).child(0), only()).parent();
    case TreeNode::Kind::Mark: {
        isl::schedule_node n = leaf.insert_mark(isl::id(leaf.ctx(), t.mark));
        return grow(n.child(0), only()).parent();
    }
    case TreeNode::Kind::Filter: {
        isl::schedule_node n = leaf.insert_filter(t.set);
        return grow(n.child(0), only()).parent();
    }
    case TreeNode::Kind::Sequence:
    case TreeNode::Kind::Set: {
        isl::union_set_list filters(leaf.ctx(), static_cast<int>(t.children.size()));
        for (const auto &c : t.children) {
            if (c.kind != TreeNode::Kind::Filter)
                throw std::logic_error("a sequence or set child that is not a filter");
            filters = filters.add(c.set);
        }
        isl::schedule_node n =
            t.kind == TreeNode::Kind::Sequence ? leaf.insert_sequence(filters) : leaf.insert_set(filters);
        for (std::size_t k = 0; k < t.children.size(); ++k) {
            const TreeNode &f = t.children[k];
            isl::schedule_node c = n.child(static_cast<int>(k)).child(0);
            n = grow(c, f.children.empty() ? TreeNode{} : f.children.front()).parent().parent();
        }
        return n;
    }
    }
    throw std::logic_error("unknown tree node kind");
}

} // namespace

const char *treeKindName(TreeNode::Kind kind)
{
    switch (kind) {
    case TreeNode::Kind::Domain: return "domain";
    case TreeNode::Kind::Band: return "band";
    case TreeNode::Kind::Sequence: return "sequence";
    case TreeNode::Kind::Set: return "set";
    case TreeNode::Kind::Filter: return "filter";
    case TreeNode::Kind::Mark: return "mark";
    case TreeNode::Kind::Leaf: return "leaf";
    }
    return "?";
}

namespace {

template <typename T> void copyIsl(T &dst, const T &src)
{
    dst = src.is_null() ? T() : T(src);
}

template <typename T> void moveIsl(T &dst, T &src)
{
    // isl::manage refuses null pointers.
    if (src.is_null())
        dst = T();
    else
        dst = isl::manage(src.release());
}

} // namespace

TreeNode::TreeNode(const TreeNode &other)
{
    *this = other;
}

TreeNode::TreeNode(TreeNode &&other) noexcept
{
    *this = std::move(other);
}

TreeNode &TreeNode::operator=(const TreeNode &other)
{
    if (this == &other)
        return *this;
    kind = other.kind;
    copyIsl(set, other.set);
    copyIsl(band, other.band);
    permutable = other.permutable;
    coincident = other.coincident;
    loopTypes = other.loopTypes;
    copyIsl(options, other.options);
    mark = other.mark;
    copyIsl(reach, other.reach);
    // Copy first: `other` may be a child of this node.
    std::vector<TreeNode> kids = other.children;
    children = std::move(kids);
    return *this;
}

TreeNode &TreeNode::operator=(TreeNode &&other) noexcept
{
    if (this == &other)
        return *this;
    kind = other.kind;
    moveIsl(set, other.set);
    moveIsl(band, other.band);
    permutable = other.permutable;
    coincident = std::move(other.coincident);
    loopTypes = std::move(other.loopTypes);
    moveIsl(options, other.options);
    mark = std::move(other.mark);
    moveIsl(reach, other.reach);
    // Detach first: `other` may be a child of this node.
    std::vector<TreeNode> kids = std::move(other.children);
    children = std::move(kids);
    return *this;
}

TreeNode TreeNode::filter(isl::union_set f, TreeNode child)
{
    TreeNode t;
    t.kind = Kind::Filter;
    t.set = std::move(f);
    t.children.push_back(std::move(child));
    return t;
}

TreeNode TreeNode::bandOf(isl::multi_union_pw_aff mupa, TreeNode child)
{
    TreeNode t;
    t.kind = Kind::Band;
    const unsigned n = mupa.size();
    t.band = std::move(mupa);
    t.coincident.assign(n, false);
    t.loopTypes.assign(n, isl_ast_loop_default);
    t.children.push_back(std::move(child));
    return t;
}

TreeNode ScheduleTree::read(const isl::schedule &schedule)
{
    NodePath path;
    return readNode(schedule.root(), path);
}

isl::schedule ScheduleTree::build(const TreeNode &root)
{
    if (root.kind != TreeNode::Kind::Domain)
        throw std::logic_error("a schedule tree starts with a domain node");
    isl::schedule s = isl::schedule::from_domain(root.set);
    isl::schedule_node n = s.root();
    if (!root.children.empty())
        n = grow(n.child(0), root.children.front()).parent();
    return n.schedule();
}

bool ScheduleTree::plainlyEqual(const TreeNode &a, const TreeNode &b)
{
    if (a.kind != b.kind || a.permutable != b.permutable || a.coincident != b.coincident || a.loopTypes != b.loopTypes
        || a.mark != b.mark || a.children.size() != b.children.size() || a.set.is_null() != b.set.is_null()
        || a.band.is_null() != b.band.is_null() || a.options.is_null() != b.options.is_null())
        return false;
    if (!a.set.is_null() && !islutil::plainEqual(a.set, b.set))
        return false;
    if (!a.band.is_null() && !a.band.plain_is_equal(b.band))
        return false;
    if (!a.options.is_null() && !islutil::plainEqual(a.options, b.options))
        return false;
    for (std::size_t k = 0; k < a.children.size(); ++k)
        if (!plainlyEqual(a.children[k], b.children[k]))
            return false;
    return true;
}

bool ScheduleTree::readable(const isl::schedule &schedule)
{
    bool ok = true;
    // raw isl begin: a walk that stops at the first node of another kind, with one switch over
    // the node type (cpp.h has only isa<> per class)
    isl_schedule_foreach_schedule_node_top_down(
        schedule.get(),
        [](isl_schedule_node *n, void *user) -> isl_bool {
            switch (isl_schedule_node_get_type(n)) {
            case isl_schedule_node_domain:
            case isl_schedule_node_band:
            case isl_schedule_node_sequence:
            case isl_schedule_node_set:
            case isl_schedule_node_filter:
            case isl_schedule_node_mark:
            case isl_schedule_node_leaf: return isl_bool_true;
            default: *static_cast<bool *>(user) = false; return isl_bool_error;
            }
        },
        &ok);
    // raw isl end
    return ok;
}

TreeNode ScheduleTree::readBand(const isl::schedule_node &band)
{
    return readOne(band, {});
}

isl::schedule ScheduleTree::replaceBand(const isl::schedule_node &band, const TreeNode &with)
{
    if (!band.isa<isl::schedule_node_band>() || !with.isBand())
        throw std::logic_error("replaceBand: not a band");
    // The child takes the band's place; the new band goes above it.
    // raw isl: cpp.h 0.25 has no schedule_node::delete (a C++ keyword)
    const isl::schedule_node below = checked(isl::manage(isl_schedule_node_delete(band.copy())), "removing a band");
    return insertBand(below, with).schedule();
}

TreeNode ScheduleTree::readSubtree(const isl::schedule_node &node, bool reach)
{
    NodePath path;
    return readNode(node, path, reach);
}

isl::schedule ScheduleTree::replaceSubtree(const isl::schedule_node &node, const TreeNode &with)
{
    if (with.kind == TreeNode::Kind::Domain)
        throw std::logic_error("replaceSubtree: a domain node below the root");
    // raw isl: cpp.h 0.25 has no schedule_node::cut
    const isl::schedule_node leaf = checked(isl::manage(isl_schedule_node_cut(node.copy())), "cutting a subtree");
    return grow(leaf, with).schedule();
}

TreeNode &ScheduleTree::at(TreeNode &root, const NodePath &path, const char *edit)
{
    TreeNode *t = &root;
    NodePath walked;
    for (int k : path) {
        if (k < 0 || static_cast<std::size_t>(k) >= t->children.size())
            throw TreeError(path,
                            std::string(edit) + ": there is no node " + nodePathText(path) + " (the "
                                + treeKindName(t->kind) + " at " + nodePathText(walked) + " has "
                                + std::to_string(t->children.size()) + " child" + (t->children.size() == 1 ? "" : "ren")
                                + ")");
        t = &t->children[static_cast<std::size_t>(k)];
        walked.push_back(k);
    }
    return *t;
}

const TreeNode *ScheduleTree::find(const TreeNode &root, const NodePath &path)
{
    const TreeNode *t = &root;
    for (int k : path) {
        if (k < 0 || static_cast<std::size_t>(k) >= t->children.size())
            return nullptr;
        t = &t->children[static_cast<std::size_t>(k)];
    }
    return t;
}

isl::union_pw_aff ScheduleTree::member(const TreeNode &band, unsigned k)
{
    return isl::manage(isl_multi_union_pw_aff_get_union_pw_aff(band.band.get(), static_cast<int>(k)));
}

std::vector<isl::union_pw_aff> ScheduleTree::members(const TreeNode &band)
{
    std::vector<isl::union_pw_aff> out;
    for (unsigned k = 0; k < band.members(); ++k)
        out.push_back(member(band, k));
    return out;
}

isl::multi_union_pw_aff ScheduleTree::fromMembers(const std::vector<isl::union_pw_aff> &members)
{
    if (members.empty())
        throw std::logic_error("a band needs at least one member");
    // raw isl begin: parameter alignment of a bare space is C-only; a null result goes to checked()
    isl_ctx *ctx = members.front().ctx().get();
    isl_space *space = isl_space_set_alloc(ctx, 0, static_cast<unsigned>(members.size()));
    isl_union_pw_aff_list *list = isl_union_pw_aff_list_alloc(ctx, static_cast<int>(members.size()));
    for (const auto &m : members) {
        space = isl_space_align_params(space, isl_union_pw_aff_get_space(m.get()));
        list = isl_union_pw_aff_list_add(list, m.copy());
    }
    return checked(isl::manage(isl_multi_union_pw_aff_from_union_pw_aff_list(space, list)), "building a band");
    // raw isl end
}

} // namespace se
