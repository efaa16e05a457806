// SPDX-License-Identifier: MIT
#include "IslUtil.h"

#include "PointCounter.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <isl/val.h>

namespace se::islutil {

namespace {

// A coordinate beyond 64 bits is never read as a wrong number: callers
// that can print any size use exactCoordinates.
std::int64_t toInt(const isl::val &v)
{
    if (!fitsInt64(v))
        throw std::overflow_error("a value beyond 64 bits: " + take(isl_val_to_str(v.get())));
    return static_cast<std::int64_t>(v.get_num_si());
}

} // namespace

bool fitsInt64(const isl::val &v)
{
    return v.is_int() && isl_val_cmp_si(v.get(), std::numeric_limits<long>::min()) >= 0
        && isl_val_cmp_si(v.get(), std::numeric_limits<long>::max()) <= 0;
}

std::optional<std::int64_t> int64(const isl::val &v)
{
    return !v.is_null() && v.is_int() && fitsInt64(v) ? std::optional<std::int64_t>(v.get_num_si()) : std::nullopt;
}

namespace {

std::optional<std::int64_t> fixedValue(isl_val *raw)
{
    const isl::val v = isl::manage(raw);
    if (v.is_null() || !fitsInt64(v))
        return std::nullopt;
    return v.get_num_si();
}

} // namespace

std::optional<std::int64_t> plainFixed(const isl::map &m, unsigned d)
{
    return fixedValue(isl_map_plain_get_val_if_fixed(m.get(), isl_dim_out, d));
}

std::optional<std::int64_t> plainFixed(const isl::set &s, unsigned d)
{
    return fixedValue(isl_set_plain_get_val_if_fixed(s.get(), isl_dim_set, d));
}

std::vector<Integer> exactCoordinates(const isl::point &p)
{
    std::vector<Integer> out;
    const isl::space sp = p.space();
    const unsigned n = static_cast<unsigned>(isl_space_dim(sp.get(), isl_dim_set));
    for (unsigned k = 0; k < n; ++k) {
        const isl::val v = isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(k)));
        out.push_back(Integer::fromDecimal(take(isl_val_to_str(v.get()))));
    }
    return out;
}

std::vector<std::int64_t> coordinates(const isl::point &p)
{
    std::vector<std::int64_t> out;
    const isl::space sp = p.space();
    const unsigned n = static_cast<unsigned>(isl_space_dim(sp.get(), isl_dim_set));
    for (unsigned k = 0; k < n; ++k)
        out.push_back(toInt(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(k)))));
    return out;
}

std::vector<std::pair<std::string, std::int64_t>> paramValues(const isl::point &p)
{
    std::vector<std::pair<std::string, std::int64_t>> out;
    const isl::space sp = p.space();
    const int n = isl_space_dim(sp.get(), isl_dim_param);
    for (int k = 0; k < n; ++k) {
        const char *name = isl_space_get_dim_name(sp.get(), isl_dim_param, static_cast<unsigned>(k));
        out.emplace_back(name ? name : "p" + std::to_string(k),
                         toInt(isl::manage(isl_point_get_coordinate_val(p.get(), isl_dim_param, k))));
    }
    return out;
}

std::optional<std::int64_t> count(const isl::set &set)
{
    return PointCounter::count(set);
}

isl::map mapForDomain(const isl::union_map &umap, const std::string &tuple)
{
    isl::map found;
    umap.foreach_map([&](isl::map m) {
        if (found.is_null() && isl_map_has_tuple_name(m.get(), isl_dim_in) == isl_bool_true
            && tuple == isl_map_get_tuple_name(m.get(), isl_dim_in))
            found = m;
    });
    return found;
}

namespace {
std::string tidy(std::string s)
{
    // isl writes "[] -> { ... }" for no parameters in some versions.
    if (s.rfind("[] -> ", 0) == 0)
        s = s.substr(6);
    return s;
}
} // namespace

template <typename T, typename F> std::string text(const T &obj, F toStr)
{
    if (obj.is_null())
        return "";
    return tidy(take(toStr(obj.get())));
}

