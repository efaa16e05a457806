// SPDX-License-Identifier: MIT
#include "FlagAnalysis.h"

#include "ScheduleTree.h"
#include "core/isl/IslContext.h"
#include "core/isl/PolyhedralModel.h"
#include "core/schedule/ScheduleTreeWalk.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

namespace se {

namespace {

// { a -> b : f(a) > f(b) } and { a -> b : f(a) != f(b) } for a one-member map f.
isl::union_map greater(const isl::union_map &f)
{
    return isl::manage(isl_union_map_lex_gt_union_map(f.copy(), f.copy()));
}

isl::union_map unequal(const isl::union_map &f)
{
    return greater(f).unite(isl::manage(isl_union_map_lex_lt_union_map(f.copy(), f.copy())));
}

// { a -> b : f(a) = f(b) }
isl::union_map equal(const isl::union_map &f)
{
    return f.apply_range(f.reverse());
}

BandFlags flagsOf(const isl::schedule_node &node, const std::vector<int> &path, const isl::union_map &deps)
{
    isl_schedule_node *p = node.get();
    BandFlags f;
    f.path = path;
    f.members = static_cast<unsigned>(isl_schedule_node_band_n_member(p));
    f.permutableDeclared = isl_schedule_node_band_get_permutable(p) == isl_bool_true;
    for (unsigned k = 0; k < f.members; ++k)
        f.coincidentDeclared.push_back(isl_schedule_node_band_member_get_coincident(p, static_cast<int>(k))
                                       == isl_bool_true);
    // Dependences between instances that both reach the band and that the
    // outer bands do not order: { a -> b : prefix(a) = prefix(b) }.
    const isl::union_set reach = isl::manage(isl_schedule_node_get_domain(p));
    const isl::union_map prefix = node.prefix_schedule_union_map().intersect_domain(reach);
    const isl::union_map outer = deps.intersect_domain(reach).intersect_range(reach).intersect(equal(prefix));
    const isl::multi_union_pw_aff mupa = isl::manage(isl_schedule_node_band_get_partial_schedule(p));
    f.permutableComputed = true;
    isl::union_map open = outer; // also equal in members 0..k-1
    for (unsigned k = 0; k < f.members; ++k) {
        const isl::union_pw_aff upa =
            isl::manage(isl_multi_union_pw_aff_get_union_pw_aff(mupa.get(), static_cast<int>(k)));
        const isl::union_map m = isl::manage(isl_union_map_from_union_pw_aff(upa.copy())).intersect_domain(reach);
        if (f.permutableComputed && !outer.intersect(greater(m)).is_empty())
            f.permutableComputed = false;
        f.coincidentComputed.push_back(open.intersect(unequal(m)).is_empty());
        open = open.intersect(equal(m));
    }
    return f;
}

} // namespace

FlagReport FlagAnalysis::compute(const PolyhedralModel &model, const std::vector<Dependence> &deps,
                                 const isl::schedule &schedule)
{
    return QuotaScope::run(model.islContext(), "computing the parallelism flags", [&] {
        isl::union_map all = isl::union_map::empty(model.islContext().ctx());
        for (const auto &d : deps)
            all = all.unite(isl::union_map(d.relation));
        FlagReport r;
        ScheduleTreeWalk::forEach(schedule.root(), [&](const isl::schedule_node &n, const std::vector<int> &path) {
            if (isl_schedule_node_get_type(n.get()) == isl_schedule_node_band)
                r.bands.push_back(flagsOf(n, path, all));
        });
        return r;
    });
}

isl::schedule FlagAnalysis::withComputedFlags(const isl::schedule &schedule, const FlagReport &flags)
{
    TreeNode root = ScheduleTree::read(schedule);
    for (const auto &b : flags.bands) {
        TreeNode *t = const_cast<TreeNode *>(ScheduleTree::find(root, b.path));
        if (!t || !t->isBand() || t->members() != b.members)
            continue;
        t->permutable = b.permutableComputed;
        for (unsigned k = 0; k < b.members; ++k)
            t->coincident[k] = b.coincidentComputed[k];
    }
    return ScheduleTree::build(root);
}

} // namespace se
