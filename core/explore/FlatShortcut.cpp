// SPDX-License-Identifier: MIT
#include "FlatShortcut.h"
#include "FlatPlace.h"

#include "core/analysis/Analyzer.h"
#include "core/schedule/ScheduleTree.h"
#include "core/edit/TreeEdits.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace se {

namespace {

using Row = FlatSchedule::Transform::Row;

// Factors the shortcut takes on itself; others go through the edit, which
// checks them.
constexpr long kSmallFactor = 64;

Row plus(unsigned d, long by)
{
    return Row{d, {{d, 1}}, by};
}

} // namespace

std::optional<std::vector<Row>> FlatShortcut::bandRows(const Edit &e, unsigned members) const
{
    const unsigned d = m_place.dim();
    const auto member = [&](int m) { return m >= 0 && static_cast<unsigned>(m) < members; };
    if (members == 0)
        return std::nullopt; // every band edit refuses a band with no members
    switch (e.kind) {
    case EditKind::Reverse:
        if (!member(e.member))
            return std::nullopt;
        return std::vector<Row>{
            Row{d + static_cast<unsigned>(e.member), {{d + static_cast<unsigned>(e.member), -1}}, 0}};
    case EditKind::Scale:
        if (!member(e.member) || e.factor < 1 || e.factor > kSmallFactor)
            return std::nullopt;
        return std::vector<Row>{Row{d + static_cast<unsigned>(e.member),
                                    {{d + static_cast<unsigned>(e.member), static_cast<long>(e.factor)}},
                                    0}};
    case EditKind::Skew:
        // (The edit also checks that both members are defined on every
        // instance of the band: isl's bands always are.)
        if (!member(e.member) || !member(e.source) || e.member == e.source || e.factor == 0 || e.factor > kSmallFactor
            || e.factor < -kSmallFactor)
            return std::nullopt;
        return std::vector<Row>{Row{d + static_cast<unsigned>(e.member),
                                    {{d + static_cast<unsigned>(e.member), 1},
                                     {d + static_cast<unsigned>(e.source), static_cast<long>(e.factor)}},
                                    0}};
    case EditKind::Permute: {
        if (e.order.size() != members)
            return std::nullopt;
        std::vector<bool> seen(members, false);
        std::vector<Row> rows;
        for (unsigned i = 0; i < members; ++i) {
            const int k = e.order[i];
            if (!member(k) || seen[static_cast<std::size_t>(k)])
                return std::nullopt;
            seen[static_cast<std::size_t>(k)] = true;
            if (static_cast<unsigned>(k) != i)
                rows.push_back(Row{d + i, {{d + static_cast<unsigned>(k), 1}}, 0});
        }
        return rows;
    }
    case EditKind::Split:
        if (e.member < 1 || static_cast<unsigned>(e.member) >= members)
            return std::nullopt;
        return std::vector<Row>{}; // two bands, the same times
    // Declarations: the verdict is about times only, and they stay.
    case EditKind::SetPermutable: return std::vector<Row>{};
    case EditKind::SetCoincident:
        if (!member(e.member))
            return std::nullopt;
        return std::vector<Row>{};
    default: return std::nullopt;
    }
}

std::optional<FlatSchedule> FlatShortcut::moving(const std::vector<std::size_t> &moved, const std::vector<Row> &rows)
{
    FlatSchedule &base = const_cast<FlatSchedule &>(m_place.base());
    for (const Row &r : rows)
        if (r.dim >= base.dims()
            || std::any_of(r.terms.begin(), r.terms.end(), [&](const auto &t) { return t.first >= base.dims(); }))
            return std::nullopt;
    if (rows.empty())
        return base;
    // { [t0, ..., tn-1] -> [t0', ...] }: each row's form, the other dimensions kept.
    const isl::map map(m_place.analyzer().model().islContext().ctx(),
                       FlatSchedule::Transform::mapText(rows, base.dims(), true));
    // An invertible move (a skew, permutation, reversal or shift) is a
    // substitution of its inverse into each statement's times, which isl
    // makes without the projection a composition needs.
    std::optional<isl::multi_aff> inverse;
    if (map.is_bijective())
        if (const isl::pw_multi_aff back = map.reverse().as_pw_multi_aff(); back.isa_multi_aff())
            inverse = back.as_multi_aff(); // (a scale's inverse is defined on multiples only: not one)
    std::vector<std::pair<std::size_t, isl::map>> times;
    std::vector<std::pair<std::size_t, FlatSchedule::Transform>> transforms;
    for (std::size_t s : moved) {
        times.emplace_back(s, inverse ? base.of(s).preimage_range(*inverse) : base.of(s).apply_range(map));
        transforms.emplace_back(s, FlatSchedule::Transform{base.of(s), rows});
    }
    return base.withTimes(std::move(times), std::move(transforms));
}