std::string str(const isl::set &s)
{
    return text(s, isl_set_to_str);
}
std::string str(const isl::pw_aff &a)
{
    return text(a, isl_pw_aff_to_str);
}
std::string str(const isl::multi_aff &f)
{
    return text(f, isl_multi_aff_to_str);
}

isl::pw_aff statementPiece(const isl::union_pw_aff &member, const isl::space &statement)
{
    return isl::manage(isl_union_pw_aff_extract_pw_aff(
        member.get(), isl_space_add_dims(isl_space_from_domain(statement.copy()), isl_dim_out, 1)));
}
isl::multi_pw_aff statementPart(const isl::multi_union_pw_aff &schedule, const isl::space &statement)
{
    return isl::manage(isl_multi_union_pw_aff_extract_multi_pw_aff(schedule.get(), statement.copy()));
}

isl::set anonymous(const isl::set &s)
{
    return isl::manage(isl_set_reset_tuple_id(s.copy()));
}
isl::map anonymous(const isl::map &m)
{
    return isl::manage(isl_map_reset_tuple_id(isl_map_reset_tuple_id(m.copy(), isl_dim_in), isl_dim_out));
}
isl::pw_aff anonymous(const isl::pw_aff &a)
{
    return isl::manage(isl_pw_aff_reset_tuple_id(a.copy(), isl_dim_in));
}
isl::multi_aff anonymous(const isl::multi_aff &f)
{
    return isl::manage(isl_multi_aff_reset_tuple_id(f.copy(), isl_dim_in));
}
std::string str(const isl::map &m)
{
    return text(m, isl_map_to_str);
}
std::string str(const isl::union_map &m)
{
    return text(m, isl_union_map_to_str);
}
std::string str(const isl::union_set &s)
{
    return text(s, isl_union_set_to_str);
}

isl::set readSet(isl::ctx ctx, const std::string &text, std::string &error)
{
    isl_set *s = isl_set_read_from_str(ctx.get(), text.c_str());
    if (!s) {
        const char *msg = isl_ctx_last_error_msg(ctx.get());
        error = msg ? msg : "syntax error";
        return {};
    }
    return isl::manage(s);
}

std::string tupleName(const isl::set &s)
{
    const char *n = s.is_null() ? nullptr : isl_set_get_tuple_name(s.get());
    return n ? n : "";
}

std::set<std::string> tupleNames(const isl::union_set &s)
{
    std::set<std::string> out;
    s.foreach_set([&](const isl::set &part) { out.insert(tupleName(part)); });
    return out;
}

std::string take(char *s)
{
    std::string out = s ? s : "";
    free(s);
    return out;
}

std::string vec(const std::vector<std::int64_t> &v)
{
    std::string out = "[";
    for (std::size_t k = 0; k < v.size(); ++k)
        out += (k ? ", " : "") + std::to_string(v[k]);
    return out + "]";
}

std::string vec(const std::vector<Integer> &v)
{
    std::string out = "[";
    for (std::size_t k = 0; k < v.size(); ++k)
        out += (k ? ", " : "") + v[k].text();
    return out + "]";
}

isl::map prefixProjection(const isl::set &domain, unsigned k)
{
    // { S[i0, ..., in] -> [i0, ..., ik-1] }
    isl::map id = isl::manage(isl_map_identity(isl_space_map_from_set(isl_set_get_space(domain.get()))));
    const unsigned n = static_cast<unsigned>(isl_set_dim(domain.get(), isl_dim_set));
    isl_map *m = isl_map_project_out(id.release(), isl_dim_out, k, n - k);
    m = isl_map_reset_tuple_id(m, isl_dim_out);
    return isl::manage(m).intersect_domain(domain);
}

namespace {

template <typename T> T checkedCoalesce(const T &x)
{
    const T c = x.coalesce();
    return c.is_equal(x) ? c : x;
}

} // namespace

namespace {

isl_stat knownDivs(isl_basic_map *bmap, void *user)
{
    bool &known = *static_cast<bool *>(user);
    const isl_size n = isl_basic_map_dim(bmap, isl_dim_div);
    for (int j = 0; known && j < n; ++j) {
        isl_aff *def = isl_basic_map_get_div(bmap, j);
        known = def && isl_aff_is_nan(def) != isl_bool_true;
        isl_aff_free(def);
    }
    known = known && n >= 0;
    isl_basic_map_free(bmap);
    return known ? isl_stat_ok : isl_stat_error; // stop at the first undefined one
}

} // namespace

