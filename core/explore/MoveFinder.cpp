// SPDX-License-Identifier: MIT
#include "MoveFinder.h"
#include "FlatPlace.h"
#include "FlatShortcut.h"
#include "Repair.h"
#include "SequenceShortcut.h"

#include "core/schedule/ScheduleTree.h"
#include "core/analysis/Analyzer.h"
#include "core/legality/LegalityChecker.h"
#include "core/isl/IslContext.h"
#include "core/schedule/FlatSchedule.h"
#include "core/support/InputError.h"

#include <isl/cpp.h>

#include <algorithm>
#include <optional>

namespace se {

const char *verdictName(MoveVerdict::Verdict v)
{
    switch (v) {
    case MoveVerdict::Verdict::Legal: return "legal";
    case MoveVerdict::Verdict::Illegal: return "illegal";
    case MoveVerdict::Verdict::DoesNotApply: return "does not apply";
    }
    return "?";
}

namespace {

std::vector<std::string> statementsOf(const isl::union_set &reach)
{
    std::vector<std::string> out;
    if (reach.is_null())
        return out;
    reach.foreach_set([&](isl::set s) {
        const char *n = isl_set_get_tuple_name(s.get());
        if (n)
            out.emplace_back(n);
    });
    std::sort(out.begin(), out.end());
    return out;
}

void bandCandidates(const TreeNode &b, const NodePath &p, std::vector<Edit> &out)
{
    const int n = static_cast<int>(b.members());
    for (int k = 0; k + 1 < n; ++k) {
        std::vector<int> order;
        for (int j = 0; j < n; ++j)
            order.push_back(j);
        std::swap(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(k + 1)]);
        out.push_back(Edit::permute(p, order));
    }
    out.push_back(Edit::interchange(p));
    out.push_back(Edit::tile(p, std::vector<std::int64_t>(static_cast<std::size_t>(std::max(n, 1)), 32)));
    for (int k = 1; k < n; ++k)
        out.push_back(Edit::split(p, k));
    out.push_back(Edit::merge(p));
    for (int k = 0; k < n; ++k)
        out.push_back(Edit::reverse(p, k));
    for (int k = 0; k < n; ++k)
        for (const auto &s : statementsOf(b.reach))
            out.push_back(Edit::shift(p, k, {{s, "1"}}));
    for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
            if (j != k)
                out.push_back(Edit::skew(p, k, j, 1));
    for (int k = 0; k < n; ++k)
        out.push_back(Edit::scale(p, k, 2));
    out.push_back(Edit::setPermutable(p, !b.permutable));
    for (int k = 0; k < n; ++k)
        out.push_back(Edit::setCoincident(p, k, !b.coincident[static_cast<std::size_t>(k)]));
    out.push_back(Edit::distribute(p));
}

} // namespace

std::vector<Edit> MoveFinder::candidates(const isl::schedule &schedule, const NodePath &path)
{
    return candidates(ScheduleTree::read(schedule), path);
}

std::vector<Edit> MoveFinder::candidates(const TreeNode &root, const NodePath &path)
{
    const TreeNode *t = ScheduleTree::find(root, path);
    std::vector<Edit> out;
    if (!t)
        return out;
    switch (t->kind) {
    case TreeNode::Kind::Band: bandCandidates(*t, path, out); break;
    case TreeNode::Kind::Sequence:
    case TreeNode::Kind::Set: {
        const int n = static_cast<int>(t->children.size());
        for (int k = 0; k < n; ++k) {
            if (k > 0)
                out.push_back(Edit::move(path, k, k - 1));
            if (k + 1 < n)
                out.push_back(Edit::move(path, k, k + 1));
        }
        for (int k = 0; k + 1 < n; ++k)
            out.push_back(Edit::fuse(path, k));
        out.push_back(t->kind == TreeNode::Kind::Sequence ? Edit::toSet(path) : Edit::toSequence(path));
        break;
    }
    case TreeNode::Kind::Mark:
        out.push_back(Edit::renameMark(path, t->mark + "_1"));
        out.push_back(Edit::deleteMark(path));
        break;
    default: break;
    }
    if (!path.empty() && t->kind != TreeNode::Kind::Filter)
        out.push_back(Edit::insertMark(path, "mark"));
    return out;
}

