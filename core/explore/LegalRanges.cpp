// SPDX-License-Identifier: MIT
#include "LegalRanges.h"
#include "FlatPlace.h"

#include "core/analysis/Analyzer.h"
#include "core/isl/IslContext.h"
#include "core/isl/IslUtil.h"
#include "core/schedule/ScheduleTree.h"
#include "core/support/VerifyMode.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <map>
#include <numeric>
#include <regex>
#include <set>

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

// `(e0) > 0 or ((e0) = 0 and (e1) > 0) or ...` (`sign` ">"), or the same
// backward (`sign` "<"): the forms from `from` on are lexicographically
// positive (negative); "false" when there are none.
std::string lexSign(const std::vector<std::string> &forms, const char *sign, std::size_t from = 0)
{
    std::vector<std::string> alts;
    for (std::size_t k = from; k < forms.size(); ++k) {
        std::vector<std::string> conj;
        for (std::size_t j = from; j < k; ++j)
            conj.push_back("(" + forms[j] + ") = 0");
        conj.push_back("(" + forms[k] + ") " + sign + " 0");
        alts.push_back("(" + join(conj, " and ") + ")");
    }
    return alts.empty() ? "false" : join(alts, " or ");
}

std::string lexForward(const std::vector<std::string> &forms, std::size_t from = 0)
{
    return lexSign(forms, ">", from);
}

std::string lexBackward(const std::vector<std::string> &forms, std::size_t from = 0)
{
    return lexSign(forms, "<", from);
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
    const unsigned m = m_diffs.members();
    const std::vector<std::string> forms = identity(m);
    const std::string tuple = "{ " + differenceTuple(m) + " : ";
    for (unsigned i = 0; i < m; ++i) {
        std::vector<std::string> conj{"0 = 0"};
        for (unsigned k = 0; k < i; ++k)
            conj.push_back(d(static_cast<int>(k)) + " = 0");
        m_undecided.emplace_back(m_diffs.ctx(), tuple + join(conj, " and ") + " }");
        m_restForward.emplace_back(m_diffs.ctx(), tuple + lexForward(forms, i + 1) + " }");
        m_restForwardOrZero.emplace_back(m_diffs.ctx(),
                                         tuple + lexForward(forms, i + 1) + " or (" + allZero(forms, i + 1) + ") }");
        m_restBackward.emplace_back(m_diffs.ctx(), tuple + lexBackward(forms, i + 1) + " }");
        m_restBackwardOrZero.emplace_back(m_diffs.ctx(),
                                          tuple + lexBackward(forms, i + 1) + " or (" + allZero(forms, i + 1) + ") }");
    }
    // Edges with the same difference sets (a tiled kernel's tiles repeat a
    // few) are one question: asked once, answered for each statement pair.
    // Edges that share their sets are printed once, for the first of them.
    std::map<std::string, std::size_t> shapeOf;
    std::map<std::size_t, std::size_t> shapeOfSets;
    for (const BandDifferences::Edge &e : m_diffs.edges()) {
        const auto known = shapeOfSets.find(e.sets);
        std::size_t shape = 0;
        if (known != shapeOfSets.end()) {
            shape = known->second;
            assert(m_shapes[shape].ahead.is_equal(e.ahead) && m_shapes[shape].level.is_equal(e.level));
        } else {
            const auto [it, fresh] =
                shapeOf.emplace(islutil::str(e.ahead) + " | " + islutil::str(e.level), m_shapes.size());
            if (fresh)
                m_shapes.push_back(Shape{e.ahead, e.level, {}});
            shape = it->second;
            if (e.sets != BandDifferences::kOwnSets)
                shapeOfSets.emplace(e.sets, shape);
        }
        m_shapes[shape].pairs.emplace_back(e.src, e.dst);
    }
    if (!m_shapes.empty()) {
        Shape all{m_shapes.front().ahead, m_shapes.front().level, {}};
        for (std::size_t k = 1; k < m_shapes.size(); ++k) {
            QuotaScope::nextStep(m_place.analyzer().context());
            all.ahead = all.ahead.unite(m_shapes[k].ahead);
            all.level = all.level.unite(m_shapes[k].level);
        }
        m_union.push_back(std::move(all));
    }
    // Every parameter fixed: the context is one point.
    m_fixedParameters = !m_context.is_empty() && m_context.is_equal(isl::set(m_context.sample_point()));
    m_unionSplits.resize(m);
    m_backwardBefore.resize(m);
    // What every shift range of each member starts from: made once here.
    for (unsigned i = 0; i < m; ++i)
        m_legalPairs.push_back(pairRanges(static_cast<int>(i), Also::Nothing, true));
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
    return member == 0 ? diffs : diffs.intersect(m_undecided[static_cast<std::size_t>(member)]);
}

bool LegalRanges::anyBackwardBefore(int member) const
{
    // Asked by every range of the member: answered once.
    auto &known = m_backwardBefore[static_cast<std::size_t>(member)];
    if (!known)
        known = backwardBefore(member);
    else if (VerifyMode::on())
        VerifyMode::check(*known == backwardBefore(member), "a pair backward before a member, asked once");
    return *known;
}

