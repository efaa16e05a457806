// SPDX-License-Identifier: MIT
#include "TreeShape.h"

#include "core/schedule/ScheduleTree.h"
#include "core/isl/IslUtil.h"

#include <isl/aff.h>
#include <isl/ast_type.h>
#include <isl/set.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

namespace se {

namespace {

// One band member's function on one statement, unnamed: its text, and its
// value when it is one integer there (renumbered with the others' later).
struct Piece {
    std::string text;
    std::optional<std::int64_t> value;
    std::string where; ///< a constant's domain, unnamed: kept when the value is renumbered
};

Piece pieceOf(const isl::union_pw_aff &member, const isl::space &statement)
{
    const isl::pw_aff pa = islutil::statementPiece(member, statement);
    Piece out{islutil::str(islutil::anonymous(pa)), std::nullopt, {}};
    if (pa.n_piece() == 1)
        pa.foreach_piece([&](const isl::set &where, const isl::multi_aff &ma) {
            const isl::aff a = ma.at(0);
            const isl::val v = a.is_cst() ? a.get_constant_val() : isl::val();
            if (!v.is_null() && v.is_int() && islutil::fitsInt64(v)) {
                out.value = v.get_num_si();
                out.where = islutil::str(islutil::anonymous(where));
            }
        });
    return out;
}

struct Walk {
    std::map<std::string, isl::space> spaces; // by statement
    std::map<std::string, std::string> paths; // by statement: node kinds, positions, members
    std::vector<std::map<std::string, Piece>> members; // by band member or filter met: each statement's piece
};

// Each statement's path below `node` (reached by `reach`), written into
// `w`; false at a node whose nest isl writes with more than loops and calls.
bool walk(const TreeNode &node, const std::set<std::string> &reach, std::string path, Walk &w)
{
    switch (node.kind) {
    case TreeNode::Kind::Mark: return false; // an AST mark names what it marks
    case TreeNode::Kind::Band: {
        if (!node.options.is_null() && !node.options.is_empty())
            return false;
        if (std::any_of(node.loopTypes.begin(), node.loopTypes.end(), [](int t) { return t != isl_ast_loop_default; }))
            return false;
        const int n = static_cast<int>(node.band.size());
        path += "B" + std::to_string(n);
        for (int k = 0; k < n; ++k) {
            const isl::union_pw_aff member = node.band.at(k);
            auto &pieces = w.members.emplace_back();
            for (const std::string &s : reach)
                pieces.emplace(s, pieceOf(member, w.spaces.at(s)));
            path += " m" + std::to_string(w.members.size() - 1);
        }
        path += "\n";
        break;
    }
    case TreeNode::Kind::Leaf:
        for (const std::string &s : reach)
            w.paths[s] = path;
        return true;
    case TreeNode::Kind::Sequence:
    case TreeNode::Kind::Set: {
        const std::string kind = node.kind == TreeNode::Kind::Set ? "T" : "Q";
        for (std::size_t k = 0; k < node.children.size(); ++k) {
            std::set<std::string> in;
            for (const std::string &s : islutil::tupleNames(node.children[k].set))
                if (reach.count(s))
                    in.insert(s);
            if (!in.empty() && !walk(node.children[k], in, path + kind + std::to_string(k) + "\n", w))
                return false;
        }
        return true;
    }
    case TreeNode::Kind::Domain:
    case TreeNode::Kind::Filter: break;
    }
    std::set<std::string> in;
    if (node.kind == TreeNode::Kind::Filter) {
        // Which instances pass, per statement (a filter may take part of one).
        auto &pieces = w.members.emplace_back();
        for (const std::string &s : islutil::tupleNames(node.set))
            if (reach.count(s)) {
                in.insert(s);
                pieces.emplace(
                    s, Piece{islutil::str(islutil::anonymous(node.set.extract_set(w.spaces.at(s)))), std::nullopt, {}});
            }
        path += "F m" + std::to_string(w.members.size() - 1) + "\n";
    } else {
        in = reach;
    }
    return node.children.size() == 1 && walk(node.children.front(), in, path, w);
}

// A member that is one integer on every statement written as its values'
// ranks (isl's nest shows no such member: no loop, no guard, no call uses it).
void renumber(std::map<std::string, Piece> &pieces)
{
    std::map<std::int64_t, std::int64_t> rank;
    for (const auto &[s, p] : pieces) {
        if (!p.value)
            return;
        rank.emplace(*p.value, 0);
    }
    std::int64_t r = 0;
    for (auto &[v, k] : rank)
        k = r++;
    for (auto &[s, p] : pieces)
        p.text = "#" + std::to_string(rank.at(*p.value)) + " on " + p.where;
}

} // namespace

std::optional<TreeShape> TreeShape::of(const TreeNode &root)
{
    if (root.kind != TreeNode::Kind::Domain)
        return std::nullopt;
    Walk w;
    std::map<std::string, std::pair<std::string, isl::id>> domains; // by statement: its set unnamed, its id
    root.set.foreach_set([&](const isl::set &part) {
        const std::string s = islutil::tupleName(part);
        w.spaces.emplace(s, part.get_space());
        isl::id id = isl::manage(isl_set_get_tuple_id(part.get())); // raw isl: no tuple id getter on sets in cpp.h 0.25
        domains.emplace(s, std::make_pair(islutil::str(islutil::anonymous(part)), std::move(id)));
    });
    std::set<std::string> all;
    for (const auto &[s, space] : w.spaces)
        all.insert(s);
    if (!walk(root, all, "", w))
        return std::nullopt;
    for (auto &pieces : w.members)
        renumber(pieces);
    std::vector<std::pair<std::string, isl::id>> forms;
    for (const auto &[s, path] : w.paths) {
        const auto &[domain, id] = domains.at(s);
        std::string form = domain + "\n" + path;
        for (std::size_t m = 0; m < w.members.size(); ++m)
            if (const auto it = w.members[m].find(s); it != w.members[m].end())
                form += "m" + std::to_string(m) + " " + it->second.text + "\n";
        forms.emplace_back(std::move(form), id);
    }
    if (forms.empty())
        return std::nullopt;
    std::sort(forms.begin(), forms.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    TreeShape out;
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (i > 0 && forms[i].first == forms[i - 1].first)
            return std::nullopt; // two statements alike: no order to match them by
        out.text += forms[i].first + "\n";
        out.ids.push_back(forms[i].second);
    }
    return out;
}

isl::union_map TreeShape::renumbered(const isl::union_map &times, std::unordered_map<std::string, isl::map> &parsed)
{
    std::vector<isl::map> maps;
    times.foreach_map([&](const isl::map &m) { maps.push_back(m); });
    if (maps.empty())
        return times;
    const unsigned n = static_cast<unsigned>(maps.front().range_tuple_dim());
    std::vector<std::vector<std::optional<std::int64_t>>> value(maps.size(),
                                                                std::vector<std::optional<std::int64_t>>(n));
    std::vector<bool> fixed(n, true);
    for (std::size_t i = 0; i < maps.size(); ++i)
        for (unsigned d = 0; d < n; ++d) {
            value[i][d] =
                static_cast<unsigned>(maps[i].range_tuple_dim()) == n ? islutil::plainFixed(maps[i], d) : std::nullopt;
            fixed[d] = fixed[d] && value[i][d];
        }
    std::vector<std::map<std::int64_t, std::int64_t>> rank(n);
    for (unsigned d = 0; d < n; ++d)
        if (fixed[d]) {
            for (const auto &v : value)
                rank[d].emplace(*v[d], 0);
            std::int64_t r = 0;
            for (auto &[v, k] : rank[d])
                k = r++;
        }
    isl::union_map out = isl::union_map::empty(times.ctx());
    for (std::size_t i = 0; i < maps.size(); ++i) {
        std::string from, to;
        bool changed = false;
        for (unsigned d = 0; d < n; ++d) {
            const std::string x = "x" + std::to_string(d);
            from += (d ? ", " : "") + x;
            const bool renumber = fixed[d] && rank[d].at(*value[i][d]) != *value[i][d];
            to += (d ? ", " : "") + (renumber ? std::to_string(rank[d].at(*value[i][d])) : x);
            changed = changed || renumber;
        }
        if (!changed) {
            out = out.unite(maps[i]);
            continue;
        }
        // Parsed once per pattern: alike trees repeat theirs.
        const std::string text = "{ [" + from + "] -> [" + to + "] }";
        auto it = parsed.find(text);
        if (it == parsed.end())
            it = parsed.emplace(text, isl::map(times.ctx(), text)).first;
        out = out.unite(maps[i].apply_range(it->second));
    }
    return out;
}

} // namespace se
