// SPDX-License-Identifier: MIT
#include "Repair.h"
#include "FlatPlace.h"
#include "LegalRanges.h"

#include "core/analysis/Analyzer.h"
#include "core/analysis/ViolationNodes.h"
#include "core/isl/IslContext.h"
#include "core/schedule/SchedulePrinter.h"
#include "core/schedule/ScheduleTree.h"
#include "core/schedule/TreeError.h"
#include "core/support/InputError.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace se {

const char *repairGoalName(RepairGoal goal)
{
    switch (goal) {
    case RepairGoal::Legal: return "legal";
    case RepairGoal::Permutable: return "permutable";
    case RepairGoal::Parallel: return "parallel";
    }
    return "?";
}

std::optional<RepairGoal> repairGoalFromName(const std::string &name)
{
    for (RepairGoal g : {RepairGoal::Legal, RepairGoal::Permutable, RepairGoal::Parallel})
        if (name == repairGoalName(g))
            return g;
    return std::nullopt;
}

namespace {

using Also = LegalRanges::Also;

// Repairs look for skew factors up to this magnitude.
constexpr std::int64_t kLargestFactor = 64;

// A candidate: its edits and how much it changes (for the ranking).
struct Candidate {
    std::vector<Edit> edits;
    std::int64_t change = 0;
};

// The factor of least magnitude other than 0 in a one-dimensional set
// for every parameter value (positive first).
std::optional<std::int64_t> leastFactor(const isl::set &set, const isl::set &context)
{
    if (set.is_empty())
        return std::nullopt;
    const isl::set plain = LegalRanges::forEveryParameter(set, context);
    for (std::int64_t k = 1; k <= kLargestFactor; ++k)
        for (std::int64_t v : {k, -k})
            if (isl::set(plain.ctx(), "{ [" + std::to_string(v) + "] }").is_subset(plain))
                return v;
    return std::nullopt;
}

class Search {
public:
    Search(Analyzer &analyzer, const isl::schedule &schedule, DepMode mode)
        : m_analyzer(analyzer), m_schedule(schedule), m_mode(mode)
    {
    }

    // The schedule after `edits`, or nullopt when one does not apply.
    std::optional<isl::schedule> apply(const std::vector<Edit> &edits) const
    {
        isl::schedule s = m_schedule;
        try {
            for (const Edit &e : edits)
                s = e.apply(s);
        } catch (const InputError &) {
            return std::nullopt;
        }
        return s;
    }

    std::size_t violated(const isl::schedule &s) const { return m_analyzer.violations(s, m_mode, false, false).size(); }

    // `legal`: the verdict when the caller has just checked `s` (not checked again).
    RepairProposal proposal(const std::vector<Edit> &edits, const isl::schedule &s,
                            std::optional<bool> legal = std::nullopt) const
    {
        RepairProposal p;
        p.edits = edits;
        p.schedule = SchedulePrinter::flatMap(m_analyzer.model(), s);
        p.legal = legal ? *legal : violated(s) == 0;
        for (const Edit &e : edits)
            p.summary += (p.summary.empty() ? "" : ", then ") + e.describe();
        return p;
    }