bool LegalRanges::backwardBefore(int member) const
{
    if (member == 0)
        return false;
    std::vector<std::string> forms = identity(m_diffs.members());
    forms.resize(static_cast<std::size_t>(member));
    const isl::set back(m_diffs.ctx(), "{ " + differenceTuple(m_diffs.members()) + " : " + lexBackward(forms) + " }");
    return std::any_of(m_union.begin(), m_union.end(), [&](const Shape &e) {
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
    const auto legalFor = [&](const std::vector<Shape> &shapes) {
        return std::all_of(shapes.begin(), shapes.end(), [&](const Shape &e) {
            QuotaScope::nextStep(m_place.analyzer().context());
            return e.ahead.intersect(back).is_empty() && e.level.intersect(notForward).is_empty();
        });
    };
    const bool legal = legalFor(m_union);
    if (VerifyMode::on())
        VerifyMode::check(legal == legalFor(m_shapes), "legality under forms, shapes united");
    return legal;
}

bool LegalRanges::permutationLegal(const std::vector<int> &order) const
{
    if (!m_diffs.blocked().empty())
        return false;
    // Every vector is lexicographically positive in this order (ahead
    // ones may be all zero) exactly when, member by member, none of those
    // zero on the members before is negative here; the vectors zero here
    // too go on to the next member. The question at a member depends only
    // on which members are zero before it, so permutations share them.
    const unsigned m = m_diffs.members();
    std::vector<bool> zeroSoFar(m, false);
    for (int k : order) {
        const auto sets = [&](bool negative) {
            std::string cond;
            for (unsigned j = 0; j < m; ++j)
                if (zeroSoFar[j])
                    cond += d(static_cast<int>(j)) + " = 0 and ";
            cond += d(k) + (negative ? " < 0" : " = 0");
            const isl::set where(m_diffs.ctx(), "{ " + differenceTuple(m) + " : " + cond + " }");
            return std::all_of(m_union.begin(), m_union.end(), [&](const Shape &e) {
                QuotaScope::nextStep(m_place.analyzer().context());
                return e.ahead.intersect(where).is_empty() && e.level.intersect(where).is_empty();
            });
        };
        std::string key;
        for (unsigned j = 0; j < m; ++j)
            key += zeroSoFar[j] ? '1' : '0';
        key += ":" + std::to_string(k);
        auto found = m_prefixAnswers.find(key);
        if (found == m_prefixAnswers.end())
            found = m_prefixAnswers.emplace(key, std::make_pair(sets(true), sets(false))).first;
        const auto [noneNegative, noneZero] = found->second;
        if (!noneNegative)
            return false;
        if (noneZero)
            return true;
        zeroSoFar[static_cast<std::size_t>(k)] = true;
    }
    // All zero on the band: a tie, legal for the ahead vectors only.
    std::string cond = "0 = 0";
    for (unsigned j = 0; j < m; ++j)
        cond += " and " + d(static_cast<int>(j)) + " = 0";
    const isl::set zero(m_diffs.ctx(), "{ " + differenceTuple(m) + " : " + cond + " }");
    return std::all_of(m_union.begin(), m_union.end(),
                       [&](const Shape &e) { return e.level.intersect(zero).is_empty(); });
}

bool LegalRanges::legal() const
{
    // Asked by every skew range: answered once.
    if (!m_legal)
        m_legal = legalUnder(identity(m_diffs.members()));
    else if (VerifyMode::on())
        VerifyMode::check(*m_legal == legalUnder(identity(m_diffs.members())), "the band's legality, asked once");
    return *m_legal;
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
    const auto nonNegativeFor = [&](const std::vector<Shape> &shapes) {
        return std::all_of(shapes.begin(), shapes.end(), [&](const Shape &e) {
            return undecided(e.ahead, first).intersect(backward).is_empty()
                && undecided(e.level, first).intersect(backward).is_empty();
        });
    };
    const bool nonNegative = nonNegativeFor(m_union);
    if (VerifyMode::on())
        VerifyMode::check(nonNegative == nonNegativeFor(m_shapes), "non-negative differences, shapes united");
    return nonNegative;
}

namespace {

} // namespace

LegalRanges::Split LegalRanges::splitAt(const Shape &e, int member) const
{
    const auto i = static_cast<std::size_t>(member);
    const isl::set a = undecided(e.ahead, member), l = undecided(e.level, member);
    // A difference vector may stand for pairs of both kinds: it is strict
    // when one pair needs it to be (the sets hold vectors, not pairs).
    const isl::set okAhead = a.intersect(m_restForwardOrZero[i]), okLevel = l.intersect(m_restForward[i]);
    // The later members are lexicographically positive, zero or negative:
    // what is not ok is an intersection with the other cases, not a
    // subtraction (which costs as much as the rest of the split).
    Split split{okAhead.unite(okLevel), a.intersect(m_restBackward[i]).unite(l.intersect(m_restBackwardOrZero[i]))};
    if (VerifyMode::on())
        VerifyMode::check(split.strict.is_equal(a.subtract(okAhead).unite(l.subtract(okLevel))),
                          "a split's strict part by intersection");
    return split;
}

std::string LegalRanges::offsetsTuple() const
{
    const PolyhedralModel &model = m_place.analyzer().model();
    std::vector<std::string> names;
    for (std::size_t s : m_diffs.statements())
        names.push_back("o_" + model.statements()[s].name);
    return "[" + join(names, ", ") + "]";
}

std::optional<std::vector<LegalRanges::PairRange>> LegalRanges::pairRanges(int member, Also also, bool make) const
{
    if (also == Also::Nothing && !make)
        return m_legalPairs[static_cast<std::size_t>(member)];
    if (!m_diffs.blocked().empty() || anyBackwardBefore(member))
        return std::nullopt;
    const isl::ctx ctx = m_diffs.ctx();
    const unsigned m = m_diffs.members();
    // { [d0, ..., dm-1] -> [a] }: the member's difference.
    const isl::map project(ctx, "{ " + differenceTuple(m) + " -> [a] : a = " + d(member) + " }");
    const isl::map strictBad(ctx, "{ [a] -> [u] : a + u <= 0 }");
    const isl::map tieBad(ctx, "{ [a] -> [u] : a + u <= -1 }");
    const isl::map aboveBad(ctx, "{ [a] -> [u] : a + u >= 1 }");
    // The offsets' difference u = o_dst - o_src that leaves some pair
    // behind, shape by shape; a statement pair's is the union over the
    // shapes that hold it.
    std::vector<isl::set> badOf;
    std::map<std::pair<int, int>, std::vector<std::size_t>> shapesOf;
    for (std::size_t k = 0; k < m_shapes.size(); ++k) {
        QuotaScope::nextStep(m_place.analyzer().context());
        const Shape &e = m_shapes[k];
        const Split split = splitAt(e, member);
        isl::set b = split.tieOk.apply(project).apply(tieBad).unite(split.strict.apply(project).apply(strictBad));
        if (also == Also::NonNegative)
            b = b.unite(e.ahead.unite(e.level).apply(project).apply(tieBad));
        if (also == Also::Zero) {
            const isl::set all = undecided(e.ahead.unite(e.level), member).apply(project);
            b = b.unite(all.apply(tieBad)).unite(all.apply(aboveBad));
        }
        badOf.push_back(b.coalesce());
        for (const auto &[src, dst] : e.pairs) {
            const auto key = std::make_pair(m_diffs.position(src), m_diffs.position(dst));
            assert(key.first >= 0 && key.second >= 0);
            auto &shapes = shapesOf[key];
            if (shapes.empty() || shapes.back() != k)
                shapes.push_back(k);
        }
    }
    // Statement pairs held by the same shapes (a tiled band's copies) have
    // the same range: made once per such group.
    const isl::set anyDifference(ctx, "{ [u] }");
    std::map<std::vector<std::size_t>, std::pair<isl::set, std::string>> goodOf;
    const auto good = [&](const std::vector<std::size_t> &shapes) {
        isl::set bad = badOf[shapes.front()];
        for (std::size_t k = 1; k < shapes.size(); ++k)
            bad = bad.unite(badOf[shapes[k]]);
        return islutil::coalesce(anyDifference.subtract(bad).intersect_params(m_context));
    };
    std::vector<PairRange> out;
    for (const auto &[pair, shapes] : shapesOf) {
        auto found = goodOf.find(shapes);
        if (found == goodOf.end()) {
            const isl::set g = good(shapes);
            found = goodOf.emplace(shapes, std::make_pair(g, islutil::str(g))).first;
        } else if (VerifyMode::on())
            VerifyMode::check(found->second.first.is_equal(good(shapes)), "a pair range made once per group of shapes");
        out.push_back(PairRange{pair.first, pair.second, found->second.first, found->second.second});
    }
    return out;
}

std::optional<std::vector<LegalRanges::DifferenceBound>>
LegalRanges::differenceBounds(const std::vector<PairRange> &pairs, bool everyParameter) const
{
    std::vector<DifferenceBound> out;
    for (const PairRange &p : pairs) {
        const Interval &i = interval(p, everyParameter);
        if (!i.interval)
            return std::nullopt;
        out.push_back(DifferenceBound{p.src, p.dst, i.empty, i.lo, i.hi});
    }
    return out;
}

LegalRanges::Interval LegalRanges::intervalOf(const isl::set &good, bool everyParameter) const
{
    Interval out;
    const isl::set g = islutil::coalesce(good.gist_params(m_context));
    isl::set flat = g.project_out_all_params();
    out.plain = flat.is_equal(g);
    out.text = islutil::str(g);
    if (!out.plain) {
        if (!everyParameter)
            return out;
        flat = forEveryParameter(good, m_context);
    }
    if (flat.n_basic_set() > 1)
        return out;
    out.interval = true;
    out.empty = flat.is_empty();
    if (!out.empty) {
        out.lo = bound(flat.dim_min_val(0));
        out.hi = bound(flat.dim_max_val(0));
    }
    return out;
}

const LegalRanges::Interval &LegalRanges::interval(const PairRange &pair, bool everyParameter) const
{
    // Statement pairs share a few ranges (a tiled band's copies): each
    // range's facts are worked out once, by its text (equal texts, equal sets).
    const isl::set &good = pair.good;
    assert(pair.text == islutil::str(good));
    const std::string key = (everyParameter ? "every " : "") + pair.text;
    const auto found = m_intervals.find(key);
    if (found != m_intervals.end()) {
        if (VerifyMode::on()) {
            const Interval fresh = intervalOf(good, everyParameter);
            VerifyMode::check(fresh.interval == found->second.interval && fresh.empty == found->second.empty
                                  && fresh.lo == found->second.lo && fresh.hi == found->second.hi
                                  && fresh.plain == found->second.plain && fresh.text == found->second.text,
                              "a pair range's bounds worked out once per text");
        }
        return found->second;
    }
    return m_intervals.emplace(key, intervalOf(good, everyParameter)).first->second;
}

std::string LegalRanges::boundsText(const std::vector<DifferenceBound> &bounds) const
{
    const PolyhedralModel &model = m_place.analyzer().model();
    const auto name = [&](int pos) {
        return "o_" + model.statements()[m_diffs.statements()[static_cast<std::size_t>(pos)]].name;
    };
    std::vector<std::string> conj;
    for (const DifferenceBound &b : bounds) {
        const std::string diff = b.src == b.dst ? std::string("0") : name(b.dst) + " - " + name(b.src);
        if (b.empty)
            return "{ " + offsetsTuple() + " : false }";
        if (b.lo)
            conj.push_back(diff + " >= " + std::to_string(*b.lo));
        if (b.hi)
            conj.push_back(diff + " <= " + std::to_string(*b.hi));
    }
    return "{ " + offsetsTuple() + (conj.empty() ? std::string() : " : " + join(conj, " and ")) + " }";
}

std::optional<std::string> LegalRanges::conjunctionText(const std::vector<PairRange> &pairs) const
{
    const PolyhedralModel &model = m_place.analyzer().model();
    const auto &params = model.paramNames();
    if (std::find(params.begin(), params.end(), "u") != params.end())
        return std::nullopt; // `u` would not name the difference alone
    const auto name = [&](int pos) {
        return "o_" + model.statements()[m_diffs.statements()[static_cast<std::size_t>(pos)]].name;
    };
    static const std::regex uVar(R"(\bu\b)");
    std::vector<std::string> conj;
    for (const PairRange &p : pairs) {
        const isl::set g = islutil::coalesce(p.good.gist_params(m_context));
        if (g.is_empty())
            return "{ " + offsetsTuple() + " : false }";
        // `[N] -> { [u] : COND }`: COND with u the pair's difference.
        const std::string t = islutil::str(g);
        const auto open = t.find("{ [u] : ");
        if (open == std::string::npos)
            continue; // `{ [u] }`: any difference
        const auto close = t.rfind(" }");
        if (close == std::string::npos || close < open + 8)
            return std::nullopt;
        const std::string diff = p.src == p.dst ? std::string("0") : "(" + name(p.dst) + " - " + name(p.src) + ")";
        conj.push_back("(" + std::regex_replace(t.substr(open + 8, close - open - 8), uVar, diff) + ")");
    }
    std::string prefix;
    if (!params.empty()) {
        std::vector<std::string> ps(params.begin(), params.end());
        prefix = "[" + join(ps, ", ") + "] -> ";
    }
    return prefix + "{ " + offsetsTuple() + (conj.empty() ? std::string() : " : " + join(conj, " and ")) + " }";
}

isl::set LegalRanges::shiftSet(int member, Also also) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const std::string offsets = offsetsTuple();
    const auto pairs = pairRanges(member, also);
    if (!pairs)
        return isl::set(ctx, "{ " + offsets + " : false }");
    // Where every pair's range is an interval without parameters, the set
    // is one conjunction of difference bounds (that hold for every
    // parameter value of the context), written at once; otherwise each
    // pair's range is pulled back onto the offsets.
    if (const auto bounds = differenceBounds(*pairs))
        return isl::set(ctx, boundsText(*bounds));
    isl::set out(ctx, "{ " + offsets + " }");
    const PolyhedralModel &model = m_place.analyzer().model();
    const auto name = [&](int pos) {
        return "o_" + model.statements()[m_diffs.statements()[static_cast<std::size_t>(pos)]].name;
    };
    // A big band whose pair ranges are each one conjunction gets the
    // conjunction of them all, as it is: simplifying a set of hundreds of
    // dimensions costs more than every other range of the band.
    const bool big = m_diffs.statements().size() > kMostSimplified;
    std::vector<isl::set> goods;
    for (const PairRange &p : *pairs)
        goods.push_back(big ? islutil::coalesce(p.good.gist_params(m_context)) : p.good);
    const bool conjunctions =
        big && std::all_of(goods.begin(), goods.end(), [](const isl::set &g) { return g.n_basic_set() <= 1; });
    for (std::size_t k = 0; k < pairs->size(); ++k) {
        QuotaScope::nextStep(m_place.analyzer().context());
        const PairRange &p = (*pairs)[k];
        const std::string diff = p.src == p.dst ? std::string("0") : name(p.dst) + " - " + name(p.src);
        out = out.intersect(goods[k].preimage(isl::multi_aff(ctx, "{ " + offsets + " -> [(" + diff + ")] }")));
        if (!conjunctions)
            out = out.coalesce();
    }
    return conjunctions ? out.intersect_params(m_context) : islutil::coalesce(out.intersect_params(m_context));
}

isl::set LegalRanges::shiftSetAlone(int member, std::size_t position) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const auto pairs = pairRanges(member, Also::Nothing);
    const isl::set none(ctx, "{ [o] : 1 = 0 }");
    if (!pairs)
        return none;
    const auto pos = static_cast<int>(position);
    isl::set out = isl::set(ctx, "{ [o] }").intersect_params(m_context);
    for (const PairRange &p : *pairs) {
        if (p.src != pos && p.dst != pos) {
            // Both stay: the pair's difference 0 must be legal.
            if (isl::set(ctx, "{ [0] }").intersect_params(m_context).subtract(p.good).is_empty())
                continue;
            return none;
        }
        const char *u = p.src == p.dst ? "0" : p.dst == pos ? "o" : "-o";
        out = out.intersect(p.good.preimage(isl::multi_aff(ctx, std::string("{ [o] -> [(") + u + ")] }")));
    }
    return islutil::coalesce(out);
}

