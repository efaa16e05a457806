// SPDX-License-Identifier: MIT
#include "PrefixScan.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <limits>
#include <vector>

namespace se {

namespace {

// A coefficient (< 2^31) times a value (< 2^31), summed over the dimensions.
__extension__ typedef __int128 Wide;

constexpr long Limit = 1L << 31;
constexpr Wide MaxBound = Wide(1) << 62; // of a propagated bound

// The value when it is an integer of magnitude below 2^31; takes `v`.
std::optional<std::int64_t> smallInt(isl_val *v)
{
    std::optional<std::int64_t> out;
    if (v && isl_val_is_int(v) == isl_bool_true && isl_val_cmp_si(v, Limit) < 0 && isl_val_cmp_si(v, -Limit) > 0)
        out = isl_val_get_num_si(v);
    isl_val_free(v);
    return out;
}

Wide floorDivWide(Wide n, Wide d) // d > 0
{
    const Wide q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

Wide ceilDivWide(Wide n, Wide d) // d > 0
{
    return -floorDivWide(-n, d);
}

// a . x + c >= 0 (or = 0), checked at the level of its last dimension in
// the scan order, where every other dimension it involves has a value.
struct ScanRow {
    std::vector<std::pair<int, std::int64_t>> fixed; // (dimension, coefficient) of the outer dimensions
    std::int64_t coefficient = 0; // of the level's dimension
    std::int64_t constant = 0;
    bool equality = false;
};

struct PrefixLevels {
    std::vector<int> order; // dimension scanned at each level
    std::vector<std::int64_t> lo, hi; // its bounds over the whole set
    std::vector<std::vector<ScanRow>> rows; // per level
    std::vector<std::int64_t> value; // by dimension
    Wide total = 0;

    void level(std::size_t l)
    {
        const int d = order[l];
        Wide low = lo[l], high = hi[l];
        for (const ScanRow &r : rows[l]) {
            Wide rest = r.constant;
            for (const auto &[j, a] : r.fixed)
                rest += Wide(a) * value[static_cast<std::size_t>(j)];
            const Wide a = r.coefficient;
            if (r.equality) {
                if (rest % a != 0)
                    return;
                const Wide v = -rest / a;
                low = std::max(low, v);
                high = std::min(high, v);
            } else if (a > 0) {
                low = std::max(low, ceilDivWide(-rest, a));
            } else {
                high = std::min(high, floorDivWide(rest, -a));
            }
            if (low > high)
                return;
        }
        if (l + 1 == order.size()) {
            total += high - low + 1;
            return;
        }
        // Within [lo, hi]: the visits are at most the boxes' product, which
        // count() bounds by MaxVisits before scanning.
        for (Wide v = low; v <= high; ++v) {
            value[static_cast<std::size_t>(d)] = static_cast<std::int64_t>(v);
            level(l + 1);
        }
    }
};

struct IntConstraint {
    std::vector<std::int64_t> a;
    std::int64_t c = 0;
    bool equality = false;
};

// The constraints of `bset` as integer rows; nothing when a coefficient is
// too large.
std::optional<std::vector<IntConstraint>> intConstraintsOf(isl_basic_set *bset, int n)
{
    struct Data {
        int n;
        std::vector<IntConstraint> out;
        bool ok = true;
    } data{n, {}};
    isl_basic_set_foreach_constraint(
        bset,
        [](isl_constraint *c, void *user) -> isl_stat {
            auto *d = static_cast<Data *>(user);
            IntConstraint row;
            row.equality = isl_constraint_is_equality(c) == isl_bool_true;
            for (int k = 0; k < d->n && d->ok; ++k) {
                const auto v = smallInt(isl_constraint_get_coefficient_val(c, isl_dim_set, k));
                d->ok = v.has_value();
                row.a.push_back(v.value_or(0));
            }
            const auto c0 = smallInt(isl_constraint_get_constant_val(c));
            d->ok = d->ok && c0.has_value();
            row.c = c0.value_or(0);
            isl_constraint_free(c);
            if (!d->ok)
                return isl_stat_error;
            d->out.push_back(std::move(row));
            return isl_stat_ok;
        },
        &data);
    if (!data.ok)
        return std::nullopt;
    return std::move(data.out);
}

// [min, max] of dimension k over `bset` (isl's ILP); nothing when unbounded or large.
std::optional<std::pair<std::int64_t, std::int64_t>> dimBoundsOf(isl_basic_set *bset, int k)
{
    isl_aff *x = isl_aff_var_on_domain(isl_local_space_from_space(isl_basic_set_get_space(bset)), isl_dim_set,
                                       static_cast<unsigned>(k));
    isl_aff *minusX = isl_aff_neg(isl_aff_copy(x));
    const auto high = smallInt(isl_basic_set_max_val(bset, x));
    const auto negLow = smallInt(isl_basic_set_max_val(bset, minusX));
    isl_aff_free(x);
    isl_aff_free(minusX);
    if (!high || !negLow)
        return std::nullopt;
    return std::make_pair(-*negLow, *high);
}

// [min, max] of each dimension implied by the constraints one at a time
// (interval arithmetic, a few rounds): sound, perhaps loose, nothing where
// unbounded or beyond 32 bits.
std::vector<std::optional<std::pair<std::int64_t, std::int64_t>>>
propagatedBounds(const std::vector<IntConstraint> &rows, int n)
{
    const auto un = static_cast<std::size_t>(n);
    std::vector<std::optional<Wide>> lo(un), hi(un);
    for (int round = 0; round <= n; ++round) {
        bool changed = false;
        for (const IntConstraint &c : rows)
            for (const int sign : {1, -1}) { // an equality both ways
                if (sign < 0 && !c.equality)
                    continue;
                for (std::size_t k = 0; k < un; ++k) {
                    const Wide a = Wide(sign) * c.a[k];
                    if (a == 0)
                        continue;
                    // a x_k >= -(c + sum of the others) >= -(their maximum)
                    Wide most = Wide(sign) * c.c;
                    bool bounded = true;
                    for (std::size_t j = 0; j < un && bounded; ++j) {
                        const Wide b = Wide(sign) * c.a[j];
                        if (j == k || b == 0)
                            continue;
                        const auto &end = b > 0 ? hi[j] : lo[j];
                        bounded = end.has_value();
                        if (bounded)
                            most += b * *end;
                    }
                    if (!bounded)
                        continue;
                    // A bound beyond 2^62 is not kept: every product of a
                    // kept bound and a coefficient (< 2^31) then fits, and
                    // a chain of constraints cannot grow one past 128 bits.
                    const Wide v = a > 0 ? ceilDivWide(-most, a) : floorDivWide(most, -a);
                    if (v > MaxBound || v < -MaxBound)
                        continue;
                    if (a > 0 && (!lo[k] || v > *lo[k]))
                        lo[k] = v, changed = true;
                    else if (a < 0 && (!hi[k] || v < *hi[k]))
                        hi[k] = v, changed = true;
                }
            }
        if (!changed)
            break;
    }
    std::vector<std::optional<std::pair<std::int64_t, std::int64_t>>> out(un);
    for (std::size_t k = 0; k < un; ++k)
        if (lo[k] && hi[k] && *lo[k] > -Wide(Limit) && *hi[k] < Wide(Limit))
            out[k] = std::make_pair(static_cast<std::int64_t>(*lo[k]), static_cast<std::int64_t>(*hi[k]));
    return out;
}

} // namespace

std::optional<std::int64_t> PrefixScan::count(const isl::basic_set &set)
{
    isl_basic_set *bset = set.get();
    const isl_size n = isl_basic_set_dim(bset, isl_dim_set);
    if (n <= 0 || isl_basic_set_dim(bset, isl_dim_param) != 0 || isl_basic_set_dim(bset, isl_dim_div) != 0)
        return std::nullopt;
    const auto rows = intConstraintsOf(bset, n);
    if (!rows)
        return std::nullopt;
    // Bounds from the constraints themselves, isl's ILP only where they
    // leave a dimension unbounded (looser bounds cost visits, not counts).
    std::vector<std::optional<std::pair<std::int64_t, std::int64_t>>> known = propagatedBounds(*rows, n);
    std::vector<std::pair<std::int64_t, std::int64_t>> box;
    for (int k = 0; k < n; ++k) {
        auto b = known[static_cast<std::size_t>(k)];
        if (!b)
            b = dimBoundsOf(bset, k);
        if (!b)
            return std::nullopt;
        if (b->first > b->second)
            return 0; // no integer value fits: empty
        box.push_back(*b);
    }

    // The widest dimension innermost, the others in their order.
    PrefixLevels scan;
    const auto width = [&](int k) {
        return box[static_cast<std::size_t>(k)].second - box[static_cast<std::size_t>(k)].first;
    };
    int inner = 0;
    for (int k = 1; k < n; ++k)
        if (width(k) > width(inner))
            inner = k;
    Wide visits = 1;
    for (int k = 0; k < n; ++k)
        if (k != inner) {
            scan.order.push_back(k);
            visits *= Wide(width(k)) + 1;
            if (visits > MaxVisits)
                return std::nullopt;
        }
    scan.order.push_back(inner);
    std::vector<std::size_t> levelOf(static_cast<std::size_t>(n));
    for (std::size_t l = 0; l < scan.order.size(); ++l) {
        levelOf[static_cast<std::size_t>(scan.order[l])] = l;
        scan.lo.push_back(box[static_cast<std::size_t>(scan.order[l])].first);
        scan.hi.push_back(box[static_cast<std::size_t>(scan.order[l])].second);
    }
    scan.rows.resize(scan.order.size());
    for (const IntConstraint &c : *rows) {
        int last = -1; // the dimension at the deepest level
        for (int k = 0; k < n; ++k)
            if (c.a[static_cast<std::size_t>(k)] != 0
                && (last < 0 || levelOf[static_cast<std::size_t>(k)] > levelOf[static_cast<std::size_t>(last)]))
                last = k;
        if (last < 0) { // a constant: true or false everywhere
            if (c.equality ? c.c != 0 : c.c < 0)
                return 0;
            continue;
        }
        ScanRow r;
        r.coefficient = c.a[static_cast<std::size_t>(last)];
        r.constant = c.c;
        r.equality = c.equality;
        for (int k = 0; k < n; ++k)
            if (k != last && c.a[static_cast<std::size_t>(k)] != 0)
                r.fixed.emplace_back(k, c.a[static_cast<std::size_t>(k)]);
        scan.rows[levelOf[static_cast<std::size_t>(last)]].push_back(std::move(r));
    }
    scan.value.assign(static_cast<std::size_t>(n), 0);
    scan.level(0);
    if (scan.total > Wide(std::numeric_limits<std::int64_t>::max()))
        return std::nullopt;
    return static_cast<std::int64_t>(scan.total);
}

} // namespace se