    // The single edits at the band `path` of `s` that the ranges say keep
    // (or make) it legal: shifts, skews, permutations, reversals.
    std::vector<Candidate> bandMoves(const isl::schedule &s, const NodePath &path) const
    {
        std::vector<Candidate> out;
        const TreeNode root = ScheduleTree::read(s);
        const TreeNode *node = ScheduleTree::find(root, path);
        if (!node || !node->isBand() || node->members() == 0)
            return out;
        FlatPlace place(m_analyzer, s, root, path);
        const LegalRanges ranges(place, m_mode);
        if (!ranges.differences().blocked().empty())
            return out;
        const auto &stmts = ranges.differences().statements();
        const int m = static_cast<int>(node->members());
        for (int k = 0; k < m; ++k) {
            const auto offsets = ranges.leastShift(k);
            if (!offsets)
                continue;
            std::vector<std::pair<std::string, std::string>> args;
            std::int64_t change = 0;
            for (std::size_t i = 0; i < stmts.size(); ++i)
                if ((*offsets)[i] != 0) {
                    args.emplace_back(m_analyzer.model().statements()[stmts[i]].name, std::to_string((*offsets)[i]));
                    change += std::abs((*offsets)[i]);
                }
            if (!args.empty())
                out.push_back({{Edit::shift(path, k, args)}, change});
        }
        for (int k = 0; k < m; ++k)
            for (int j = 0; j < m; ++j)
                if (j != k)
                    if (const auto set = ranges.skewSet(k, j))
                        if (const auto f = leastFactor(*set, m_analyzer.model().context()))
                            out.push_back({{Edit::skew(path, k, j, *f)}, std::abs(*f)});
        if (m <= 5) {
            std::vector<int> order(static_cast<std::size_t>(m));
            std::iota(order.begin(), order.end(), 0);
            while (std::next_permutation(order.begin(), order.end())) {
                std::vector<std::string> forms;
                for (int k : order)
                    forms.push_back("d" + std::to_string(k));
                if (ranges.legalUnder(forms)) {
                    std::int64_t moved = 0;
                    for (int k = 0; k < m; ++k)
                        moved += order[static_cast<std::size_t>(k)] != k;
                    out.push_back({{Edit::permute(path, order)}, moved});
                }
            }
        }
        for (int k = 0; k < m; ++k) {
            std::vector<std::string> forms;
            for (int j = 0; j < m; ++j)
                forms.push_back(j == k ? "-d" + std::to_string(j) : "d" + std::to_string(j));
            if (ranges.legalUnder(forms))
                out.push_back({{Edit::reverse(path, k)}, 1});
        }
        // With a perfectly nested child band: swapping them, or one band of
        // both (whose skews and permutations the next step looks at).
        if (node->children.size() == 1 && node->children.front().isBand()) {
            out.push_back({{Edit::interchange(path)}, 1});
            out.push_back({{Edit::merge(path)}, 1});
        }
        return out;
    }

    // Reorders of the children of the sequence (or set) at `path`.
    std::vector<Candidate> childMoves(const isl::schedule &s, const NodePath &path) const
    {
        std::vector<Candidate> out;
        const TreeNode root = ScheduleTree::read(s);
        const TreeNode *node = ScheduleTree::find(root, path);
        if (!node || !node->hasChildren())
            return out;
        const int n = static_cast<int>(node->children.size());
        const bool set = node->kind == TreeNode::Kind::Set;
        for (int c = 0; c < n; ++c)
            for (int to = 0; to < n; ++to)
                if (to != c) {
                    std::vector<Edit> edits;
                    if (set)
                        edits.push_back(Edit::toSequence(path));
                    edits.push_back(Edit::move(path, c, to));
                    out.push_back({edits, std::abs(to - c)});
                }
        if (set)
            out.push_back({{Edit::toSequence(path)}, 0});
        return out;
    }

    // Single edits at the node where `v` breaks and at the bands above it.
    std::vector<Candidate> around(const isl::schedule &s, const ViolationReport &v) const
    {
        std::vector<Candidate> out;
        const auto path = parseNodePath(v.node);
        if (!path)
            return out;
        NodePath p = *path;
        const TreeNode root = ScheduleTree::read(s);
        for (;;) {
            const TreeNode *n = ScheduleTree::find(root, p);
            if (n && n->isBand()) {
                auto c = bandMoves(s, p);
                out.insert(out.end(), c.begin(), c.end());
            } else if (n && n->hasChildren()) {
                auto c = childMoves(s, p);
                out.insert(out.end(), c.begin(), c.end());
            }
            if (p.empty())
                break;
            p.pop_back();
        }
        return out;
    }

