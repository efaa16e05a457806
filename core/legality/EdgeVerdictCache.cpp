// SPDX-License-Identifier: MIT
#include "EdgeVerdictCache.h"

#include <algorithm>

#include <limits>

#include "core/isl/IslUtil.h"
#include "core/schedule/FlatSchedule.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/val.h>

namespace se {

void EdgeVerdictCache::setSchedule(const FlatSchedule &schedule)
{
    m_schedule = &schedule;
    // A statement whose times are the very object of the last schedule's
    // (a moves list's candidates share all but one or two) keeps its form;
    // the form holds the times' handle, so its address cannot be reused meanwhile.
    m_forms.resize(schedule.size());
    for (std::size_t k = 0; k < schedule.size(); ++k)
        if (m_forms[k].times != schedule.handle(k))
            m_forms[k] = Form{};
}

const EdgeVerdictCache::Form &EdgeVerdictCache::form(std::size_t statement)
{
    Form &f = m_forms[statement];
    if (f.known)
        return f;
    // A moves candidate's statement: its source's form put through the
    // candidate's rows, with no isl reading of its times; a statement back
    // at its source's times: the source's form (a source's map is made:
    // one not made yet is no source).
    const FlatSchedule::Transform *t = m_schedule->transform(statement);
    const isl::map *made = m_schedule->madeMap(statement);
    if (const Form *source = t ? &sourceForm(t->from) : made ? sourceFormIfKnown(*made) : nullptr) {
        std::optional<Form> moved = t ? transformed(*source, t->rows) : *source;
        if (moved) {
            moved->map.reset();
            moved->times = m_schedule->handle(statement);
            f = std::move(*moved);
            return f;
        }
        // (a dimension out of range or a constant beyond 64 bits: read as it is)
    }
    // The flattener's function, else the one piece of the map read.
    const isl::multi_aff *function = m_schedule->function(statement);
    f = readForm(function ? *function : islutil::onlyPiece(m_schedule->of(statement)));
    f.times = m_schedule->handle(statement);
    return f;
}

std::optional<EdgeVerdictCache::Form>
EdgeVerdictCache::transformed(const Form &source, const std::vector<FlatSchedule::Transform::Row> &rows)
{
    if (!source.affine)
        return source;
    Form out = source;
    // Rows are applied at once: each reads the source's dimensions.
    std::string signature = std::to_string(source.part);
    bool translation = true;
    for (const auto &r : rows) {
        if (r.dim >= out.constants.size())
            return std::nullopt;
        std::int64_t c = r.constant;
        signature += ';' + std::to_string(r.dim) + ':';
        for (const auto &[j, a] : r.terms) {
            std::int64_t term = 0;
            if (j >= source.constants.size() || a == std::numeric_limits<long>::min()
                || __builtin_mul_overflow(a, source.constants[j], &term) || __builtin_add_overflow(c, term, &c))
                return std::nullopt;
            signature += std::to_string(a) + '*' + std::to_string(j) + ',';
            translation = translation && j == r.dim && a == 1;
        }
        translation = translation && r.terms.size() == 1;
        out.constants[r.dim] = c;
    }
    if (translation)
        return out; // the same linear part
    // The linear part through the rows without their constants, once per
    // source part and rows (a band's statements share a handful of parts).
    auto it = m_movedParts.find(signature);
    if (it == m_movedParts.end()) {
        if (m_movedParts.size() > 8192)
            m_movedParts.clear(); // a bound on memory (a moves list needs a handful per candidate)
        // { [t] -> [t'] }: the rows' linear part
        const isl::multi_aff rowsFn(
            source.linearFn->ctx(),
            FlatSchedule::Transform::mapText(rows, static_cast<unsigned>(source.constants.size()), false));
        const isl::multi_aff linear = rowsFn.pullback(*source.linearFn);
        it = m_movedParts.emplace(signature, std::make_pair(m_parts.id(linear), linear)).first;
    }
    out.part = it->second.first;
    out.linearFn = it->second.second;
    return out;
}

const EdgeVerdictCache::Form *EdgeVerdictCache::sourceFormIfKnown(const isl::map &map) const
{
    const auto found = m_sourceForms.find(map.get());
    return found == m_sourceForms.end() ? nullptr : &found->second;
}

const EdgeVerdictCache::Form &EdgeVerdictCache::sourceForm(const isl::map &map)
{
    if (const Form *known = sourceFormIfKnown(map))
        return *known;
    if (m_sourceForms.size() > 8192)
        m_sourceForms.clear(); // a bound on memory (a moves list needs one per statement of the node)
    Form f = readForm(islutil::onlyPiece(map));
    f.map = map; // the form holds the map
    return m_sourceForms.emplace(map.get(), std::move(f)).first->second;
}

EdgeVerdictCache::Form EdgeVerdictCache::readForm(const isl::multi_aff &times)
{
    Form f;
    f.known = true;
    // The one piece's domain is the statement's domain: pairs never leave it.
    if (times.is_null())
        return f;
    // Beyond 64 bits a constant would read as 0 and two different schedules
    // would share a cached verdict: not cacheable then.
    auto split = islutil::splitConstants(times);
    if (!split)
        return f;
    const isl::multi_aff linear = islutil::anonymous(split->linear);
    f.affine = true;
    f.constants = std::move(split->constants);
    f.part = m_parts.id(linear);
    f.linearFn = linear;
    return f;
}

std::optional<EdgeVerdictCache::Key> EdgeVerdictCache::key(const Dependence &dep)
{
    if (dep.shape < 0 || !m_schedule)
        return std::nullopt;
    // Under a set the verdict depends on which instances pass it too: not cached.
    if (!m_schedule->setLevels(dep.src).empty() || !m_schedule->setLevels(dep.dst).empty())
        return std::nullopt;
    const Form &s = form(dep.src);
    const Form &t = form(dep.dst);
    if (!s.affine || !t.affine || s.constants.size() != t.constants.size())
        return std::nullopt;
    Key k;
    k.reserve(3 + s.constants.size());
    k.push_back(dep.shape);
    k.push_back(s.part);
    k.push_back(t.part);
    // Where both times are their constants alone, every pair's difference
    // is the constants' difference: only its sign orders the pairs, and
    // one that is not 0 orders them all there, so the dimensions after it
    // do not matter. Edges between stages 24 -> 25 and 24 -> 27 of a tile
    // are one problem then (a first tile by 32 of tiled_matmul_64's
    // pipelined band: 4 witnesses to find for its 1,008 violated edges, not 62).
    const std::vector<bool> &sZero = m_parts.zeroDims(s.part);
    const std::vector<bool> &tZero = m_parts.zeroDims(t.part);
    for (std::size_t d = 0; d < s.constants.size(); ++d) {
        std::int64_t diff = 0;
        if (__builtin_sub_overflow(t.constants[d], s.constants[d], &diff))
            return std::nullopt; // beyond 64 bits: isl decides
        if (d < sZero.size() && d < tZero.size() && sZero[d] && tZero[d]) {
            diff = (diff > 0) - (diff < 0);
            if (diff != 0) {
                k.push_back(diff);
                k.resize(3 + s.constants.size(), 0);
                return k;
            }
        }
        k.push_back(diff);
    }
    return k;
}

std::optional<bool> EdgeVerdictCache::violatedByMinimum(const Dependence &dep, const Key &key)
{
    return byExtreme(m_minima, false, dep, key);
}

std::optional<bool> EdgeVerdictCache::everyPairViolated(const Dependence &dep, const Key &key)
{
    return byExtreme(m_maxima, true, dep, key);
}

std::optional<bool> EdgeVerdictCache::byExtreme(Extremes &known, bool greatest, const Dependence &dep, const Key &key)
{
    const Form &s = form(dep.src);
    const Form &t = form(dep.dst);
    if (!s.linearFn || !t.linearFn || key.size() != 3 + s.constants.size())
        return std::nullopt;
    auto it = known.find({dep.shape, s.part, t.part});
    if (it == known.end()) {
        DifferenceMinimum m; // Kind::Unknown
        try {
            m = DifferenceMinimum::of(dep.shapeRelation, *s.linearFn, *t.linearFn, greatest);
        } catch (const isl::exception_quota &) {
            // Too big to minimise: isl decides each edge (the caller gives
            // that a fresh budget). A stop or abort goes on up.
        } catch (const isl::exception_unknown &) {
            // isl 0.25's lexmin can fail an internal assertion on sets with
            // many divs (isl_tab.c: "i >= 0"; tests/differential/regressions/
            // lexmin_tab_assert): the shortcut gives up, isl decides each edge.
        } catch (const isl::exception_internal &) {
        }
        it = known.emplace(std::make_tuple(dep.shape, s.part, t.part), std::move(m)).first;
    }
    if (it->second.kind() == DifferenceMinimum::Kind::Unknown)
        return std::nullopt;
    return it->second.violated({key.begin() + 3, key.end()}); // the key's constants' differences
}

std::optional<std::vector<isl::set>> EdgeVerdictCache::violatingPieces(const Dependence &dep, const Key &key)
{
    const Form &s = form(dep.src);
    const Form &t = form(dep.dst);
    if (!s.linearFn || !t.linearFn || key.size() != 3 + s.constants.size())
        return std::nullopt;
    const auto it = m_minima.find({dep.shape, s.part, t.part});
    if (it == m_minima.end() || it->second.kind() != DifferenceMinimum::Kind::Point)
        return std::nullopt;
    return it->second.violatingPieces(dep.shapeRelation, *s.linearFn, *t.linearFn, {key.begin() + 3, key.end()});
}

const std::vector<std::int64_t> *EdgeVerdictCache::constants(std::size_t statement) const
{
    if (statement >= m_forms.size() || !m_forms[statement].known || !m_forms[statement].affine)
        return nullptr;
    return &m_forms[statement].constants;
}

namespace {

// `time` - `from` + `to`, per dimension, within 64 bits.
bool shift(const std::vector<Integer> &time, const std::vector<std::int64_t> &from, const std::vector<std::int64_t> &to,
           std::vector<Integer> &out)
{
    if (time.size() != from.size() || time.size() != to.size())
        return false;
    out.clear();
    out.reserve(time.size());
    for (std::size_t d = 0; d < time.size(); ++d) {
        const auto t = time[d].toInt64();
        std::int64_t linear = 0, shifted = 0;
        if (!t || __builtin_sub_overflow(*t, from[d], &linear) || __builtin_add_overflow(linear, to[d], &shifted))
            return false;
        out.emplace_back(shifted);
    }
    return true;
}

} // namespace

bool EdgeVerdictCache::shiftedTimes(const Verdict &verdict, std::size_t src, std::size_t dst,
                                    std::vector<Integer> &srcTime, std::vector<Integer> &dstTime) const
{
    const auto *s = constants(src);
    const auto *t = constants(dst);
    return verdict.witnessed && s && t && shift(verdict.witness.srcTime, verdict.srcConstants, *s, srcTime)
        && shift(verdict.witness.dstTime, verdict.dstConstants, *t, dstTime);
}

const EdgeVerdictCache::Verdict *EdgeVerdictCache::find(const Key &key) const
{
    auto it = m_verdicts.find(key);
    return it == m_verdicts.end() ? nullptr : &it->second;
}

void EdgeVerdictCache::store(const Key &key, Verdict v)
{
    m_verdicts[key] = std::move(v);
}

} // namespace se
