// SPDX-License-Identifier: MIT
#include "BandEdits.h"

#include "core/schedule/TreeError.h"
#include "core/expr/ExprParser.h"
#include "core/isl/ExprToIsl.h"

#include <isl/aff.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <set>

namespace se {

namespace {

// Tile sizes, factors and offsets stay far from isl's and int64's limits.
constexpr std::int64_t kMaxFactor = 1'000'000'000;

void checkMember(const Edit &e, const TreeNode &b, int k, const char *what)
{
    if (k < 0 || static_cast<unsigned>(k) >= b.members())
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": " + what + " " + std::to_string(k)
                            + " does not exist (band " + nodePathText(e.node) + " has " + std::to_string(b.members())
                            + " member" + (b.members() == 1 ? "" : "s") + ")");
}

TreeNode &childBand(const Edit &e, TreeNode &b)
{
    TreeNode &c = b.children.front();
    if (!c.isBand() || c.members() == 0)
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": the child of band " + nodePathText(e.node) + " is a "
                            + treeKindName(c.kind) + ", not a band (it needs a perfectly nested band)");
    return c;
}

isl::val val(const isl::union_pw_aff &like, std::int64_t v)
{
    return isl::val(like.ctx(), static_cast<long>(v));
}

// The statement's instances that reach the band: { s1[t, i] : ... }.
isl::set statementSet(const Edit &e, const TreeNode &b, const std::string &stmt)
{
    isl::set found;
    std::string names;
    b.reach.foreach_set([&](isl::set s) {
        const char *n = isl_set_get_tuple_name(s.get());
        const std::string sn = n ? n : "";
        names += (names.empty() ? "" : ", ") + sn;
        if (sn == stmt)
            found = s;
    });
    if (found.is_null())
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": statement '" + stmt + "' does not reach band "
                            + nodePathText(e.node) + " (it schedules "
                            + (names.empty() ? std::string("nothing") : names) + ")");
    return found;
}

std::vector<std::string> dimNames(const isl::space &sp, isl_dim_type type)
{
    std::vector<std::string> out;
    const int n = isl_space_dim(sp.get(), type);
    for (int k = 0; k < n; ++k) {
        const char *c = isl_space_get_dim_name(sp.get(), type, static_cast<unsigned>(k));
        out.push_back(c ? c : "");
    }
    return out;
}

// Parses `text` as an expression over the parameters and, when
// `iterators`, the statement's iterators; returns it as a function on the
// statement's space.
isl::pw_aff expression(const Edit &e, const isl::set &stmt, const std::string &text, bool iterators,
                       const std::string &what)
{
    ExprPtr expr;
    try {
        expr = ExprParser::parse(text);
    } catch (const InputError &err) {
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": " + what + " '" + text + "': " + err.place() + ": "
                            + err.fault());
    }
    const isl::space sp = stmt.space();
    const auto params = dimNames(sp, isl_dim_param);
    const auto iters = dimNames(sp, isl_dim_set);
    std::set<std::string> used;
    expr->collectNames(used);
    for (const auto &n : used) {
        const bool isParam = std::find(params.begin(), params.end(), n) != params.end();
        const bool isIter = std::find(iters.begin(), iters.end(), n) != iters.end();
        if (isParam || (iterators && isIter))
            continue;
        std::string allowed;
        for (const auto &p : params)
            allowed += (allowed.empty() ? "" : ", ") + p;
        if (iterators)
            for (const auto &i : iters)
                allowed += (allowed.empty() ? "" : ", ") + i;
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": " + what + " '" + text + "' uses '" + n + "'"
                            + (isIter ? ", an iterator: an offset may use only the parameters" : "")
                            + " (allowed: " + (allowed.empty() ? std::string("constants only") : allowed) + ")");
    }
    if (expr->containsExtremum())
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": " + what + " '" + text
                            + "': min and max are not quasi-affine");
    return ExprToIsl(sp).convert(expr);
}