std::vector<isl::set> LegalRanges::shiftSetsAlone(int member) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const std::size_t n = m_diffs.statements().size();
    const auto pairs = pairRanges(member, Also::Nothing);
    const isl::set none(ctx, "{ [o] : 1 = 0 }");
    if (!pairs)
        return std::vector<isl::set>(n, none);
    // A pair that neither statement moves keeps its difference: if 0 is
    // not legal there, no single statement's shift is legal unless it
    // moves one of that pair's statements.
    const isl::set zero = isl::set(ctx, "{ [0] }").intersect_params(m_context);
    std::vector<std::size_t> zeroIllegal; // indices into *pairs
    std::vector<std::vector<std::size_t>> touching(n);
    // A range that is one interval for every parameter value of the
    // context is read off its bounds (pairs share a few ranges, worked out
    // once); any other goes through isl.
    const bool context = !m_context.is_empty();
    const auto plainInterval = [&](const PairRange &p) -> const Interval * {
        const Interval &f = interval(p, false);
        return context && f.interval && f.plain ? &f : nullptr;
    };
    for (std::size_t k = 0; k < pairs->size(); ++k) {
        const PairRange &p = (*pairs)[k];
        const Interval *f = plainInterval(p);
        if (f ? f->empty || (f->lo && *f->lo > 0) || (f->hi && *f->hi < 0) : !zero.subtract(p.good).is_empty())
            zeroIllegal.push_back(k);
        touching[static_cast<std::size_t>(p.src)].push_back(k);
        if (p.dst != p.src)
            touching[static_cast<std::size_t>(p.dst)].push_back(k);
    }
    const isl::set any = isl::set(ctx, "{ [o] }").intersect_params(m_context);
    const isl::multi_aff up(ctx, "{ [o] -> [(o)] }"), down(ctx, "{ [o] -> [(-o)] }"), still(ctx, "{ [o] -> [(0)] }");
    std::vector<isl::set> out;
    for (std::size_t s = 0; s < n; ++s) {
        QuotaScope::nextStep(m_place.analyzer().context());
        const auto pos = static_cast<int>(s);
        const bool blocked = std::any_of(zeroIllegal.begin(), zeroIllegal.end(), [&](std::size_t k) {
            return (*pairs)[k].src != pos && (*pairs)[k].dst != pos;
        });
        if (blocked) {
            out.push_back(none);
            continue;
        }
        // o's bounds from the plain intervals: u = o where the statement is
        // the pair's destination, -o where it is the source, 0 for both.
        std::optional<std::int64_t> lo, hi;
        bool empty = false, numeric = true;
        for (std::size_t k : touching[s]) {
            const PairRange &p = (*pairs)[k];
            const Interval *f = plainInterval(p);
            if (!f) {
                numeric = false;
                break;
            }
            const auto tighten = [&](std::optional<std::int64_t> l, std::optional<std::int64_t> h) {
                if (l)
                    lo = lo ? std::max(*lo, *l) : *l;
                if (h)
                    hi = hi ? std::min(*hi, *h) : *h;
            };
            if (f->empty)
                empty = true;
            else if (p.src == p.dst)
                empty = empty || (f->lo && *f->lo > 0) || (f->hi && *f->hi < 0);
            else if (p.dst == pos)
                tighten(f->lo, f->hi);
            else
                tighten(f->hi ? std::optional<std::int64_t>(-*f->hi) : std::nullopt,
                        f->lo ? std::optional<std::int64_t>(-*f->lo) : std::nullopt);
        }
        if (numeric) {
            std::vector<std::string> conj;
            if (empty || (lo && hi && *lo > *hi))
                conj.push_back("1 = 0");
            if (lo)
                conj.push_back("o >= " + std::to_string(*lo));
            if (hi)
                conj.push_back("o <= " + std::to_string(*hi));
            out.push_back(isl::set(ctx, "{ [o]" + (conj.empty() ? std::string() : " : " + join(conj, " and ")) + " }")
                              .intersect_params(m_context));
        } else {
            isl::set set = any;
            for (std::size_t k : touching[s]) {
                const PairRange &p = (*pairs)[k];
                set = set.intersect(p.good.preimage(p.src == p.dst ? still : p.dst == pos ? up : down));
            }
            out.push_back(islutil::coalesce(set));
        }
        if (VerifyMode::on())
            VerifyMode::check(out.back().is_equal(shiftSetAlone(member, s)), "one pass for every statement's shift");
    }
    return out;
}