    Analyzer &m_analyzer;
    const isl::schedule &m_schedule;
    DepMode m_mode;
};

// The violation at the first time dimension (the one a repair must mend first).
std::optional<ViolationReport> firstViolation(Analyzer &analyzer, const isl::schedule &s, DepMode mode)
{
    std::vector<ViolationReport> all = analyzer.violations(s, mode, false, true);
    if (all.empty())
        return std::nullopt;
    ViolationNodes::name(s, all);
    return *std::min_element(all.begin(), all.end(), [](const ViolationReport &a, const ViolationReport &b) {
        const auto la = a.level < 0 ? 1 << 30 : a.level, lb = b.level < 0 ? 1 << 30 : b.level;
        return la != lb ? la < lb : a.edge < b.edge;
    });
}

void rank(std::vector<RepairProposal> &proposals, std::vector<std::int64_t> &changes)
{
    std::vector<std::size_t> order(proposals.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (proposals[a].edits.size() != proposals[b].edits.size())
            return proposals[a].edits.size() < proposals[b].edits.size();
        return changes[a] < changes[b];
    });
    std::vector<RepairProposal> out;
    std::vector<std::int64_t> outChanges;
    for (std::size_t k : order) {
        // One proposal per resulting schedule.
        if (std::any_of(out.begin(), out.end(),
                        [&](const RepairProposal &p) { return p.schedule == proposals[k].schedule; }))
            continue;
        out.push_back(std::move(proposals[k]));
        outChanges.push_back(changes[k]);
    }
    proposals = std::move(out);
    changes = std::move(outChanges);
}

RepairReport legalRepairs(Analyzer &analyzer, const isl::schedule &schedule, unsigned count, DepMode mode)
{
    RepairReport r;
    r.firstViolation = firstViolation(analyzer, schedule, mode);
    if (!r.firstViolation) {
        r.reason = "the schedule is legal already";
        return r;
    }
    Search search(analyzer, schedule, mode);
    std::vector<RepairProposal> found;
    std::vector<std::int64_t> changes;
    // Breadth first: single edits where the first violation breaks, then
    // the same from the best of those that left others.
    std::vector<Candidate> frontier{{{}, 0}};
    constexpr int kMostSteps = 3;
    constexpr std::size_t kKeep = 4;
    for (int step = 0; step < kMostSteps && found.size() < count && !frontier.empty(); ++step) {
        std::vector<std::pair<std::size_t, Candidate>> illegal; // (violated edges, candidate)
        for (const Candidate &base : frontier) {
            const auto s = search.apply(base.edits);
            if (!s)
                continue;
            const auto v = firstViolation(analyzer, *s, mode);
            if (!v)
                continue;
            for (Candidate c : search.around(*s, *v)) {
                QuotaScope::nextStep(analyzer.context());
                std::vector<Edit> edits = base.edits;
                edits.insert(edits.end(), c.edits.begin(), c.edits.end());
                const auto after = search.apply(edits);
                if (!after)
                    continue;
                const std::size_t broken = search.violated(*after);
                if (broken == 0) {
                    found.push_back(search.proposal(edits, *after, true));
                    changes.push_back(base.change + c.change);
                } else {
                    illegal.push_back({broken, Candidate{edits, base.change + c.change}});
                }
            }
        }
        std::stable_sort(illegal.begin(), illegal.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first < b.first : a.second.change < b.second.change;
        });
        frontier.clear();
        for (std::size_t k = 0; k < illegal.size() && k < kKeep; ++k)
            frontier.push_back(illegal[k].second);
    }
    rank(found, changes);
    if (found.size() > count)
        found.resize(count);
    r.repairs = std::move(found);
    if (r.repairs.empty())
        r.reason = "no shift, skew, permutation, reversal or reorder (up to " + std::to_string(kMostSteps)
            + " edits) at the node where the first dependence breaks or at the bands above it makes the schedule "
              "legal: "
            + r.firstViolation->message;
    return r;
}

