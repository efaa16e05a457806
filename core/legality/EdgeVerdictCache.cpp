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
    // A statement whose time map is the very object of the last schedule
    // (a moves list's candidates share all but one or two) keeps its form;
    // the form holds the map, so its address cannot be reused meanwhile.
    m_forms.resize(schedule.size());
    for (std::size_t k = 0; k < schedule.size(); ++k)
        if (!m_forms[k].map || m_forms[k].map->get() != schedule.of(k).get())
            m_forms[k] = Form{};
}

const EdgeVerdictCache::Form &EdgeVerdictCache::form(std::size_t statement)
{
    Form &f = m_forms[statement];
    if (f.known)
        return f;
    const isl::map &map = m_schedule->of(statement);
    // A moves candidate's statement moved by constants only: its source's
    // form with the constants moved (the linear part stays); a statement back
    // at its source's times: the source's form.
    const FlatSchedule::Transform *t = m_schedule->transform(statement);
    const bool translated = t && std::all_of(t->rows.begin(), t->rows.end(), [](const auto &r) {
                                return r.terms.size() == 1 && r.terms[0].first == r.dim && r.terms[0].second == 1;
                            });
    if (const Form *source = translated ? &sourceForm(t->from) : sourceFormIfKnown(map)) {
        Form moved = *source;
        moved.map = map;
        bool ok = true;
        if (translated && moved.affine)
            for (const auto &r : t->rows)
                ok = ok && r.dim < moved.constants.size()
                    && !__builtin_add_overflow(moved.constants[r.dim], r.constant, &moved.constants[r.dim]);
        // (a dimension out of range or a constant beyond 64 bits: read as it is)
        f = ok ? std::move(moved) : readForm(map);
        return f;
    }
    f = readForm(map);
    return f;
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
    return m_sourceForms.emplace(map.get(), readForm(map)).first->second; // the form holds the map
}

EdgeVerdictCache::Form EdgeVerdictCache::readForm(const isl::map &map)
{
    Form f;
    f.known = true;
    if (!map.is_null())
        f.map = map;
    // raw isl begin: a map that is not a function gives null here, where cpp.h's as_pw_multi_aff
    // throws; the piece comes out of a C callback and its constants are rewritten in place
    isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(map.copy());
    if (!pma || isl_pw_multi_aff_n_piece(pma) != 1) {
        isl_pw_multi_aff_free(pma);
        return f;
    }
    // The one piece's domain is the statement's domain: pairs never leave it.
    isl_multi_aff *ma = nullptr;
    isl_pw_multi_aff_foreach_piece(
        pma,
        [](isl_set *set, isl_multi_aff *m, void *user) -> isl_stat {
            isl_set_free(set);
            *static_cast<isl_multi_aff **>(user) = m;
            return isl_stat_ok;
        },
        &ma);
    isl_pw_multi_aff_free(pma);
    if (!ma)
        return f;
    const int n = isl_multi_aff_size(ma);
    bool ok = true;
    for (int d = 0; d < n && ok; ++d) {
        isl_aff *a = isl_multi_aff_get_at(ma, d);
        isl_val *c = isl_aff_get_constant_val(a);
        // Beyond 64 bits the constant would read as 0 and two different
        // schedules would share a cached verdict: not cacheable then.
        ok = isl_val_is_int(c) == isl_bool_true && isl_val_cmp_si(c, std::numeric_limits<long>::min()) >= 0
            && isl_val_cmp_si(c, std::numeric_limits<long>::max()) <= 0;
        if (ok)
            f.constants.push_back(isl_val_get_num_si(c));
        isl_val_free(c);
        ma = isl_multi_aff_set_at(ma, d, isl_aff_set_constant_si(a, 0));
    }
    ma = isl_multi_aff_reset_tuple_id(ma, isl_dim_in);
    if (ok) {
        f.affine = true;
        f.linear = islutil::take(isl_multi_aff_to_str(ma));
    }
    isl_multi_aff_free(ma);
    // raw isl end
    return f;
}

std::optional<std::string> EdgeVerdictCache::key(const Dependence &dep)
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
    std::string k = std::to_string(dep.shape) + "|" + s.linear + "|" + t.linear + "|";
    for (std::size_t d = 0; d < s.constants.size(); ++d)
        k += std::to_string(t.constants[d] - s.constants[d]) + ",";
    return k;
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

const EdgeVerdictCache::Verdict *EdgeVerdictCache::find(const std::string &key) const
{
    auto it = m_verdicts.find(key);
    return it == m_verdicts.end() ? nullptr : &it->second;
}

void EdgeVerdictCache::store(const std::string &key, Verdict v)
{
    m_verdicts[key] = std::move(v);
}

} // namespace se