std::optional<std::vector<std::int64_t>> LegalRanges::leastShift(int member, Also also) const
{
    constexpr std::size_t kMostForCost = 32;
    const auto pairs = pairRanges(member, also);
    if (!pairs)
        return std::nullopt;
    // The sample holds for every parameter value: a pair whose range
    // depends on the parameters asks for the values legal for all of them.
    const auto bounds = m_diffs.statements().size() > kMostForCost ? differenceBounds(*pairs, true) : std::nullopt;
    if (!bounds)
        return leastOffsets(shiftSet(member, also), m_context);
    // Difference bounds (o_dst - o_src in [lo, hi]): the least non-negative
    // offsets by relaxation (longest paths from 0); a cycle that keeps
    // growing means there are none.
    struct Arc {
        std::size_t from, to;
        std::int64_t least; ///< o_to >= o_from + least
    };
    std::vector<Arc> arcs;
    for (const DifferenceBound &b : *bounds) {
        if (b.empty)
            return std::nullopt;
        const auto src = static_cast<std::size_t>(b.src), dst = static_cast<std::size_t>(b.dst);
        if (src == dst) {
            if ((b.lo && *b.lo > 0) || (b.hi && *b.hi < 0))
                return std::nullopt;
            continue;
        }
        if (b.lo)
            arcs.push_back({src, dst, *b.lo});
        if (b.hi)
            arcs.push_back({dst, src, -*b.hi});
    }
    std::vector<std::int64_t> o(m_diffs.statements().size(), 0);
    bool changed = true;
    for (std::size_t round = 0; changed && round <= o.size(); ++round) {
        changed = false;
        for (const Arc &a : arcs)
            if (o[a.to] < o[a.from] + a.least) {
                o[a.to] = o[a.from] + a.least;
                changed = true;
            }
    }
    if (changed)
        return std::nullopt;
    assert(std::all_of(arcs.begin(), arcs.end(), [&](const Arc &a) { return o[a.to] >= o[a.from] + a.least; }));
    // The reference is a lexmin over one dimension per statement: checked
    // where that stays affordable.
    constexpr std::size_t kMostVerified = 64;
    if (VerifyMode::on() && o.size() <= kMostVerified)
        VerifyMode::check(o == leastOffsets(shiftSet(member, also), m_context), "least offsets by relaxation");
    return o;
}

