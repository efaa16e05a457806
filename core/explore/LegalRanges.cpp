// SPDX-License-Identifier: MIT
#include "LegalRanges.h"
#include "FlatPlace.h"

#include "core/analysis/Analyzer.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTree.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <map>
#include <numeric>

namespace se {

namespace {

std::string d(int k)
{
    return "d" + std::to_string(k);
}

std::string join(const std::vector<std::string> &parts, const char *with)
{
    std::string out;
    for (const auto &p : parts)
        if (!p.empty())
            out += (out.empty() ? "" : with) + p;
    return out;
}

// `(e0) > 0 or ((e0) = 0 and (e1) > 0) or ...`: the forms go lexicographically
// forward; "1 = 0" when there are none.
std::string lexForward(const std::vector<std::string> &forms, std::size_t from = 0)
{
    std::vector<std::string> alts;
    for (std::size_t k = from; k < forms.size(); ++k) {
        std::vector<std::string> conj;
        for (std::size_t j = from; j < k; ++j)
            conj.push_back("(" + forms[j] + ") = 0");
        conj.push_back("(" + forms[k] + ") > 0");
        alts.push_back("(" + join(conj, " and ") + ")");
    }
    return alts.empty() ? "1 = 0" : join(alts, " or ");
}

std::string lexBackward(const std::vector<std::string> &forms, std::size_t from = 0)
{
    std::vector<std::string> alts;
    for (std::size_t k = from; k < forms.size(); ++k) {
        std::vector<std::string> conj;
        for (std::size_t j = from; j < k; ++j)
            conj.push_back("(" + forms[j] + ") = 0");
        conj.push_back("(" + forms[k] + ") < 0");
        alts.push_back("(" + join(conj, " and ") + ")");
    }
    return alts.empty() ? "1 = 0" : join(alts, " or ");
}

std::string allZero(const std::vector<std::string> &forms, std::size_t from = 0)
{
    std::vector<std::string> conj;
    for (std::size_t k = from; k < forms.size(); ++k)
        conj.push_back("(" + forms[k] + ") = 0");
    return conj.empty() ? "0 = 0" : join(conj, " and ");
}

std::vector<std::string> identity(unsigned members)
{
    std::vector<std::string> out;
    for (unsigned k = 0; k < members; ++k)
        out.push_back(d(static_cast<int>(k)));
    return out;
}

std::optional<std::int64_t> bound(const isl::val &v)
{
    if (v.is_nan() || v.is_infty() || v.is_neginfty())
        return std::nullopt;
    return islutil::int64(v);
}

std::string signedText(std::int64_t v)
{
    return std::to_string(v);
}

} // namespace

LegalRanges::LegalRanges(FlatPlace &place, DepMode mode)
    : m_place(place), m_diffs(place, mode), m_context(place.analyzer().model().context())
{
}

BandRanges LegalRanges::compute(Analyzer &analyzer, const isl::schedule &schedule, const NodePath &node, DepMode mode)
{
    return QuotaScope::run(analyzer.context(), "computing the legal ranges", [&] {
        const TreeNode root = ScheduleTree::read(schedule);
        FlatPlace place(analyzer, schedule, root, node);
        const LegalRanges ranges(place, mode);
        return ranges.report();
    });
}

isl::set LegalRanges::undecided(const isl::set &diffs, int member) const
{
    if (member == 0)
        return diffs;
    std::vector<std::string> conj;
    for (int k = 0; k < member; ++k)
        conj.push_back(d(k) + " = 0");
    return diffs.intersect(
        isl::set(m_diffs.ctx(), "{ " + differenceTuple(m_diffs.members()) + " : " + join(conj, " and ") + " }"));
}

bool LegalRanges::anyBackwardBefore(int member) const
{
    if (member == 0)
        return false;
    std::vector<std::string> forms = identity(m_diffs.members());
    forms.resize(static_cast<std::size_t>(member));
    const isl::set back(m_diffs.ctx(), "{ " + differenceTuple(m_diffs.members()) + " : " + lexBackward(forms) + " }");
    return std::any_of(m_diffs.edges().begin(), m_diffs.edges().end(), [&](const BandDifferences::Edge &e) {
        return !e.ahead.intersect(back).is_empty() || !e.level.intersect(back).is_empty();
    });
}

bool LegalRanges::legalUnder(const std::vector<std::string> &forms) const
{
    if (!m_diffs.blocked().empty())
        return false;
    const std::string tuple = differenceTuple(m_diffs.members());
    const isl::set back(m_diffs.ctx(), "{ " + tuple + " : " + lexBackward(forms) + " }");
    const isl::set notForward(m_diffs.ctx(),
                              "{ " + tuple + " : " + lexBackward(forms) + " or (" + allZero(forms) + ") }");
    return std::all_of(m_diffs.edges().begin(), m_diffs.edges().end(), [&](const BandDifferences::Edge &e) {
        QuotaScope::nextStep(m_place.analyzer().context());
        return e.ahead.intersect(back).is_empty() && e.level.intersect(notForward).is_empty();
    });
}

bool LegalRanges::legal() const
{
    return legalUnder(identity(m_diffs.members()));
}

bool LegalRanges::permutable(int first, int last) const
{
    return nonNegativeUnder(identity(m_diffs.members()), first, last);
}

bool LegalRanges::nonNegativeUnder(const std::vector<std::string> &forms, int first, int last) const
{
    if (!m_diffs.blocked().empty())
        return false;
    std::vector<std::string> neg;
    for (int k = first; k <= last; ++k)
        neg.push_back("(" + forms[static_cast<std::size_t>(k)] + ") < 0");
    const isl::set backward(m_diffs.ctx(),
                            "{ " + differenceTuple(m_diffs.members()) + " : " + join(neg, " or ") + " }");
    return std::all_of(m_diffs.edges().begin(), m_diffs.edges().end(), [&](const BandDifferences::Edge &e) {
        return undecided(e.ahead, first).intersect(backward).is_empty()
            && undecided(e.level, first).intersect(backward).is_empty();
    });
}

namespace {

// For the pairs left undecided before `member`: those for which a tie at
// `member` is legal (what follows in the band goes forward, or nothing
// does and the times after the band do) and those that need `member`
// itself to go forward.
struct Split {
    isl::set tieOk, strict;
};

} // namespace

static Split splitAt(const isl::set &ahead, const isl::set &level, int member, unsigned members, isl::ctx ctx,
                     const std::function<isl::set(const isl::set &)> &undecided)
{
    const std::vector<std::string> forms = identity(members);
    const std::string tuple = differenceTuple(members);
    const auto from = static_cast<std::size_t>(member) + 1;
    const isl::set restForward(ctx, "{ " + tuple + " : " + lexForward(forms, from) + " }");
    const isl::set restForwardOrZero(
        ctx, "{ " + tuple + " : " + lexForward(forms, from) + " or (" + allZero(forms, from) + ") }");
    const isl::set a = undecided(ahead), l = undecided(level);
    const isl::set ok = a.intersect(restForwardOrZero).unite(l.intersect(restForward));
    return Split{ok, a.unite(l).subtract(ok)};
}

isl::set LegalRanges::shiftSet(int member, Also also) const
{
    const auto &stmts = m_diffs.statements();
    const isl::ctx ctx = m_diffs.ctx();
    const PolyhedralModel &model = m_place.analyzer().model();
    std::vector<std::string> names;
    for (std::size_t s : stmts)
        names.push_back("o_" + model.statements()[s].name);
    const std::string offsets = "[" + join(names, ", ") + "]";
    if (!m_diffs.blocked().empty() || anyBackwardBefore(member))
        return isl::set(ctx, "{ " + offsets + " : 1 = 0 }");
    const unsigned m = m_diffs.members();
    // { [d0, ..., dm-1] -> [a] }: the member's difference.
    const isl::map project(ctx, "{ " + differenceTuple(m) + " -> [a] : a = " + d(member) + " }");
    const isl::map strictBad(ctx, "{ [a] -> [u] : a + u <= 0 }");
    const isl::map tieBad(ctx, "{ [a] -> [u] : a + u <= -1 }");
    // The differences' sets, statement pair by statement pair.
    std::map<std::pair<std::size_t, std::size_t>, isl::set> bad;
    for (const BandDifferences::Edge &e : m_diffs.edges()) {
        QuotaScope::nextStep(model.islContext());
        const Split split =
            splitAt(e.ahead, e.level, member, m, ctx, [&](const isl::set &s) { return undecided(s, member); });
        isl::set b = split.tieOk.apply(project).apply(tieBad).unite(split.strict.apply(project).apply(strictBad));
        if (also == Also::NonNegative)
            b = b.unite(e.ahead.unite(e.level).apply(project).apply(tieBad));
        if (also == Also::Zero) {
            const isl::set all = undecided(e.ahead.unite(e.level), member).apply(project);
            b = b.unite(all.apply(tieBad)).unite(all.apply(isl::map(ctx, "{ [a] -> [u] : a + u >= 1 }")));
        }
        const auto key = std::make_pair(e.src, e.dst);
        const auto it = bad.find(key);
        if (it == bad.end())
            bad.emplace(key, b);
        else
            it->second = it->second.unite(b);
    }
    isl::set out(ctx, "{ " + offsets + " }");
    for (const auto &[pair, b] : bad) {
        const isl::set good = isl::set(ctx, "{ [u] }").subtract(b).coalesce();
        const int src = m_diffs.position(pair.first), dst = m_diffs.position(pair.second);
        assert(src >= 0 && dst >= 0);
        const std::string diff =
            src == dst ? "0" : names[static_cast<std::size_t>(dst)] + " - " + names[static_cast<std::size_t>(src)];
        const isl::multi_aff to(ctx, "{ " + offsets + " -> [(" + diff + ")] }");
        out = out.intersect(good.preimage(to)).coalesce();
    }
    return islutil::coalesce(out.intersect_params(m_context));
}

bool LegalRanges::coincident(int member) const
{
    const isl::set nonzero(m_diffs.ctx(),
                           "{ " + differenceTuple(m_diffs.members()) + " : " + d(member) + " < 0 or " + d(member)
                               + " > 0 }");
    return m_diffs.blocked().empty()
        && std::all_of(m_diffs.edges().begin(), m_diffs.edges().end(), [&](const BandDifferences::Edge &e) {
               return undecided(e.ahead.unite(e.level), member).intersect(nonzero).is_empty();
           });
}

std::optional<isl::set> LegalRanges::skewSet(int member, int source, Also also) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const isl::set none(ctx, "{ [k] : 1 = 0 }");
    const isl::set any(ctx, "{ [k] }");
    if (!m_diffs.blocked().empty() || anyBackwardBefore(member))
        return none;
    if (source < member && also == Also::Nothing) // the source's difference is 0 on every undecided pair
        return legal() ? any : none;
    const unsigned m = m_diffs.members();
    const isl::map project(
        ctx, "{ " + differenceTuple(m) + " -> [a, b] : a = " + d(member) + " and b = " + d(source) + " }");
    std::vector<std::pair<isl::set, isl::set>> parts; // { [a, b] }: tie allowed, strict
    isl::set sources(ctx, "{ [b] : 1 = 0 }");
    const isl::map toB(ctx, "{ [a, b] -> [b] }");
    for (const BandDifferences::Edge &e : m_diffs.edges()) {
        QuotaScope::nextStep(m_place.analyzer().context());
        const Split split =
            splitAt(e.ahead, e.level, member, m, ctx, [&](const isl::set &s) { return undecided(s, member); });
        // Where the member must also be >= 0, every pair asks a tie at least.
        const isl::set tie = also == Also::NonNegative
            ? split.tieOk.apply(project).unite(e.ahead.unite(e.level).apply(project))
            : split.tieOk.apply(project);
        parts.emplace_back(tie, split.strict.apply(project));
        sources = sources.unite(parts.back().first.apply(toB)).unite(parts.back().second.apply(toB));
    }
    const isl::set values = sources.project_out_all_params();
    if (values.is_empty())
        return any;
    const auto lo = bound(values.dim_min_val(0)), hi = bound(values.dim_max_val(0));
    constexpr std::int64_t kMostValues = 256;
    if (!lo || !hi || *hi - *lo + 1 > kMostValues)
        return std::nullopt;
    // a + k * b is linear in k for each value b of the source's difference.
    isl::set bad = none;
    for (std::int64_t b = *lo; b <= *hi; ++b) {
        const std::string bs = std::to_string(b);
        const isl::set fix(ctx, "{ [a, b] : b = " + bs + " }");
        const isl::map tieBad(ctx, "{ [a, b] -> [k] : a + " + bs + " * k <= -1 }");
        const isl::map strictBad(ctx, "{ [a, b] -> [k] : a + " + bs + " * k <= 0 }");
        for (const auto &[tie, strict] : parts)
            bad = bad.unite(tie.intersect(fix).apply(tieBad)).unite(strict.intersect(fix).apply(strictBad));
        bad = bad.coalesce();
    }
    return islutil::coalesce(any.subtract(bad).intersect_params(m_context));
}