const TreeNode &bandAt(const TreeNode &root, const NodePath &node, const char *goal)
{
    const TreeNode *n = ScheduleTree::find(root, node);
    if (!n)
        throw TreeError(node, std::string("repair --goal ") + goal + ": there is no node " + nodePathText(node));
    if (!n->isBand() || n->members() == 0)
        throw TreeError(node,
                        std::string("repair --goal ") + goal + ": node " + nodePathText(node) + " is a "
                            + treeKindName(n->kind) + ", not a band");
    return *n;
}

// Shifts at the band `path` of `s` (by least offsets) that make it legal
// and `also`; nothing when it is already, nullopt when none does.
std::optional<std::vector<Edit>> shiftFor(Analyzer &analyzer, const isl::schedule &s, const NodePath &path,
                                          DepMode mode, Also also, int member)
{
    const TreeNode root = ScheduleTree::read(s);
    FlatPlace place(analyzer, s, root, path);
    const LegalRanges ranges(place, mode);
    const auto offsets = ranges.leastShift(member, also);
    if (!offsets)
        return std::nullopt;
    std::vector<std::pair<std::string, std::string>> args;
    const auto &stmts = ranges.differences().statements();
    for (std::size_t i = 0; i < stmts.size(); ++i)
        if ((*offsets)[i] != 0)
            args.emplace_back(analyzer.model().statements()[stmts[i]].name, std::to_string((*offsets)[i]));
    if (args.empty())
        return std::vector<Edit>{};
    return std::vector<Edit>{Edit::shift(path, member, args)};
}