bool LegalRanges::coincident(int member) const
{
    const isl::set nonzero(m_diffs.ctx(),
                           "{ " + differenceTuple(m_diffs.members()) + " : " + d(member) + " < 0 or " + d(member)
                               + " > 0 }");
    return m_diffs.blocked().empty() && std::all_of(m_union.begin(), m_union.end(), [&](const Shape &e) {
               return undecided(e.ahead.unite(e.level), member).intersect(nonzero).is_empty();
           });
}

std::optional<std::vector<std::pair<isl::set, isl::set>>> LegalRanges::skewParts(int member, int source,
                                                                                 Also also) const
{
    // skewSet and skewRange's probes ask the same parts: made once.
    const auto key = std::make_tuple(member, source, static_cast<int>(also));
    if (const auto found = m_skewParts.find(key); found != m_skewParts.end()) {
        if (VerifyMode::on()) {
            const auto fresh = makeSkewParts(member, source, also);
            const auto &kept = found->second;
            VerifyMode::check(fresh.has_value() == kept.has_value()
                                  && (!fresh
                                      || std::equal(fresh->begin(), fresh->end(), kept->begin(), kept->end(),
                                                    [](const auto &x, const auto &y) {
                                                        return x.first.is_equal(y.first) && x.second.is_equal(y.second);
                                                    })),
                              "a skew's parts made once per member and source");
        }
        return found->second;
    }
    return m_skewParts.emplace(key, makeSkewParts(member, source, also)).first->second;
}