ArgumentRange LegalRanges::skewRange(int member, int source) const
{
    if (const auto exact = skewSet(member, source))
        return describe(*exact, "factor");
    // Legal factors form an interval (each pair asks a + k * b >= c): find
    // its ends by bisection, each probe an exact check for every parameter
    // value at once.
    const auto legalAt = [&](std::int64_t k) {
        std::vector<std::string> forms = identity(m_diffs.members());
        forms[static_cast<std::size_t>(member)] += " + " + std::to_string(k) + " * " + d(source);
        return legalUnder(forms);
    };
    constexpr std::int64_t kFar = std::int64_t{1} << 40;
    std::optional<std::int64_t> inside;
    for (std::int64_t k = 0; k <= (std::int64_t{1} << 20) && !inside; k = k ? 2 * k : 1) {
        if (legalAt(k))
            inside = k;
        else if (k && legalAt(-k))
            inside = -k;
    }
    ArgumentRange r;
    r.exact = false;
    if (!inside) {
        r.empty = true;
        r.set = "{ [k] : 1 = 0 }";
        r.text = "no factor from -1048576 to 1048576 keeps it legal for every parameter value";
        return r;
    }
    const auto edge = [&](std::int64_t in, std::int64_t dir) -> std::optional<std::int64_t> {
        if (legalAt(in + dir * kFar))
            return std::nullopt;
        std::int64_t good = in, badK = in + dir * kFar;
        while ((badK - good) * dir > 1) {
            const std::int64_t mid = good + (badK - good) / 2;
            (legalAt(mid) ? good : badK) = mid;
        }
        return good;
    };
    r.min = edge(*inside, -1);
    r.max = edge(*inside, 1);
    std::vector<std::string> conj;
    if (r.min)
        conj.push_back("k >= " + signedText(*r.min));
    if (r.max)
        conj.push_back("k <= " + signedText(*r.max));
    r.set = "{ [k]" + (conj.empty() ? std::string() : " : " + join(conj, " and ")) + " }";
    r.text = describe(isl::set(m_diffs.ctx(), r.set), "factor").text + " (for every parameter value)";
    return r;
}