RepairReport permutableRepair(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &node, DepMode mode)
{
    RepairReport r;
    bandAt(ScheduleTree::read(schedule), node, "permutable");
    Search search(analyzer, schedule, mode);
    std::vector<Edit> edits;
    std::string failure;
    const auto now = [&] { return *search.apply(edits); };
    // 1. The loops below the band join it: child bands merged, a sequence's
    //    bands fused (with the shifts that keep the fusion legal) first.
    for (int guard = 0; guard < 64 && failure.empty(); ++guard) {
        const TreeNode root = ScheduleTree::read(now());
        const TreeNode &band = bandAt(root, node, "permutable");
        if (band.children.empty())
            break;
        const TreeNode &child = band.children.front();
        NodePath childPath = node;
        childPath.push_back(0);
        if (child.isBand()) {
            edits.push_back(Edit::merge(node));
            continue;
        }
        if (child.kind != TreeNode::Kind::Sequence || child.children.size() < 2)
            break;
        const auto startsWithBand = [&](const TreeNode &f) {
            return !f.children.empty() && f.children.front().isBand()
                && f.children.front().members() == child.children.front().children.front().members();
        };
        if (!std::all_of(child.children.begin(), child.children.end(), startsWithBand))
            break;
        const bool last = child.children.size() == 2;
        edits.push_back(Edit::fuse(childPath, 0));
        NodePath fused = childPath;
        if (!last)
            fused.insert(fused.end(), {0, 0});
        const TreeNode after = ScheduleTree::read(now());
        const TreeNode *fb = ScheduleTree::find(after, fused);
        for (int k = 0; fb && k < static_cast<int>(fb->members()); ++k) {
            if (search.violated(now()) == 0)
                break;
            if (const auto shift = shiftFor(analyzer, now(), fused, mode, Also::Nothing, k))
                edits.insert(edits.end(), shift->begin(), shift->end());
        }
        if (search.violated(now()) != 0)
            failure = "fusing the loops below the band breaks a dependence that no shift mends";
    }
    // 2. Each member made non-negative on every dependence the band carries:
    //    a shift, else a skew by another member.
    if (failure.empty()) {
        const int m = static_cast<int>(bandAt(ScheduleTree::read(now()), node, "permutable").members());
        for (int i = 0; i < m && failure.empty(); ++i) {
            const isl::schedule s = now();
            const TreeNode root = ScheduleTree::read(s);
            FlatPlace place(analyzer, s, root, node);
            const LegalRanges ranges(place, mode);
            if (!ranges.differences().blocked().empty()) {
                failure = ranges.differences().blocked();
                break;
            }
            if (ranges.permutable(0, i))
                continue;
            if (const auto shift = shiftFor(analyzer, s, node, mode, Also::NonNegative, i); shift && !shift->empty()) {
                edits.insert(edits.end(), shift->begin(), shift->end());
                continue;
            }
            std::optional<Edit> skew;
            for (int j = 0; j < m && !skew; ++j) {
                if (j == i)
                    continue;
                if (const auto set = ranges.skewSet(i, j, Also::NonNegative)) {
                    if (const auto f = leastFactor(*set, analyzer.model().context()))
                        skew = Edit::skew(node, i, j, *f);
                    continue;
                }
                // No exact set (the source's differences take too many
                // values): the least factors, each checked exactly.
                for (std::int64_t k = 1; k <= kLargestFactor && !skew; ++k)
                    for (std::int64_t f : {k, -k}) {
                        std::vector<std::string> forms;
                        for (int x = 0; x < m; ++x)
                            forms.push_back("d" + std::to_string(x));
                        forms[static_cast<std::size_t>(i)] += " + " + std::to_string(f) + " * d" + std::to_string(j);
                        if (ranges.legalUnder(forms) && ranges.nonNegativeUnder(forms, 0, i)) {
                            skew = Edit::skew(node, i, j, f);
                            break;
                        }
                    }
            }
            if (skew)
                edits.push_back(*skew);
            else
                failure = "no shift or skew makes member " + std::to_string(i)
                    + " non-negative on every dependence the band carries";
        }
    }
    if (failure.empty()) {
        const isl::schedule s = now();
        const TreeNode root = ScheduleTree::read(s);
        FlatPlace place(analyzer, s, root, node);
        const LegalRanges ranges(place, mode);
        const int m = static_cast<int>(ranges.differences().members());
        if (!ranges.legal() || !ranges.permutable(0, m - 1))
            failure = "the band is still not permutable after the edits found";
    }
    if (!failure.empty()) {
        r.reason = failure;
        return r;
    }
    edits.push_back(Edit::setPermutable(node, true));
    r.repairs.push_back(search.proposal(edits, now()));
    return r;
}

RepairReport parallelRepair(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &node, unsigned count,
                            DepMode mode)
{
    RepairReport r;
    const int m = static_cast<int>(bandAt(ScheduleTree::read(schedule), node, "parallel").members());
    Search search(analyzer, schedule, mode);
    std::vector<RepairProposal> found;
    std::vector<std::int64_t> changes;
    // Each member brought outermost (when that is legal), then shifted so
    // that no dependence the band carries crosses its iterations.
    for (int p = 0; p < m; ++p) {
        std::vector<Edit> edits;
        if (p != 0) {
            std::vector<int> order{p};
            for (int k = 0; k < m; ++k)
                if (k != p)
                    order.push_back(k);
            edits.push_back(Edit::permute(node, order));
        }
        const auto s = search.apply(edits);
        if (!s || search.violated(*s) != 0)
            continue;
        const auto shift = shiftFor(analyzer, *s, node, mode, Also::Zero, 0);
        if (!shift)
            continue;
        edits.insert(edits.end(), shift->begin(), shift->end());
        edits.push_back(Edit::setCoincident(node, 0, true));
        const auto after = search.apply(edits);
        if (!after)
            continue;
        found.push_back(search.proposal(edits, *after));
        changes.push_back(static_cast<std::int64_t>(edits.size()));
    }
    rank(found, changes);
    if (found.size() > count)
        found.resize(count);
    r.repairs = std::move(found);
    if (r.repairs.empty())
        r.reason = "no member of the band can be made parallel outermost by a legal permutation and shifts: every "
                   "candidate leaves a dependence carried by it";
    return r;
}

} // namespace