std::optional<std::vector<std::pair<isl::set, isl::set>>> LegalRanges::makeSkewParts(int member, int source,
                                                                                     Also also) const
{
    if (!m_diffs.blocked().empty() || anyBackwardBefore(member))
        return std::nullopt;
    const isl::ctx ctx = m_diffs.ctx();
    const unsigned m = m_diffs.members();
    const isl::map project(
        ctx, "{ " + differenceTuple(m) + " -> [a, b] : a = " + d(member) + " and b = " + d(source) + " }");
    std::vector<std::pair<isl::set, isl::set>> parts; // { [a, b] }: tie allowed, strict
    for (const Shape &e : m_union) {
        QuotaScope::nextStep(m_place.analyzer().context());
        // The union's split at a member serves every source (the union is one shape).
        assert(m_union.size() == 1);
        auto &cached = m_unionSplits[static_cast<std::size_t>(member)];
        if (!cached)
            cached = splitAt(e, member);
        const Split &split = *cached;
        // Where the member must also be >= 0, every pair asks a tie at least.
        const isl::set tie = also == Also::NonNegative
            ? split.tieOk.apply(project).unite(e.ahead.unite(e.level).apply(project))
            : split.tieOk.apply(project);
        // Two dimensions: cheap to simplify, and every factor below asks them.
        // With every parameter fixed, skewSetFixed reads the least member
        // difference per source value off them as they are; the other
        // paths intersect them once per factor tried.
        isl::set strict = split.strict.apply(project);
        parts.emplace_back(m_fixedParameters ? tie : islutil::coalesce(tie),
                           m_fixedParameters ? strict : islutil::coalesce(strict));
    }
    return parts;
}

std::optional<isl::set> LegalRanges::skewSet(int member, int source, Also also) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const isl::set none(ctx, "{ [k] : 1 = 0 }");
    const isl::set any(ctx, "{ [k] }");
    if (source < member && also == Also::Nothing) // the source's difference is 0 on every undecided pair
        return m_diffs.blocked().empty() && !anyBackwardBefore(member) && legal() ? any : none;
    const auto found = skewParts(member, source, also);
    if (!found)
        return none; // blocked, or broken before the member
    const auto &parts = *found;
    isl::set sources(ctx, "{ [b] : 1 = 0 }");
    const isl::map toB(ctx, "{ [a, b] -> [b] }");
    for (const auto &[tie, strict] : parts)
        sources = sources.unite(tie.apply(toB)).unite(strict.apply(toB));
    const isl::set values = sources.project_out_all_params();
    if (values.is_empty())
        return any;
    const auto lo = bound(values.dim_min_val(0)), hi = bound(values.dim_max_val(0));
    // A value of the source's difference costs one isl operation with
    // every parameter fixed (a point of a lexmin), several otherwise.
    constexpr std::int64_t kMostValues = 256, kMostValuesFixed = 1 << 16;
    if (!lo || !hi || *hi - *lo + 1 > (m_fixedParameters ? kMostValuesFixed : kMostValues))
        return std::nullopt;
    if (m_fixedParameters) {
        const isl::set fast = skewSetFixed(parts);
        if (VerifyMode::on() && *hi - *lo + 1 <= kMostValues)
            VerifyMode::check(fast.is_equal(skewSetByValues(parts, *lo, *hi)), "a skew's factors from least members");
        else if (VerifyMode::on() && also == Also::Nothing && !fast.is_empty()) {
            // Too many values for the loop: the set's ends are legal and
            // the factors just outside them are not, asked of every vector.
            const auto legalAt = [&](std::int64_t k) {
                std::vector<std::string> forms = identity(m_diffs.members());
                forms[static_cast<std::size_t>(member)] += " + " + std::to_string(k) + " * " + d(source);
                return legalUnder(forms);
            };
            for (const auto &[end, outside] :
                 {std::make_pair(bound(fast.dim_min_val(0)), -1), std::make_pair(bound(fast.dim_max_val(0)), 1)})
                if (end)
                    VerifyMode::check(legalAt(*end) && !legalAt(*end + outside),
                                      "a skew's factors from least members, at their ends");
        }
        return fast;
    }
    return skewSetByValues(parts, *lo, *hi);
}

