// SPDX-License-Identifier: MIT
#include "Edit.h"

#include "core/schedule/TreeError.h"

#include <array>
#include <cctype>

namespace se {

namespace {

struct KindName {
    EditKind kind;
    const char *name;
};

constexpr std::array<KindName, 20> kKinds = {{
    {EditKind::Permute, "permute"},
    {EditKind::Interchange, "interchange"},
    {EditKind::Tile, "tile"},
    {EditKind::Split, "split"},
    {EditKind::Merge, "merge"},
    {EditKind::Reverse, "reverse"},
    {EditKind::Shift, "shift"},
    {EditKind::Skew, "skew"},
    {EditKind::Scale, "scale"},
    {EditKind::SetPermutable, "set_permutable"},
    {EditKind::SetCoincident, "set_coincident"},
    {EditKind::Move, "move"},
    {EditKind::Fuse, "fuse"},
    {EditKind::Distribute, "distribute"},
    {EditKind::ToSet, "to_set"},
    {EditKind::ToSequence, "to_sequence"},
    {EditKind::InsertMark, "insert_mark"},
    {EditKind::RenameMark, "rename_mark"},
    {EditKind::DeleteMark, "delete_mark"},
    {EditKind::MemberExpr, "member_expr"},
}};

Edit make(EditKind kind, NodePath node)
{
    Edit e;
    e.kind = kind;
    e.node = std::move(node);
    return e;
}

template <typename T> std::string join(const std::vector<T> &v, const char *sep)
{
    std::string out;
    for (std::size_t k = 0; k < v.size(); ++k)
        out += (k ? sep : "") + std::to_string(v[k]);
    return out;
}

} // namespace

const char *editKindName(EditKind kind)
{
    for (const auto &k : kKinds)
        if (k.kind == kind)
            return k.name;
    return "?";
}

std::optional<EditKind> editKindFromName(const std::string &name)
{
    for (const auto &k : kKinds)
        if (name == k.name)
            return k.kind;
    return std::nullopt;
}

const std::vector<EditKind> &allEditKinds()
{
    static const std::vector<EditKind> all = [] {
        std::vector<EditKind> v;
        for (const auto &k : kKinds)
            v.push_back(k.kind);
        return v;
    }();
    return all;
}

Edit Edit::permute(NodePath node, std::vector<int> order)
{
    Edit e = make(EditKind::Permute, std::move(node));
    e.order = std::move(order);
    return e;
}

Edit Edit::interchange(NodePath node)
{
    return make(EditKind::Interchange, std::move(node));
}

Edit Edit::tile(NodePath node, std::vector<std::int64_t> sizes)
{
    Edit e = make(EditKind::Tile, std::move(node));
    e.sizes = std::move(sizes);
    return e;
}

Edit Edit::split(NodePath node, int at)
{
    Edit e = make(EditKind::Split, std::move(node));
    e.member = at;
    return e;
}

Edit Edit::merge(NodePath node)
{
    return make(EditKind::Merge, std::move(node));
}

Edit Edit::reverse(NodePath node, int member)
{
    Edit e = make(EditKind::Reverse, std::move(node));
    e.member = member;
    return e;
}

Edit Edit::shift(NodePath node, int member, std::vector<std::pair<std::string, std::string>> offsets)
{
    Edit e = make(EditKind::Shift, std::move(node));
    e.member = member;
    e.offsets = std::move(offsets);
    return e;
}

Edit Edit::skew(NodePath node, int member, int source, std::int64_t factor)
{
    Edit e = make(EditKind::Skew, std::move(node));
    e.member = member;
    e.source = source;
    e.factor = factor;
    return e;
}

Edit Edit::scale(NodePath node, int member, std::int64_t factor)
{
    Edit e = make(EditKind::Scale, std::move(node));
    e.member = member;
    e.factor = factor;
    return e;
}

Edit Edit::setPermutable(NodePath node, bool value)
{
    Edit e = make(EditKind::SetPermutable, std::move(node));
    e.value = value;
    return e;
}

Edit Edit::setCoincident(NodePath node, int member, bool value)
{
    Edit e = make(EditKind::SetCoincident, std::move(node));
    e.member = member;
    e.value = value;
    return e;
}

Edit Edit::move(NodePath node, int child, int to)
{
    Edit e = make(EditKind::Move, std::move(node));
    e.child = child;
    e.to = to;
    return e;
}

Edit Edit::fuse(NodePath node, int child)
{
    Edit e = make(EditKind::Fuse, std::move(node));
    e.child = child;
    return e;
}

Edit Edit::distribute(NodePath node)
{
    return make(EditKind::Distribute, std::move(node));
}
Edit Edit::toSet(NodePath node)
{
    return make(EditKind::ToSet, std::move(node));
}
Edit Edit::toSequence(NodePath node)
{
    return make(EditKind::ToSequence, std::move(node));
}

Edit Edit::insertMark(NodePath node, std::string name)
{
    Edit e = make(EditKind::InsertMark, std::move(node));
    e.name = std::move(name);
    return e;
}

Edit Edit::renameMark(NodePath node, std::string name)
{
    Edit e = make(EditKind::RenameMark, std::move(node));
    e.name = std::move(name);
    return e;
}

Edit Edit::deleteMark(NodePath node)
{
    return make(EditKind::DeleteMark, std::move(node));
}

Edit Edit::memberExpr(NodePath node, int member, std::string statement, std::string expression)
{
    Edit e = make(EditKind::MemberExpr, std::move(node));
    e.member = member;
    e.statement = std::move(statement);
    e.expression = std::move(expression);
    return e;
}

std::string Edit::describe() const
{
    const std::string at = nodePathText(node);
    const std::string m = std::to_string(member);
    switch (kind) {
    case EditKind::Permute: return "permute band " + at + " to member order (" + join(order, ", ") + ")";
    case EditKind::Interchange: return "interchange band " + at + " with its child band";
    case EditKind::Tile: return "tile band " + at + " by " + join(sizes, " x ");
    case EditKind::Split: return "split band " + at + " after member " + std::to_string(member - 1);
    case EditKind::Merge: return "merge band " + at + " with its child band";
    case EditKind::Reverse: return "reverse member " + m + " of band " + at;
    case EditKind::Shift: {
        std::string parts;
        for (const auto &[s, e] : offsets)
            parts += (parts.empty() ? "" : ", ") + s + " by " + e;
        return "shift member " + m + " of band " + at + ": " + (parts.empty() ? "nothing" : parts);
    }
    case EditKind::Skew:
        return "skew member " + m + " of band " + at + " by " + std::to_string(factor) + " x member "
            + std::to_string(source);
    case EditKind::Scale: return "scale member " + m + " of band " + at + " by " + std::to_string(factor);
    case EditKind::SetPermutable: return std::string(value ? "declare" : "undeclare") + " band " + at + " permutable";
    case EditKind::SetCoincident:
        return std::string(value ? "declare" : "undeclare") + " member " + m + " of band " + at + " coincident";
    case EditKind::Move: return "move child " + std::to_string(child) + " of " + at + " to index " + std::to_string(to);
    case EditKind::Fuse:
        return "fuse children " + std::to_string(child) + " and " + std::to_string(child + 1) + " of " + at;
    case EditKind::Distribute: return "distribute band " + at + " over its children";
    case EditKind::ToSet: return "make sequence " + at + " a set";
    case EditKind::ToSequence: return "make set " + at + " a sequence";
    case EditKind::InsertMark: return "insert mark '" + name + "' above " + at;
    case EditKind::RenameMark: return "rename mark " + at + " to '" + name + "'";
    case EditKind::DeleteMark: return "delete mark " + at;
    case EditKind::MemberExpr: return "set member " + m + " of band " + at + " for " + statement + " to " + expression;
    }
    return "?";
}

} // namespace se