std::optional<RepairProposal> Repair::enabling(Analyzer &analyzer, const isl::schedule &schedule, const Edit &move,
                                               DepMode mode)
{
    return QuotaScope::run(analyzer.context(), "enabling " + move.describe(), [&]() -> std::optional<RepairProposal> {
        Search search(analyzer, schedule, mode);
        const std::string before = SchedulePrinter::flatMap(analyzer.model(), schedule);
        const auto legal = [&](const std::vector<Edit> &edits) -> std::optional<RepairProposal> {
            const auto s = search.apply(edits);
            if (!s || search.violated(*s) != 0)
                return std::nullopt;
            RepairProposal p = search.proposal(edits, *s, true);
            if (p.schedule == before)
                return std::nullopt; // the move undone, not enabled
            return p;
        };
        const bool bandMove =
            move.kind == EditKind::Tile || move.kind == EditKind::Interchange || move.kind == EditKind::Permute;
        if (bandMove) {
            RepairReport r;
            try {
                r = permutableRepair(analyzer, schedule, move.node, mode);
            } catch (const InputError &) {
                // (not a band: the move does not apply, nothing enables it there)
            }
            if (!r.repairs.empty()) {
                std::vector<Edit> edits = r.repairs.front().edits;
                const auto made = search.apply(edits);
                const TreeNode *band = nullptr;
                TreeNode root;
                if (made) {
                    root = ScheduleTree::read(*made);
                    band = ScheduleTree::find(root, move.node);
                }
                const std::size_t members = band ? band->members() : 0;
                Edit after = move;
                if (move.kind == EditKind::Tile && members)
                    after.sizes.assign(members, move.sizes.empty() ? 32 : move.sizes.front());
                if (move.kind == EditKind::Interchange && band
                    && !(band->children.size() == 1 && band->children.front().isBand())) {
                    // Merged into one band: the interchange is a swap of its first two members.
                    std::vector<int> order(members);
                    std::iota(order.begin(), order.end(), 0);
                    if (members >= 2)
                        std::swap(order[0], order[1]);
                    after = Edit::permute(move.node, order);
                }
                edits.push_back(after);
                if (auto p = legal(edits))
                    return p;
            }
        }
        // The move, then what mends it.
        const auto moved = search.apply({move});
        if (!moved)
            return std::nullopt;
        const RepairReport r = legalRepairs(analyzer, *moved, 1, mode);
        if (r.repairs.empty())
            return std::nullopt;
        std::vector<Edit> edits{move};
        edits.insert(edits.end(), r.repairs.front().edits.begin(), r.repairs.front().edits.end());
        return legal(edits);
    });
}

RepairReport Repair::find(Analyzer &analyzer, const isl::schedule &schedule, RepairGoal goal,
                          const std::optional<NodePath> &node, unsigned count, DepMode mode)
{
    return QuotaScope::run(
        analyzer.context(), std::string("repairing the schedule (") + repairGoalName(goal) + ")", [&] {
            RepairReport r;
            if (goal == RepairGoal::Legal) {
                r = legalRepairs(analyzer, schedule, count, mode);
            } else {
                if (!node)
                    throw TreeError(
                        {}, std::string("repair --goal ") + repairGoalName(goal) + " needs --node PATH (a band)");
                r = goal == RepairGoal::Permutable ? permutableRepair(analyzer, schedule, *node, mode)
                                                   : parallelRepair(analyzer, schedule, *node, count, mode);
                if (!r.firstViolation)
                    r.firstViolation = firstViolation(analyzer, schedule, mode);
            }
            r.goal = goal;
            if (node)
                r.node = *node;
            return r;
        });
}

} // namespace se