ArgumentRange LegalRanges::describe(const isl::set &set, const std::string &what) const
{
    ArgumentRange r;
    r.empty = set.is_empty();
    // Shown without what the parameters' context already says (fixed
    // values included).
    const isl::set gisted = r.empty ? set : islutil::coalesce(set.gist_params(m_context));
    const isl::set plain = gisted.project_out_all_params();
    r.symbolic = !gisted.is_equal(plain);
    r.set = islutil::str(r.symbolic ? gisted : plain);
    if (r.empty) {
        r.text = "no " + what + " keeps it legal"
            + (m_diffs.blocked().empty() ? std::string() : " (" + m_diffs.blocked() + ")");
        return r;
    }
    if (r.symbolic) {
        r.text = what + " in " + r.set; // the bounds depend on the parameters
        return r;
    }
    if (plain.tuple_dim() != 1)
        return r;
    r.min = bound(plain.dim_min_val(0));
    r.max = bound(plain.dim_max_val(0));
    if (r.min && r.max)
        r.text = *r.min == *r.max ? "only " + what + " " + signedText(*r.min)
                                  : what + " from " + signedText(*r.min) + " to " + signedText(*r.max);
    else if (r.min)
        r.text = what + " of at least " + signedText(*r.min) + " (unbounded above)";
    else if (r.max)
        r.text = what + " of at most " + signedText(*r.max) + " (unbounded below)";
    else
        r.text = "any " + what;
    return r;
}