// `upa` with the piece of statement `stmt` replaced by `piece` (a function
// on the statement's space, restricted to where `upa` was defined).
isl::union_pw_aff replacePiece(const isl::union_pw_aff &upa, const isl::set &stmt, const isl::pw_aff &piece)
{
    const isl::union_set univ(isl::set::universe(stmt.space()));
    const isl::union_set where = upa.intersect_domain(univ).domain();
    const isl::union_pw_aff repl = isl::union_pw_aff(piece).intersect_domain(where);
    return upa.subtract_domain(univ).union_add(repl);
}

// `piece` added to statement `stmt`'s expression in `upa`.
isl::union_pw_aff addToPiece(const isl::union_pw_aff &upa, const isl::set &stmt, const isl::pw_aff &piece)
{
    const isl::union_set univ(isl::set::universe(stmt.space()));
    const isl::union_pw_aff old = upa.intersect_domain(univ);
    return upa.subtract_domain(univ).union_add(old.add(isl::union_pw_aff(piece)));
}

void setMembers(TreeNode &b, const std::vector<isl::union_pw_aff> &members)
{
    b.band = ScheduleTree::fromMembers(members);
}

} // namespace

void BandEdits::apply(const Edit &e, TreeNode &root)
{
    applyAt(e, ScheduleTree::at(root, e.node, editKindName(e.kind)));
}

bool BandEdits::isBandEdit(EditKind kind)
{
    switch (kind) {
    case EditKind::Interchange:
    case EditKind::Tile:
    case EditKind::Split:
    case EditKind::Merge: return true;
    default: return changesOnlyTheBand(kind);
    }
}

bool BandEdits::changesOnlyTheBand(EditKind kind)
{
    switch (kind) {
    case EditKind::Permute:
    case EditKind::Reverse:
    case EditKind::Shift:
    case EditKind::Skew:
    case EditKind::Scale:
    case EditKind::SetPermutable:
    case EditKind::SetCoincident:
    case EditKind::MemberExpr: return true;
    default: return false;
    }
}

void BandEdits::applyAt(const Edit &e, TreeNode &b)
{
    if (!b.isBand())
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": node " + nodePathText(e.node) + " is a "
                            + treeKindName(b.kind) + ", not a band");
    if (b.members() == 0)
        throw TreeError(e.node,
                        std::string(editKindName(e.kind)) + ": band " + nodePathText(e.node) + " has no members");
    // AST build options name members by position (`separate[1]`): they no
    // longer fit once members move, so those edits drop them.
    if (e.kind == EditKind::Permute || e.kind == EditKind::Tile || e.kind == EditKind::Split
        || e.kind == EditKind::Merge)
        b.options = isl::union_set();
    switch (e.kind) {
    case EditKind::Permute: return permute(e, b);
    case EditKind::Interchange: return interchange(e, b);
    case EditKind::Tile: return tile(e, b);
    case EditKind::Split: return split(e, b);
    case EditKind::Merge: return merge(e, b);
    case EditKind::Reverse: {
        checkMember(e, b, e.member, "member");
        auto m = ScheduleTree::members(b);
        m[static_cast<std::size_t>(e.member)] =
            isl::manage(isl_union_pw_aff_neg(m[static_cast<std::size_t>(e.member)].release()));
        return setMembers(b, m);
    }
    case EditKind::Shift: return shift(e, b);
    case EditKind::Skew: return skew(e, b);
    case EditKind::Scale: {
        checkMember(e, b, e.member, "member");
        if (e.factor < 1 || e.factor > kMaxFactor)
            throw TreeError(e.node,
                            "scale: the factor must be between 1 and " + std::to_string(kMaxFactor)
                                + " (use reverse for a negative one), got " + std::to_string(e.factor));
        auto m = ScheduleTree::members(b);
        auto &x = m[static_cast<std::size_t>(e.member)];
        x = isl::manage(isl_union_pw_aff_scale_val(x.copy(), val(x, e.factor).release()));
        return setMembers(b, m);
    }
    case EditKind::SetPermutable: b.permutable = e.value; return;
    case EditKind::SetCoincident:
        checkMember(e, b, e.member, "member");
        b.coincident[static_cast<std::size_t>(e.member)] = e.value;
        return;
    case EditKind::MemberExpr: return memberExpr(e, b);
    default: throw std::logic_error("BandEdits: not a band edit");
    }
}

