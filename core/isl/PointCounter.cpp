// SPDX-License-Identifier: MIT
#include "PointCounter.h"
#include "IslUtil.h"
#include "PrefixScan.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/set.h>
#include <isl/val.h>

#include <limits>
#include <numeric>
#include <vector>

namespace se {

namespace {

struct UnionFind {
    explicit UnionFind(int n) : parent(static_cast<std::size_t>(n)) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x)
    {
        while (parent[static_cast<std::size_t>(x)] != x)
            x = parent[static_cast<std::size_t>(x)] =
                parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
        return x;
    }
    void unite(int a, int b) { parent[static_cast<std::size_t>(find(a))] = find(b); }
    std::vector<int> parent;
};

std::optional<std::int64_t> islCount(isl_basic_set *bset)
{
    isl_set *set = isl_set_from_basic_set(bset);
    isl_val *v = isl_set_count_val(set);
    isl_set_free(set);
    if (!v)
        return std::nullopt;
    std::optional<std::int64_t> out;
    if (isl_val_is_int(v) == isl_bool_true) { // infinity and NaN are not
        // Counts beyond 64 bits are reported as unknown rather than wrapped.
        if (isl_val_cmp_si(v, std::numeric_limits<long>::max()) < 0)
            out = isl_val_get_num_si(v);
    }
    isl_val_free(v);
    return out;
}

// A set dimension of an equality over set dimensions only, or -1; one
// with coefficient +-1 where there is one, so that projecting it out needs
// no existential. Such a dimension is a function of the others: removing it
// keeps the count. (An equality through a div may carry the freedom in the
// div.)
int equalityDimension(isl_basic_set *bset)
{
    struct Data {
        int dims;
        int divs;
        int found = -1;
        bool unit = false;
    } data{isl_basic_set_dim(bset, isl_dim_set), isl_basic_set_dim(bset, isl_dim_div)};
    isl_basic_set_foreach_constraint(
        bset,
        [](isl_constraint *c, void *user) -> isl_stat {
            auto *d = static_cast<Data *>(user);
            if (isl_constraint_is_equality(c) == isl_bool_true
                && (d->divs == 0
                    || isl_constraint_involves_dims(c, isl_dim_div, 0, static_cast<unsigned>(d->divs))
                        != isl_bool_true))
                for (int k = 0; k < d->dims && !d->unit; ++k) {
                    isl_val *v = isl_constraint_get_coefficient_val(c, isl_dim_set, k);
                    if (!isl_val_is_zero(v)) {
                        if (d->found < 0)
                            d->found = k;
                        if (isl_val_is_one(v) || isl_val_is_negone(v)) {
                            d->found = k;
                            d->unit = true;
                        }
                    }
                    isl_val_free(v);
                }
            isl_constraint_free(c);
            return d->unit ? isl_stat_error : isl_stat_ok; // stop at the first unit one
        },
        &data);
    return data.found;
}

// The set's points with each existential's value as a dimension, given by
// its definition, floor(e/m): one point per point of `bset`, the same
// count. Null when an existential has no definition or isl keeps one.
isl_basic_set *liftedWithDefinitions(isl_basic_set *bset)
{
    const int nd = isl_basic_set_dim(bset, isl_dim_div);
    isl_ctx *ctx = isl_basic_set_get_ctx(bset);
    isl_aff_list *defs = isl_aff_list_alloc(ctx, nd);
    for (int j = 0; j < nd; ++j) {
        isl_aff *def = isl_basic_set_get_div(bset, j);
        if (!def || isl_aff_is_nan(def) == isl_bool_true) {
            isl_aff_free(def);
            isl_aff_list_free(defs);
            return nullptr;
        }
        defs = isl_aff_list_add(defs, isl_aff_floor(def)); // (isl gives e/m, the floor's argument)
    }
    isl_space *space = isl_basic_set_get_space(bset);
    isl_space *range = isl_space_add_dims(isl_space_set_from_params(isl_space_params(isl_space_copy(space))),
                                          isl_dim_set, static_cast<unsigned>(nd));
    isl_multi_aff *values = isl_multi_aff_from_aff_list(isl_space_map_from_domain_and_range(space, range), defs);
    // [x, d0, ...] with d = floor(e/m), intersected with bset's constraints
    // on x and its existentials made dimensions (in the same order)
    isl_basic_set *graph = isl_basic_set_flatten(isl_basic_map_wrap(isl_basic_map_from_multi_aff(values)));
    if (!graph || isl_basic_set_dim(graph, isl_dim_div) != 0) {
        isl_basic_set_free(graph);
        return nullptr;
    }
    isl_basic_set *out =
        isl_basic_set_intersect(isl_basic_set_flatten(isl_basic_set_lift(isl_basic_set_copy(bset))), graph);
    if (out && isl_basic_set_dim(out, isl_dim_div) == 0)
        return out;
    isl_basic_set_free(out);
    return nullptr;
}

// PrefixScan where it applies, else isl; takes `bset`.
std::optional<std::int64_t> countGroup(isl_basic_set *bset)
{
    if (const auto c = PrefixScan::count(isl::manage_copy(bset))) {
        isl_basic_set_free(bset);
        return c;
    }
    return islCount(bset);
}

std::optional<std::int64_t> countBasic(isl_basic_set *bset)
{
    bset = isl_basic_set_detect_equalities(bset);
    if (isl_basic_set_is_empty(bset) == isl_bool_true) {
        isl_basic_set_free(bset);
        return 0;
    }
    // Existentials (a modulo condition, a tile's floor) become dimensions
    // given by their definitions (a modulo condition's equality then
    // removes one below); one without a definition leaves the set to isl.
    if (isl_basic_set_dim(bset, isl_dim_div) > 0)
        if (isl_basic_set *lifted = liftedWithDefinitions(bset)) {
            isl_basic_set_free(bset);
            bset = lifted;
        }
    for (int k; (k = equalityDimension(bset)) >= 0;)
        bset = isl_basic_set_project_out(bset, isl_dim_set, static_cast<unsigned>(k), 1);

    const int n = isl_basic_set_dim(bset, isl_dim_set);
    const int nd = isl_basic_set_dim(bset, isl_dim_div);
    if (n <= 1)
        return countGroup(bset);
    // Dimensions (0..n-1) and divs (n..n+nd-1) linked by a common constraint.
    struct Data {
        int n, nd;
        UnionFind uf;
    } data{n, nd, UnionFind(n + nd)};
    isl_basic_set_foreach_constraint(
        bset,
        [](isl_constraint *c, void *user) -> isl_stat {
            auto *d = static_cast<Data *>(user);
            int first = -1;
            for (int k = 0; k < d->n + d->nd; ++k) {
                const bool set = k < d->n;
                const auto type = set ? isl_dim_set : isl_dim_div;
                const auto pos = static_cast<unsigned>(set ? k : k - d->n);
                if (isl_constraint_involves_dims(c, type, pos, 1) != isl_bool_true)
                    continue;
                if (first < 0)
                    first = k;
                else
                    d->uf.unite(first, k);
            }
            isl_constraint_free(c);
            return isl_stat_ok;
        },
        &data);
    // A div also links what its definition uses.
    for (int j = 0; j < nd; ++j) {
        isl_aff *def = isl_basic_set_get_div(bset, j);
        if (!def)
            continue;
        if (isl_aff_is_nan(def) != isl_bool_true) {
            for (int k = 0; k < n; ++k)
                if (isl_aff_involves_dims(def, isl_dim_in, static_cast<unsigned>(k), 1) == isl_bool_true)
                    data.uf.unite(n + j, k);
            for (int i = 0; i < nd; ++i)
                if (isl_aff_involves_dims(def, isl_dim_div, static_cast<unsigned>(i), 1) == isl_bool_true)
                    data.uf.unite(n + j, n + i);
        }
        isl_aff_free(def);
    }
    std::vector<std::vector<int>> groups;
    std::vector<int> groupOf(static_cast<std::size_t>(n + nd), -1);
    for (int k = 0; k < n; ++k) {
        const int r = data.uf.find(k);
        if (groupOf[static_cast<std::size_t>(r)] < 0) {
            groupOf[static_cast<std::size_t>(r)] = static_cast<int>(groups.size());
            groups.emplace_back();
        }
        groups[static_cast<std::size_t>(groupOf[static_cast<std::size_t>(r)])].push_back(k);
    }
    if (groups.size() == 1)
        return countGroup(bset);
    std::int64_t total = 1;
    for (const auto &g : groups) {
        // Keep the group's dimensions, project out every other one (from the
        // highest index down so positions stay valid).
        isl_basic_set *part = isl_basic_set_copy(bset);
        std::vector<bool> keep(static_cast<std::size_t>(n), false);
        for (int k : g)
            keep[static_cast<std::size_t>(k)] = true;
        for (int k = n - 1; k >= 0; --k)
            if (!keep[static_cast<std::size_t>(k)])
                part = isl_basic_set_project_out(part, isl_dim_set, static_cast<unsigned>(k), 1);
        const auto c = countGroup(part);
        if (!c || __builtin_mul_overflow(total, *c, &total)) {
            isl_basic_set_free(bset);
            return std::nullopt;
        }
    }
    isl_basic_set_free(bset);
    return total;
}

} // namespace

std::optional<std::int64_t> PointCounter::count(const isl::set &set)
{
    if (isl_set_dim(set.get(), isl_dim_param) > 0)
        return std::nullopt;
    if (set.is_empty())
        return 0;
    if (isl_set_is_bounded(set.get()) != isl_bool_true) // (isl's own count of such a set is 0)
        return std::nullopt;
    // Pieces that overlap would be counted twice: made disjoint, after
    // merging what coalesces (one piece needs neither).
    isl::set s = set;
    if (isl_set_n_basic_set(s.get()) > 1) {
        s = islutil::coalesce(s);
        if (isl_set_n_basic_set(s.get()) > 1)
            s = isl::manage(isl_set_make_disjoint(s.release()));
    }
    std::int64_t total = 0;
    bool ok = true;
    s.foreach_basic_set([&](isl::basic_set b) {
        const auto c = ok ? countBasic(b.release()) : std::nullopt;
        if (!c || __builtin_add_overflow(total, *c, &total))
            ok = false;
    });
    if (!ok)
        return std::nullopt;
    return total;
}

} // namespace se