isl::set LegalRanges::forEveryParameter(const isl::set &set, const isl::set &context)
{
    // Not in it for some parameter value: (context x all) minus the set,
    // the parameters projected out.
    const isl::set all = isl::set::universe(set.get_space());
    const isl::set missed = all.intersect_params(context).subtract(set).project_out_all_params();
    return islutil::coalesce(all.project_out_all_params().subtract(missed));
}

std::optional<std::vector<std::int64_t>> LegalRanges::leastOffsets(const isl::set &set, const isl::set &context)
{
    if (set.is_empty())
        return std::nullopt;
    const isl::set plain = forEveryParameter(set, context);
    if (plain.is_empty())
        return std::nullopt;
    const unsigned n = static_cast<unsigned>(set.tuple_dim());
    std::vector<std::string> o, a, cons;
    for (unsigned k = 0; k < n; ++k) {
        o.push_back("o" + std::to_string(k));
        a.push_back("a" + std::to_string(k));
        cons.push_back(a.back() + " >= " + o.back() + " and " + a.back() + " >= -" + o.back());
    }
    constexpr unsigned kMostForCost = 32;
    isl::set lifted;
    if (n <= kMostForCost) {
        // { [c, a..., o...] : c = sum a, a >= |o| }: the least total change first.
        const isl::map lift(plain.ctx(),
                            "{ [" + join(o, ", ") + "] -> [c, " + join(a, ", ") + ", " + join(o, ", ")
                                + "] : c = " + join(a, " + ") + " and " + join(cons, " and ") + " }");
        lifted = plain.apply(lift);
    } else {
        std::vector<std::string> nonneg;
        for (const auto &x : o)
            nonneg.push_back(x + " >= 0");
        lifted = plain.intersect(isl::set(plain.ctx(), "{ [" + join(o, ", ") + "] : " + join(nonneg, " and ") + " }"));
    }
    const auto coords = islutil::coordinates(lifted.lexmin().sample_point());
    if (n <= kMostForCost)
        return std::vector<std::int64_t>(coords.end() - n, coords.end());
    return coords;
}