isl::set LegalRanges::skewSetByValues(const std::vector<std::pair<isl::set, isl::set>> &parts, std::int64_t lo,
                                      std::int64_t hi) const
{
    const isl::ctx ctx = m_diffs.ctx();
    const isl::set none(ctx, "{ [k] : 1 = 0 }");
    const isl::set any(ctx, "{ [k] }");
    // a + k * b is linear in k for each value b of the source's difference.
    isl::set bad = none;
    for (std::int64_t b = lo; b <= hi; ++b) {
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

namespace {

std::int64_t floorDiv(std::int64_t x, std::int64_t y)
{
    assert(y > 0);
    return x >= 0 ? x / y : -((-x + y - 1) / y);
}

std::int64_t ceilDiv(std::int64_t x, std::int64_t y)
{
    return -floorDiv(-x, y);
}

} // namespace

isl::set LegalRanges::skewSetFixed(const std::vector<std::pair<isl::set, isl::set>> &parts) const
{
    assert(m_fixedParameters);
    const isl::ctx ctx = m_diffs.ctx();
    const isl::set none = isl::set(ctx, "{ [k] : 1 = 0 }").intersect_params(m_context);
    // With every parameter fixed, a pair (a, b) breaks at factor k where
    // a + k * b < c (c = 0 for a tie, 1 where the member must go forward):
    // for each value b only the least a counts, and each b bounds k on
    // one side (b > 0 from below, b < 0 from above, b = 0 all or none).
    std::optional<std::int64_t> lo, hi;
    bool empty = false;
    const auto bound = [&](const isl::set &set, std::int64_t c) {
        const isl::set plain = set.intersect_params(m_context).project_out_all_params();
        if (plain.is_empty())
            return;
        if (plain.dim_min_val(0).is_neginfty()) { // a without a least value: every factor breaks
            empty = true;
            return;
        }
        // { [b] -> [least a] }
        const isl::map least = isl::map(ctx, "{ [b] -> [a, b2] : b2 = b }")
                                   .intersect_range(plain)
                                   .apply_range(isl::map(ctx, "{ [a, b] -> [a] }"));
        least.lexmin().wrap().foreach_point([&](const isl::point &pt) {
            const auto xy = islutil::coordinates(pt);
            const std::int64_t b = xy[0], a = xy[1];
            if (b > 0) {
                const std::int64_t k = floorDiv(c - 1 - a, b) + 1;
                lo = lo ? std::max(*lo, k) : k;
            } else if (b < 0) {
                const std::int64_t k = ceilDiv(a - c + 1, -b) - 1;
                hi = hi ? std::min(*hi, k) : k;
            } else if (a < c)
                empty = true;
        });
    };
    for (const auto &[tie, strict] : parts) {
        bound(tie, 0);
        bound(strict, 1);
    }
    if (empty || (lo && hi && *lo > *hi))
        return none;
    std::vector<std::string> conj;
    if (lo)
        conj.push_back("k >= " + std::to_string(*lo));
    if (hi)
        conj.push_back("k <= " + std::to_string(*hi));
    return isl::set(ctx, "{ [k]" + (conj.empty() ? std::string() : " : " + join(conj, " and ")) + " }")
        .intersect_params(m_context);
}

ArgumentRange LegalRanges::skewRange(int member, int source) const
{
    if (const auto exact = skewSet(member, source))
        return describe(*exact, "factor");
    // Legal factors form an interval (each pair asks a + k * b >= c): find
    // its ends by bisection, each probe an exact check for every parameter
    // value at once.
    // A probe asks the two members' differences only (skewParts), not
    // every difference vector: the member becomes a + k * b, and a pair
    // breaks where that is < 0, or 0 when the pair needs the member to go
    // forward. SE_VERIFY_CACHES asks legalUnder too.
    const auto parts = skewParts(member, source, Also::Nothing);
    const auto legalAt = [&](std::int64_t k) {
        const std::string ks = std::to_string(k);
        const isl::set below(m_diffs.ctx(), "{ [a, b] : a + " + ks + " * b <= -1 }");
        const isl::set atMost(m_diffs.ctx(), "{ [a, b] : a + " + ks + " * b <= 0 }");
        const bool legal = parts && std::all_of(parts->begin(), parts->end(), [&](const auto &p) {
                               return p.first.intersect(below).is_empty() && p.second.intersect(atMost).is_empty();
                           });
        if (VerifyMode::on()) {
            std::vector<std::string> forms = identity(m_diffs.members());
            forms[static_cast<std::size_t>(member)] += " + " + ks + " * " + d(source);
            VerifyMode::check(legal == legalUnder(forms), "skew probes on two members' differences");
        }
        return legal;
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

ArgumentRange LegalRanges::jointRange(int member, bool hasPoint) const
{
    ArgumentRange r;
    const PolyhedralModel &model = m_place.analyzer().model();
    const auto name = [&](int pos) {
        return model.statements()[m_diffs.statements()[static_cast<std::size_t>(pos)]].name;
    };
    // Small sets are shown without what the context says; a big one as it
    // is (a gist of hundreds of dimensions costs more than all the rest).
    const bool small = m_diffs.statements().size() <= kMostSimplified;
    const auto pairs = pairRanges(member, Also::Nothing);
    const auto bounds = pairs && !small ? differenceBounds(*pairs) : std::nullopt;
    const auto text = pairs && !small && !bounds ? conjunctionText(*pairs) : std::nullopt;
    if (bounds) {
        r.set = boundsText(*bounds); // the conjunction as isl reads it, not made
        r.empty = !hasPoint;
    } else if (text) {
        // Not made either: with ranges that depend on the parameters, the
        // set in disjunctive form has a piece per combination of cases.
        r.set = *text;
        r.empty = false;
        r.symbolic = true;
        if (!hasPoint)
            r.text = "no offsets keep it legal for every parameter value; ";
    } else {
        const isl::set set = shiftSet(member);
        r.empty = hasPoint ? false : set.is_empty();
        r.set = islutil::str(!r.empty && small ? islutil::coalesce(set.gist_params(m_context)) : set);
    }
    if (r.empty) {
        r.text =
            "no offsets keep it legal" + (m_diffs.blocked().empty() ? std::string() : " (" + m_diffs.blocked() + ")");
        return r;
    }
    // One sentence per statement pair the band decides.
    std::vector<std::string> said;
    std::set<std::string> saidOnce;
    for (const PairRange &p : pairs ? *pairs : std::vector<PairRange>{}) {
        if (p.src == p.dst)
            continue;
        const Interval &facts = interval(p, false);
        const std::string who = "shift " + name(p.dst) + " by ";
        const std::string than = " " + name(p.src);
        std::string sentence;
        if (!facts.interval) {
            r.symbolic = r.symbolic || !facts.plain;
            sentence = "o_" + name(p.dst) + " - o_" + name(p.src) + " in " + facts.text;
        } else {
            const auto lo = facts.lo, hi = facts.hi;
            // `at least 1 more than`, `at most 2 less than`, ...
            const auto relative = [](std::int64_t v, bool least) {
                if (v == 0)
                    return std::string(least ? "at least as much as" : "at most as much as");
                if (v > 0)
                    return (least ? "at least " : "at most ") + std::to_string(v) + " more than";
                return (least ? "at most " : "at least ") + std::to_string(-v) + " less than";
            };
            if (lo && hi && *lo == *hi)
                sentence = who
                    + (*lo == 0 ? std::string("exactly as much as")
                                : "exactly " + std::to_string(*lo < 0 ? -*lo : *lo)
                               + (*lo < 0 ? " less than" : " more than"))
                    + than;
            else if (lo && hi)
                sentence = who + relative(*lo, true) + than + " and " + relative(*hi, false) + than;
            else if (lo)
                sentence = who + relative(*lo, true) + than;
            else if (hi)
                sentence = who + relative(*hi, false) + than;
        }
        if (!sentence.empty() && saidOnce.insert(sentence).second)
            said.push_back(sentence);
    }
    constexpr std::size_t kMostSaid = 8;
    if (said.empty()) {
        r.text += "any offsets";
    } else {
        const std::size_t more = said.size() > kMostSaid ? said.size() - kMostSaid : 0;
        said.resize(std::min(said.size(), kMostSaid));
        r.text += join(said, "; ") + (more ? "; and " + std::to_string(more) + " more" : std::string());
    }
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

const ArgumentRange *BandRanges::of(const Edit &e) const
{
    if (e.node != node)
        return nullptr;
    if (e.kind == EditKind::Shift && e.offsets.size() == 1)
        for (const auto &x : shifts)
            if (x.member == e.member && x.statement == e.offsets.front().first)
                return &x.range;
    if (e.kind == EditKind::Skew)
        for (const auto &x : skews)
            if (x.member == e.member && x.source == e.source)
                return &x.range;
    if (e.kind == EditKind::Scale)
        for (const auto &x : scales)
            if (x.member == e.member)
                return &x.range;
    return nullptr;
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
        ShiftSetRange joint;
        joint.member = i;
        joint.statements = out.statements;
        joint.sample = leastShift(i);
        joint.range = jointRange(i, joint.sample.has_value());
        // One statement's offset, the others' 0.
        const std::vector<isl::set> alone = shiftSetsAlone(i);
        for (std::size_t s = 0; s < n; ++s)
            out.shifts.push_back(ShiftRange{i, out.statements[s], describe(alone[s], "offset")});
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
            const bool legal = permutationLegal(order);
            if (VerifyMode::on())
                VerifyMode::check(legal == legalUnder(forms), "permutations by shared member questions");
            out.permutations.push_back(PermutationVerdict{order, legal});
        } while (std::next_permutation(order.begin(), order.end()));
    }
    for (int i = 0; i < m; ++i)
        for (int j = i; j < m; ++j)
            out.permutable.push_back(PermutableRange{i, j, permutable(i, j)});
    return out;
}

} // namespace se