MovesReport MoveFinder::evaluate(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &path, DepMode mode,
                                 bool counts, bool shortcuts, bool reasons)
{
    MovesReport r;
    r.node = path;
    const TreeNode root =
        QuotaScope::run(analyzer.context(), "reading the schedule", [&] { return ScheduleTree::read(schedule); });
    const TreeNode *t = ScheduleTree::find(root, path);
    r.nodeKind = t ? treeKindName(t->kind) : "";
    const auto edits = QuotaScope::run(analyzer.context(), "listing the moves", [&] { return candidates(root, path); });
    FlatPlace place(analyzer, schedule, root, path); // the schedule flattened once for both
    FlatShortcut shortcut(place);
    SequenceShortcut neighbours(place, mode, counts);
    const std::vector<Dependence> &deps = analyzer.dependences(mode);
    // The first edge a move breaks, with its witness: its reason.
    const auto explain = [&](const FlatSchedule &flat, std::size_t edge) {
        return QuotaScope::run(analyzer.context(), "explaining a move", [&] {
            const Dependence &dep = deps[edge];
            return LegalityChecker::explain(analyzer.model(), dep, edge, flat,
                                            LegalityChecker::violatingPairs(dep, flat), std::nullopt);
        });
    };
    for (const Edit &e : edits) {
        MoveVerdict v;
        v.edit = e;
        v.description = e.describe();
        if (const auto known = shortcuts
                ? QuotaScope::run(analyzer.context(), "checking " + v.description, [&] { return neighbours.after(e); })
                : std::nullopt) {
            v.verdict = known->violatedEdges ? MoveVerdict::Verdict::Illegal : MoveVerdict::Verdict::Legal;
            v.violatedEdges = known->violatedEdges;
            v.violatingPairs = known->violatingPairs;
            if (reasons && v.violatedEdges) {
                const FlatSchedule flat(analyzer.model(), e.apply(root));
                if (const auto broken = analyzer.violations(flat, mode, false, false); !broken.empty())
                    v.firstViolation = explain(flat, broken.front().edge);
            }
            r.moves.push_back(std::move(v));
            continue;
        }
        const std::optional<FlatSchedule> shifted = shortcuts
            ? QuotaScope::run(analyzer.context(), "moving " + v.description, [&] { return shortcut.after(e); })
            : std::nullopt;
        isl::schedule after;
        if (!shifted) {
            try {
                after = QuotaScope::run(analyzer.context(), "applying " + v.description, [&] { return e.apply(root); });
            } catch (const InputError &err) {
                v.verdict = MoveVerdict::Verdict::DoesNotApply;
                v.reason = err.fault();
                r.moves.push_back(std::move(v));
                continue;
            }
        }
        const std::vector<ViolationReport> violations = shifted ? analyzer.violations(*shifted, mode, counts, false)
                                                                : analyzer.violations(after, mode, counts, false);
        v.verdict = violations.empty() ? MoveVerdict::Verdict::Legal : MoveVerdict::Verdict::Illegal;
        v.violatedEdges = violations.size();
        if (reasons && !violations.empty())
            v.firstViolation = shifted ? explain(*shifted, violations.front().edge)
                                       : explain(FlatSchedule(analyzer.model(), after), violations.front().edge);
        if (!violations.empty()) {
            std::int64_t total = 0;
            bool all = true;
            for (const auto &x : violations) {
                if (x.count)
                    total += *x.count;
                else
                    all = false;
            }
            if (all)
                v.violatingPairs = total;
        }
        r.moves.push_back(std::move(v));
    }
    // What would make each blocked structural move legal, for the first few
    // of them and at nodes of a few statements (each is a search of its
    // own, about a repair's time).
    constexpr int kMostEnabled = 6;
    constexpr std::size_t kMostStatements = 64;
    const auto reached = t && !t->reach.is_null() ? analyzer.model().statementsOf(t->reach) : std::nullopt;
    if (reasons && reached && reached->size() <= kMostStatements) {
        int left = kMostEnabled;
        for (MoveVerdict &v : r.moves) {
            const EditKind k = v.edit.kind;
            const bool structural = k == EditKind::Tile || k == EditKind::Interchange || k == EditKind::Permute
                || k == EditKind::Fuse || k == EditKind::Distribute || k == EditKind::Move;
            if (v.verdict == MoveVerdict::Verdict::Illegal && structural && left-- > 0)
                v.enabledBy = Repair::enabling(analyzer, schedule, v.edit, mode);
        }
    }
    return r;
}

} // namespace se