void BandEdits::permute(const Edit &e, TreeNode &b)
{
    const unsigned n = b.members();
    if (e.order.size() != n)
        throw TreeError(e.node,
                        "permute: the order lists " + std::to_string(e.order.size()) + " members, band "
                            + nodePathText(e.node) + " has " + std::to_string(n));
    std::vector<bool> seen(n, false);
    for (int k : e.order) {
        if (k < 0 || static_cast<unsigned>(k) >= n || seen[static_cast<std::size_t>(k)])
            throw TreeError(e.node,
                            "permute: the order must list each member 0.." + std::to_string(n - 1) + " exactly once");
        seen[static_cast<std::size_t>(k)] = true;
    }
    const auto old = ScheduleTree::members(b);
    std::vector<isl::union_pw_aff> m;
    std::vector<bool> c;
    std::vector<int> lt;
    for (int k : e.order) {
        const auto u = static_cast<std::size_t>(k);
        m.push_back(old[u]);
        c.push_back(b.coincident[u]);
        lt.push_back(u < b.loopTypes.size() ? b.loopTypes[u] : 0);
    }
    setMembers(b, m);
    b.coincident = c;
    b.loopTypes = lt;
}

void BandEdits::interchange(const Edit &e, TreeNode &b)
{
    TreeNode inner = childBand(e, b);
    TreeNode outer = b;
    outer.children = std::move(inner.children);
    inner.children.clear();
    inner.children.push_back(std::move(outer));
    // The domain reaching the pair does not change.
    inner.reach = b.reach;
    b = std::move(inner);
}

void BandEdits::tile(const Edit &e, TreeNode &b)
{
    const unsigned n = b.members();
    if (e.sizes.size() != n)
        throw TreeError(e.node,
                        "tile: " + std::to_string(e.sizes.size()) + " sizes for a band of " + std::to_string(n)
                            + " member" + (n == 1 ? "" : "s") + " (give one size per member)");
    for (std::size_t k = 0; k < n; ++k)
        if (e.sizes[k] < 1 || e.sizes[k] > kMaxFactor)
            throw TreeError(e.node,
                            "tile: size " + std::to_string(k) + " must be between 1 and " + std::to_string(kMaxFactor)
                                + ", got " + std::to_string(e.sizes[k]));
    // Tile band: floor(x / size); point band: x itself (ordered the same
    // as x mod size once the tile is fixed, and easier to read).
    auto m = ScheduleTree::members(b);
    for (std::size_t k = 0; k < n; ++k)
        m[k] = isl::manage(
            isl_union_pw_aff_floor(isl_union_pw_aff_scale_down_val(m[k].copy(), val(m[k], e.sizes[k]).release())));
    TreeNode point = b;
    point.options = isl::union_set();
    b.band = ScheduleTree::fromMembers(m);
    b.children.clear();
    b.children.push_back(std::move(point));
}