bool divsKnown(const isl::map &m)
{
    bool known = true;
    isl_map_foreach_basic_map(m.get(), knownDivs, &known);
    return known;
}

bool divsKnown(const isl::set &s)
{
    return divsKnown(isl::manage(isl_map_from_range(s.copy())));
}

isl::set coalesce(const isl::set &s)
{
    return checkedCoalesce(s);
}

isl::map coalesce(const isl::map &m)
{
    return checkedCoalesce(m);
}

isl::union_map coalesce(const isl::union_map &m)
{
    return checkedCoalesce(m);
}

bool plainEqual(const isl::union_set &a, const isl::union_set &b)
{
    if (a.get() == b.get())
        return true;
    // raw isl begin: set counts, extraction by space and plain equality (not in cpp.h 0.25)
    const isl_size n = isl_union_set_n_set(a.get());
    if (n < 0 || n != isl_union_set_n_set(b.get()))
        return false;
    bool equal = true;
    a.foreach_set([&](const isl::set &s) {
        if (!equal)
            return;
        isl_set *other = isl_union_set_extract_set(b.get(), isl_set_get_space(s.get()));
        equal = isl_set_plain_is_equal(s.get(), other) == isl_bool_true;
        isl_set_free(other);
    });
    // raw isl end
    return equal;
}

void addTo(isl::union_map &all, isl::map part)
{
    all = isl::manage(isl_union_map_add_map(all.release(), part.release()));
}

void addTo(isl::union_set &all, isl::set part)
{
    all = isl::manage(isl_union_set_add_set(all.release(), part.release()));
}

void addTo(isl::union_set &all, const isl::union_set &part)
{
    all = isl::manage(isl_union_set_union(all.release(), part.copy()));
}

isl::multi_aff onlyPiece(const isl::map &m)
{
    // raw isl begin: a map that is not a function gives null here, where cpp.h's
    // as_pw_multi_aff throws; the piece comes out of a C callback
    isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(m.copy());
    isl::multi_aff out;
    if (pma && isl_pw_multi_aff_n_piece(pma) == 1)
        isl_pw_multi_aff_foreach_piece(
            pma,
            [](isl_set *set, isl_multi_aff *ma, void *user) -> isl_stat {
                isl_set_free(set);
                *static_cast<isl::multi_aff *>(user) = isl::manage(ma);
                return isl_stat_ok;
            },
            &out);
    isl_pw_multi_aff_free(pma);
    // raw isl end
    return out;
}

std::optional<isl::multi_aff> multiAff(const isl::space &space, const std::vector<isl::pw_aff> &pas)
{
    if (!std::all_of(pas.begin(), pas.end(), [](const isl::pw_aff &pa) { return pa.isa_aff(); }))
        return std::nullopt;
    isl_aff_list *affs = isl_aff_list_alloc(space.ctx().get(), static_cast<int>(pas.size()));
    for (const auto &pa : pas)
        affs = isl_aff_list_add(affs, isl_pw_aff_as_aff(pa.copy()));
    return isl::manage(isl_multi_aff_from_aff_list(space.copy(), affs));
}

isl::map mapFromPwAffs(const isl::space &space, const std::vector<isl::pw_aff> &pas)
{
    if (const auto f = multiAff(space, pas))
        return f->as_map();
    isl_pw_aff_list *list = isl_pw_aff_list_alloc(space.ctx().get(), static_cast<int>(pas.size()));
    for (const auto &pa : pas)
        list = isl_pw_aff_list_add(list, pa.copy());
    return isl::manage(isl_map_from_pw_multi_aff(
        isl_pw_multi_aff_from_multi_pw_aff(isl_multi_pw_aff_from_pw_aff_list(space.copy(), list))));
}

isl::multi_aff pairDifference(const isl::map &pairs, const isl::multi_aff &src, const isl::multi_aff &dst)
{
    const isl::space space = pairs.wrap().space().unwrap();
    return dst.pullback(isl::multi_aff::range_map(space)).sub(src.pullback(isl::multi_aff::domain_map(space)));
}