BandRanges LegalRanges::report() const
{
    BandRanges out;
    out.node = m_place.path();
    out.members = m_diffs.members();
    out.blocked = m_diffs.blocked();
    const PolyhedralModel &model = m_place.analyzer().model();
    for (std::size_t s : m_diffs.statements())
        out.statements.push_back(model.statements()[s].name);
    out.legal = legal();
    const int m = static_cast<int>(m_diffs.members());
    const std::size_t n = out.statements.size();
    for (int i = 0; i < m; ++i) {
        const isl::set all = shiftSet(i);
        ShiftSetRange joint;
        joint.member = i;
        joint.statements = out.statements;
        joint.range = describe(all, "offsets");
        joint.range.min.reset();
        joint.range.max.reset();
        joint.sample = leastOffsets(all, m_context);
        // One statement's offset, the others' 0.
        for (std::size_t s = 0; s < n; ++s) {
            std::vector<std::string> dims, fixes;
            for (std::size_t t = 0; t < n; ++t) {
                dims.push_back(t == s ? "o" : "o" + std::to_string(t));
                if (t != s)
                    fixes.push_back("o" + std::to_string(t) + " = 0");
            }
            const isl::map pick(m_diffs.ctx(),
                                "{ [" + join(dims, ", ") + "] -> [o]"
                                    + (fixes.empty() ? std::string() : " : " + join(fixes, " and ")) + " }");
            out.shifts.push_back(ShiftRange{i, out.statements[s], describe(all.apply(pick).coalesce(), "offset")});
        }
        if (n > 1)
            joint.range.text = all.is_empty()
                ? describe(all, "offsets").text
                : "offsets in " + joint.range.set + " (one per statement: " + join(out.statements, ", ") + ")";
        out.shiftSets.push_back(std::move(joint));
    }
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < m; ++j)
            if (i != j)
                out.skews.push_back(SkewRange{i, j, skewRange(i, j)});
    for (int i = 0; i < m; ++i) {
        const isl::set scale(m_diffs.ctx(), out.legal ? "{ [k] : k >= 1 }" : "{ [k] : 1 = 0 }");
        out.scales.push_back(ScaleRange{i, describe(scale, "factor")});
        std::vector<std::string> forms = identity(m_diffs.members());
        forms[static_cast<std::size_t>(i)] = "-" + d(i);
        out.reverses.push_back(ReverseVerdict{i, legalUnder(forms)});
    }
    constexpr int kMostPermuted = 5;
    if (m <= kMostPermuted) {
        std::vector<int> order(static_cast<std::size_t>(m));
        std::iota(order.begin(), order.end(), 0);
        do {
            std::vector<std::string> forms;
            for (int k : order)
                forms.push_back(d(k));
            out.permutations.push_back(PermutationVerdict{order, legalUnder(forms)});
        } while (std::next_permutation(order.begin(), order.end()));
    }
    for (int i = 0; i < m; ++i)
        for (int j = i; j < m; ++j)
            out.permutable.push_back(PermutableRange{i, j, permutable(i, j)});
    return out;
}

} // namespace se