std::optional<FlatSchedule> FlatShortcut::after(const Edit &e)
{
    const TreeNode *node = m_place.node();
    if (!node || e.node != m_place.path())
        return std::nullopt;
    const PolyhedralModel &model = m_place.analyzer().model();
    const unsigned d = m_place.dim();
    if (e.kind == EditKind::Shift && node->isBand() && e.offsets.size() == 1 && e.offsets[0].second == "1"
        && e.member >= 0 && static_cast<unsigned>(e.member) < node->members()) {
        const int s = model.statementIndex(e.offsets[0].first);
        if (s < 0 || !m_place.whole(*node, static_cast<std::size_t>(s)))
            return std::nullopt;
        const unsigned at = d + static_cast<unsigned>(e.member);
        if (at >= m_place.base().dims())
            return std::nullopt;
        const FlatSchedule &base = m_place.base();
        const auto st = static_cast<std::size_t>(s);
        return base.withTimes({{st, base.of(st).apply_range(m_place.translation(at, 1))}},
                              {{st, FlatSchedule::Transform{base.of(st), {plus(at, 1)}}}});
    }
    if (e.kind == EditKind::Move && node->hasChildren() && (e.to == e.child + 1 || e.to == e.child - 1) && e.child >= 0
        && e.to >= 0 && static_cast<std::size_t>(std::max(e.child, e.to)) < node->children.size()) {
        if (d >= m_place.base().dims())
            return std::nullopt;
        const FlatSchedule &base = m_place.base();
        const auto first = static_cast<std::size_t>(std::min(e.child, e.to));
        std::vector<std::pair<std::size_t, isl::map>> times;
        std::vector<std::pair<std::size_t, FlatSchedule::Transform>> transforms;
        for (const auto &[child, by] : {std::pair<std::size_t, int>{first, 1}, {first + 1, -1}}) {
            const TreeNode &f = node->children[child];
            if (f.kind != TreeNode::Kind::Filter || f.children.empty())
                return std::nullopt;
            const auto under = m_place.wholeStatements(f.children.front());
            if (!under)
                return std::nullopt;
            for (std::size_t s : *under) {
                times.emplace_back(s, base.of(s).apply_range(m_place.translation(d, by)));
                transforms.emplace_back(s, FlatSchedule::Transform{base.of(s), {plus(d, by)}});
            }
        }
        return base.withTimes(std::move(times), std::move(transforms));
    }
    // Marks: the times stay (the conditions are the edits' own).
    const bool markHere = node->kind == TreeNode::Kind::Mark;
    if ((e.kind == EditKind::InsertMark && !e.node.empty() && node->kind != TreeNode::Kind::Filter
         && TreeEdits::validMarkName(e.name))
        || (e.kind == EditKind::RenameMark && markHere && TreeEdits::validMarkName(e.name))
        || (e.kind == EditKind::DeleteMark && markHere))
        return m_place.base();
    if (!node->isBand())
        return std::nullopt;
    const auto rows = bandRows(e, node->members());
    if (!rows)
        return std::nullopt;
    if (!m_underBand)
        m_underBand = m_place.wholeStatements(*node);
    if (!*m_underBand)
        return std::nullopt;
    return moving(**m_underBand, *rows);
}

} // namespace se