void BandEdits::split(const Edit &e, TreeNode &b)
{
    const unsigned n = b.members();
    if (e.member < 1 || static_cast<unsigned>(e.member) >= n)
        throw TreeError(e.node,
                        "split: 'at' must be between 1 and " + std::to_string(static_cast<int>(n) - 1)
                            + " for a band of " + std::to_string(n) + " member" + (n == 1 ? "" : "s") + ", got "
                            + std::to_string(e.member));
    const auto at = static_cast<std::size_t>(e.member);
    const auto m = ScheduleTree::members(b);
    TreeNode inner = b;
    inner.options = isl::union_set();
    inner.band = ScheduleTree::fromMembers({m.begin() + static_cast<long>(at), m.end()});
    inner.coincident.assign(b.coincident.begin() + static_cast<long>(at), b.coincident.end());
    inner.loopTypes.assign(b.loopTypes.begin() + static_cast<long>(at), b.loopTypes.end());
    b.band = ScheduleTree::fromMembers({m.begin(), m.begin() + static_cast<long>(at)});
    b.coincident.resize(at);
    b.loopTypes.resize(at);
    b.children.clear();
    b.children.push_back(std::move(inner));
}

void BandEdits::merge(const Edit &e, TreeNode &b)
{
    TreeNode inner = childBand(e, b);
    auto m = ScheduleTree::members(b);
    for (const auto &x : ScheduleTree::members(inner))
        m.push_back(x);
    b.band = ScheduleTree::fromMembers(m);
    b.permutable = b.permutable && inner.permutable;
    b.coincident.insert(b.coincident.end(), inner.coincident.begin(), inner.coincident.end());
    b.loopTypes.insert(b.loopTypes.end(), inner.loopTypes.begin(), inner.loopTypes.end());
    b.children = std::move(inner.children);
}

void BandEdits::shift(const Edit &e, TreeNode &b)
{
    checkMember(e, b, e.member, "member");
    if (e.offsets.empty())
        throw TreeError(e.node, "shift: no offsets (give one per statement, e.g. {\"s1\": \"1\"})");
    auto m = ScheduleTree::members(b);
    auto &x = m[static_cast<std::size_t>(e.member)];
    std::set<std::string> done;
    for (const auto &[stmt, text] : e.offsets) {
        if (!done.insert(stmt).second)
            throw TreeError(e.node, "shift: statement '" + stmt + "' is given twice");
        const isl::set s = statementSet(e, b, stmt);
        x = addToPiece(x, s, expression(e, s, text, false, "offset"));
    }
    setMembers(b, m);
}

void BandEdits::skew(const Edit &e, TreeNode &b)
{
    checkMember(e, b, e.member, "member");
    checkMember(e, b, e.source, "source member");
    if (e.member == e.source)
        throw TreeError(e.node, "skew: a member cannot be skewed by itself (use scale)");
    if (e.factor == 0 || e.factor > kMaxFactor || e.factor < -kMaxFactor)
        throw TreeError(e.node,
                        "skew: the factor must be non-zero and at most " + std::to_string(kMaxFactor) + " in size, got "
                            + std::to_string(e.factor));
    auto m = ScheduleTree::members(b);
    const auto &src = m[static_cast<std::size_t>(e.source)];
    auto &x = m[static_cast<std::size_t>(e.member)];
    // Adding union functions keeps only the common domain: both must cover
    // every instance of the band.
    if (!b.reach.is_null() && (!b.reach.is_subset(src.domain()) || !b.reach.is_subset(x.domain())))
        throw TreeError(e.node, "skew: the two members are not defined on the same instances");
    isl::val f = val(src, e.factor);
    x = x.add(isl::manage(isl_union_pw_aff_scale_val(src.copy(), f.release())));
    setMembers(b, m);
}

void BandEdits::memberExpr(const Edit &e, TreeNode &b)
{
    checkMember(e, b, e.member, "member");
    if (e.statement.empty())
        throw TreeError(e.node, "member_expr: no statement given");
    const isl::set s = statementSet(e, b, e.statement);
    const isl::pw_aff pa = expression(e, s, e.expression, true, "expression");
    auto m = ScheduleTree::members(b);
    auto &x = m[static_cast<std::size_t>(e.member)];
    x = replacePiece(x, s, pa);
    setMembers(b, m);
}

} // namespace se