std::vector<bool> constantOutputs(const isl::multi_aff &f)
{
    std::vector<bool> out;
    for (int k = 0, n = static_cast<int>(f.size()); k < n; ++k)
        out.push_back(f.at(k).is_cst());
    return out;
}

std::optional<ConstantSplit> splitConstants(const isl::multi_aff &f)
{
    ConstantSplit out;
    // raw isl begin: constant terms of a multi_aff (not in cpp.h 0.25), rewritten in place
    isl_multi_aff *linear = f.copy();
    const isl_size n = isl_multi_aff_size(linear);
    for (isl_size i = 0; i < n; ++i) {
        isl_aff *a = isl_multi_aff_get_at(linear, i);
        isl_val *c = isl_aff_get_constant_val(a);
        const bool fits = c && isl_val_is_int(c) == isl_bool_true && fitsInt64(isl::manage_copy(c));
        const bool zero = fits && isl_val_is_zero(c) == isl_bool_true;
        if (fits)
            out.constants.push_back(isl_val_get_num_si(c));
        isl_val_free(c);
        if (!fits) {
            isl_aff_free(a);
            isl_multi_aff_free(linear);
            return std::nullopt;
        }
        if (zero) { // (nothing to zero: no copy of the member)
            isl_aff_free(a);
            continue;
        }
        linear = isl_multi_aff_set_at(linear, i, isl_aff_set_constant_si(a, 0));
    }
    // raw isl end
    if (!linear)
        return std::nullopt;
    out.linear = isl::manage(linear);
    return out;
}

std::optional<FloorForm> floorForm(const isl::aff &a)
{
    // raw isl begin: an aff's coefficients and divisions (not in cpp.h 0.25)
    isl_aff *p = a.get();
    const auto coefficient = [](isl_aff *f, isl_dim_type type, int k) {
        return isl::manage(isl_aff_get_coefficient_val(f, type, k));
    };
    if (!isl::manage(isl_aff_get_denominator_val(p)).is_one())
        return std::nullopt;
    for (const isl_dim_type type : {isl_dim_param, isl_dim_in})
        for (int k = 0; k < isl_aff_dim(p, type); ++k)
            if (!coefficient(p, type, k).is_zero())
                return std::nullopt;
    // One division used, once (a multi_aff's members may carry the others' too).
    int used = -1;
    for (int k = 0; k < isl_aff_dim(p, isl_dim_div); ++k) {
        const isl::val c = coefficient(p, isl_dim_div, k);
        if (c.is_zero())
            continue;
        if (used >= 0 || !c.is_one())
            return std::nullopt;
        used = k;
    }
    const auto constant = int64(a.get_constant_val());
    if (used < 0 || !constant)
        return std::nullopt;
    const isl::aff div = isl::manage(isl_aff_get_div(p, used)); // numerator / size, rational
    const isl::val size = isl::manage(isl_aff_get_denominator_val(div.get()));
    const auto sizeValue = int64(size);
    if (!sizeValue)
        return std::nullopt;
    const isl::aff scaled = div.scale(size);
    isl_aff *n = scaled.get();
    for (int k = 0; k < isl_aff_dim(n, isl_dim_div); ++k)
        if (!coefficient(n, isl_dim_div, k).is_zero())
            return std::nullopt; // a division inside: not a tile's member
    // The numerator on its own, without the divisions it does not use.
    isl_aff *clean = isl_aff_zero_on_domain_space(isl_aff_get_domain_space(n));
    clean = isl_aff_set_constant_val(clean, isl_aff_get_constant_val(n));
    for (const isl_dim_type type : {isl_dim_param, isl_dim_in})
        for (int k = 0; k < isl_aff_dim(n, type); ++k)
            clean = isl_aff_set_coefficient_val(clean, type, k, isl_aff_get_coefficient_val(n, type, k));
    // raw isl end
    FloorForm out;
    out.numerator = isl::manage(clean);
    out.size = *sizeValue;
    out.constant = *constant;
    return out;
}

} // namespace se::islutil
